import type {CliOptions} from '../args.js';
import {runSessions} from '../sessions.js';

/** `--sessions [--json]`. */
export async function run(opts: CliOptions, env: NodeJS.ProcessEnv): Promise<number> {
  return runSessions({env, json: opts.json});
}
