// The order of a start's spawns: the servers started together come first,
// the reaper after them (src/transport/reaper.ts). Spawned between two
// servers, it held up the second one's start by the length of its own spawn.
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

it('spawns every server of the config before the reaper, which follows within the tick', async () => {
  const server = (alias: string) => ({command: process.execPath, args: ['-e', 'setInterval(() => {}, 1e6)', alias]});
  const config = parseConfig(JSON.stringify({mcpServers: {one: server('one'), two: server('two'), three: server('three')}}), 'mcp.config.json', {PATH: process.env.PATH ?? ''});
  early = spawnEarly(config, {PATH: process.env.PATH ?? ''}, 'eager');
  expect(spawned).toEqual(['one', 'two', 'three']);
  await new Promise((resolve) => setImmediate(resolve));
  expect(spawned).toEqual(['one', 'two', 'three', 'reaper']);
  const {reaperPid} = await import('../../src/transport/reaper.js');
  expect(reaperPid).toBeGreaterThan(1);
});
