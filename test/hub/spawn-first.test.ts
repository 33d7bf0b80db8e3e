// A stdio server's process is spawned before the rest of its start is set up
// (the start's watch and abort, the connection, the session, its
// server-request handlers): on a first start in a process that is code run for
// the first time, which now overlaps the server's boot instead of delaying it
// (BENCHMARKS.md §24).
import {afterEach, expect, it, vi} from 'vitest';
import {Hub} from '../../src/hub/hub.js';

const order: string[] = [];
vi.mock('node:child_process', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:child_process')>();
  const spawn = ((command: string, args: string[], options: object) => {
    order.push(command === '/bin/sh' ? 'reaper spawned' : 'server spawned');
    return real.spawn(command, args, options);
  }) as typeof real.spawn;
  return {...real, spawn, default: {...real, spawn}};
});
vi.mock('../../src/connection/connection.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/connection/connection.js')>();
  return {...real, Connection: recordsMaking(real.Connection, 'connection made')};
});
vi.mock('../../src/hub/startup-watch.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/hub/startup-watch.js')>();
  return {...real, StartupWatch: recordsMaking(real.StartupWatch, 'watch made')};
});

/** `Base`, noting `label` in `order` each time one is made (a mixin: its constructor takes any arguments). */
function recordsMaking<C extends new (...args: any[]) => object>(Base: C, label: string): C {
  return class extends Base {
    constructor(...args: any[]) {
      order.push(label);
      super(...args);
    }
  };
}

const hubs: Hub[] = [];
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((h) => h.close()));
});

it('spawns the reaper, then the server, and only then makes the watch of the start and the connection', async () => {
  const hub = new Hub({servers: [{alias: 'notes', command: process.execPath, args: ['servers/notes.mjs'], env: {PATH: process.env.PATH ?? ''}, startupTimeoutMs: 20_000, callTimeoutMs: 20_000}]});
  hubs.push(hub);
  await hub.start();
  expect(hub.statuses()[0]).toMatchObject({alias: 'notes', state: 'online'});
  expect(order.slice(0, 4)).toEqual(['reaper spawned', 'server spawned', 'watch made', 'connection made']);
});
