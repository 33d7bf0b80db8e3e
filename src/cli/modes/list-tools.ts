// The list modes. Only the config and the spawn load before the stdio servers
// are started; the hub, the driver, the store and the renderers load while
// the servers start (BENCHMARKS.md §10).
import {loadConfig} from '../../config/index.js';
import type {CliOptions} from '../args.js';
import {spawnEarly, type EarlySpawns} from '../early-spawn.js';
import {exitCleanlyOn} from '../signals.js';

/** `--list-tools`, `--list-resources`, `--list-prompts`: the list modes start every server. */
export async function run(opts: CliOptions, env: NodeJS.ProcessEnv): Promise<number> {
  const config = loadConfig(opts.config, env);
  let early: EarlySpawns | undefined;
  // Until list-run has a hub to close (and its own handler), a signal ends the early children and exits as it would.
  const handOver = exitCleanlyOn(['SIGINT', 'SIGTERM', 'SIGHUP'], async () => early?.dispose());
  early = spawnEarly(config, env, {allEager: true});
  try {
    return await (await import('../list-run.js')).runList(opts, env, config, early, handOver);
  } finally {
    handOver();
    // Whatever the hub did not adopt, on success or on any error.
    early.dispose();
  }
}
