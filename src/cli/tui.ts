import type {CliOptions} from './args.js';

/** Opens the Ink app (filled in by the UI layer). */
export async function runTui(_opts: CliOptions, _env: NodeJS.ProcessEnv): Promise<number> {
  process.stderr.write('breakerbox: the terminal UI is not built yet\n');
  return 2;
}
