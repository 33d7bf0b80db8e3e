import {openTraceFile, type TraceFile} from '../debug/trace-file.js';
import type {CliOptions} from './args.js';

/** `--debug`: opens the raw JSON-RPC trace file and says where it is. */
export function debugTrace(opts: CliOptions, env: NodeJS.ProcessEnv, session: string): TraceFile | undefined {
  if (!opts.debug) return undefined;
  const trace = openTraceFile({env, session});
  process.stderr.write(`• debug trace: ${trace.path}\n`);
  return trace;
}
