import type {CliOptions} from '../args.js';

/** The terminal UI (main has checked that both ends are terminals). */
export async function run(opts: CliOptions, env: NodeJS.ProcessEnv): Promise<number> {
  return (await import('../tui.js')).runTui(opts, env);
}
