import type {CliOptions} from '../args.js';
import {selfCheckCommand} from '../self-check.js';

/** `--self-check [--config PATH]`. */
export function run(opts: CliOptions, env: NodeJS.ProcessEnv): Promise<number> {
  return selfCheckCommand(opts, env);
}
