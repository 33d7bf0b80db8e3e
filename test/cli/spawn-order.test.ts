// The order of a start's spawns: the reaper first, then the servers started
// together (src/transport/reaper.ts). A spawn holds the main thread until the
// child has exec'd: after the servers, while they booted on both cores, the
// reaper's held it 12–29 ms; first, on idle cores, a few (BENCHMARKS.md §19).
// Between two servers, it held up the second one's start (§10).
import {afterEach, expect, it, vi} from 'vitest';
import {parseConfig} from '../../src/config/index.js';
import {spawnEarly, type EarlySpawns} from '../../src/cli/early-spawn.js';

const spawned: string[] = [];
vi.mock('node:child_process', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:child_process')>();
  const spawn = ((command: string, args: string[], options: object) => {
    // The servers below carry their alias as their last argument.
    spawned.push(command === '/bin/sh' ? 'reaper' : String(args.at(-1)));
    return real.spawn(command, args, options);
  }) as typeof real.spawn;
  return {...real, spawn, default: {...real, spawn}};
});

let early: EarlySpawns | undefined;
afterEach(() => early?.dispose());

it('spawns the reaper before the first server, then every server of the config one after the other', async () => {
  const server = (alias: string) => ({command: process.execPath, args: ['-e', 'setInterval(() => {}, 1e6)', alias]});
  const config = parseConfig(JSON.stringify({mcpServers: {one: server('one'), two: server('two'), three: server('three')}}), 'mcp.config.json', {PATH: process.env.PATH ?? ''});
  early = spawnEarly(config, {PATH: process.env.PATH ?? ''}, 'eager');
  expect(spawned).toEqual(['reaper', 'one', 'two', 'three']);
  const {reaperPid} = await import('../../src/transport/reaper.js');
  expect(reaperPid).toBeGreaterThan(1);
});
