// The list modes. Only the config and the spawn load before the stdio servers
// are started; the hub, the store and the renderers load while
// the servers start (BENCHMARKS.md §10).
import {loadConfig} from '../../config/index.js';
import type {CliOptions} from '../args.js';
import {spawnEarly, type EarlySpawns} from '../early-spawn.js';
import type {ListStage} from '../list-run.js';
import {exitCleanlyOn} from '../signals.js';

/**
 * `--list-tools`, `--list-resources`, `--list-prompts`: the list modes start
 * every server. `at` hears each stage as it is reached (tests raise a signal there).
 */
export async function run(opts: CliOptions, env: NodeJS.ProcessEnv, at?: (stage: ListStage) => void): Promise<number> {
  const config = loadConfig(opts.config, env);
  let early: EarlySpawns | undefined;
  // Registered before the first spawn and kept to the end: a signal from here
  // on ends the children not adopted yet (list-run adds closing the hub on top).
  const release = exitCleanlyOn(['SIGINT', 'SIGTERM', 'SIGHUP'], () => early?.dispose());
  early = spawnEarly(config, env, 'eager');
  at?.('spawned');
  try {
    return await (await import('../list-run.js')).runList(opts, env, config, early, at);
  } finally {
    // Whatever the hub did not adopt, on success or on any error.
    early.dispose();
    release();
  }
}
