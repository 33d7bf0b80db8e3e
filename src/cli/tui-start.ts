// What the TUI does once its first frame is on screen (./modes/tui.ts): load
// the config, spawn the eager stdio servers, then load the app while they
// boot. One module loaded after the frame, which loads the app in turn: the
// bundle then keeps the config checks, the spawn and the signal handlers in
// the chunks the app uses too, instead of splitting them into a file per
// import (scripts/importers-first.mjs; BENCHMARKS.md §12).
import {loadConfig} from '../config/index.js';
import type {CliOptions} from './args.js';
import {spawnEarly, type EarlySpawns} from './early-spawn.js';
import {exitCleanlyOn} from './signals.js';

/** Loads the config, spawns, runs the app; `leave` gives the terminal back. Resolves the exit code. */
export async function startTui(opts: CliOptions, env: NodeJS.ProcessEnv, leave: () => void): Promise<number> {
  let early: EarlySpawns | undefined;
  let releaseSignals = () => {};
  try {
    const config = loadConfig(opts.config, env);
    // Until the app has its own handlers (it closes the servers it adopted), a signal ends the early children and gives the terminal back.
    releaseSignals = exitCleanlyOn(['SIGINT', 'SIGTERM', 'SIGHUP'], () => {
      early?.dispose();
      leave();
    });
    early = spawnEarly(config, env, opts.lazy ? 'lazy' : undefined);
    return await (await import('./tui.js')).runTui(opts, env, leave, {config, early, releaseSignals});
  } finally {
    early?.dispose();
    releaseSignals();
  }
}
