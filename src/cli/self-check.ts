import type {CliOptions} from './args.js';
import {runSelfCheck} from '../self-check/index.js';

/** `breakerbox --self-check [--config PATH]`; resolves to the exit code. */
export function selfCheckCommand(opts: Pick<CliOptions, 'config'>, env: NodeJS.ProcessEnv, out: {write(text: string): unknown} = process.stdout): Promise<number> {
  return runSelfCheck({configPath: opts.config, env, out});
}
