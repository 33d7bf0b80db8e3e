import {openTraceFile, type TraceFile} from '../debug/trace-file.js';
import type {CliOptions} from './args.js';

/** `--debug`: opens the raw JSON-RPC trace file and says where it is; the session id that names it is made only then. */
export function debugTrace(opts: CliOptions, env: NodeJS.ProcessEnv, sessionId: () => string): TraceFile | undefined {
  if (!opts.debug) return undefined;
  const trace = openTraceFile({env, session: sessionId()});
  process.stderr.write(`• debug trace: ${trace.path}\n`);
  return trace;
}
