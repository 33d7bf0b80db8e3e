// The entry of a mode's own file (./list-main.ts, ./tui-main.ts). The bin
// imports such a file directly when the command line names its mode: the
// parser and the mode come in one chain of static imports, so a run makes
// one dynamic import before its servers are spawned instead of two (main,
// then the mode; BENCHMARKS.md §28). Any other command line, or one the
// parser refuses, goes to ./main.ts, which parses it again and answers it.
import type {Mode} from './args.js';
import {quietOnClosedPipe} from './commands/io.js';
import type {ModeModule} from './modes/index.js';
import {parsedFor, runMode} from './run-mode.js';

/** `main` for a file that holds `mode`, which runs `modes`. */
export function modeEntry(modes: ReadonlySet<Mode>, mode: ModeModule): (argv: string[], env?: NodeJS.ProcessEnv) => Promise<number> {
  return async (argv, env = process.env) => {
    const opts = parsedFor(argv, modes);
    if (!opts) return (await import('./main.js')).main(argv, env);
    // As main's io does: a reader that has gone (`| head -1`) only stops the writing.
    quietOnClosedPipe(process.stdout);
    quietOnClosedPipe(process.stderr);
    return runMode(opts, env, async () => mode);
  };
}
