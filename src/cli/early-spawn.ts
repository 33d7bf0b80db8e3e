// The stdio servers, spawned as soon as the config is checked, so they start
// while the hub, the driver and the store are still loading (BENCHMARKS.md §10).
// The hub adopts each child at the server's first start; whatever it does not
// adopt is killed by `dispose`.
import {childEnv} from '../config/child-env.js';
import type {Config, StdioServerConfig} from '../config/types.js';
import {killEarly, spawnServer, type EarlyChild, type StdioOptions} from '../transport/stdio.js';

/** What the hub is given: a stdio server as it would spawn it. */
interface SpawnableServer {
  alias: string;
  command?: string;
  args?: string[];
  cwd?: string;
  env?: Record<string, string>;
}

export interface EarlySpawns {
  /** The child spawned for this server, once, if it was spawned exactly as the hub would spawn it now. */
  adopt(server: SpawnableServer): EarlyChild | undefined;
  /** Kills every child not adopted. */
  dispose(): void;
}

/**
 * Spawns every eager stdio server of the config; `force` is the run's start
 * policy (setup.ts, startPolicy): the list modes make every server eager,
 * `--lazy` every one lazy. A lazy server that must start at once after all
 * (no cached list) is spawned by the hub as usual.
 */
export function spawnEarly(config: Config, parentEnv: NodeJS.ProcessEnv, force: 'eager' | 'lazy' | undefined): EarlySpawns {
  const waiting = new Map<string, {options: StdioOptions; child: EarlyChild}>();
  for (const s of config.servers) {
    if (s.type === 'http' || s.disabled || s.cannotStart !== undefined || (force ?? s.start ?? 'eager') === 'lazy') continue;
    const options = stdioOptions(s, parentEnv);
    waiting.set(s.alias, {options, child: spawnServer(options)});
  }
  return {
    adopt(server) {
      const early = waiting.get(server.alias);
      if (!early) return undefined;
      waiting.delete(server.alias);
      if (server.command !== undefined && sameSpawn(early.options, {command: server.command, args: server.args, cwd: server.cwd, env: server.env ?? {}})) return early.child;
      killEarly(early.child);
      return undefined;
    },
    dispose() {
      for (const early of waiting.values()) killEarly(early.child);
      waiting.clear();
    },
  };
}

function stdioOptions(s: StdioServerConfig, parentEnv: NodeJS.ProcessEnv): StdioOptions {
  return {command: s.command, args: s.args, cwd: s.cwd, env: childEnv(s, parentEnv)};
}

function sameSpawn(a: StdioOptions, b: StdioOptions): boolean {
  return a.command === b.command && a.cwd === b.cwd && JSON.stringify(a.args ?? []) === JSON.stringify(b.args ?? []) && sameEnv(a.env, b.env);
}

function sameEnv(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
