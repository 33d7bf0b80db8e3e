// What breakerbox tells its reaper: `=` once every server it started has been
// closed and swept by its transport, and not before; a server killed before
// any transport adopted it is never swept, so the reaper keeps its search.
import {afterAll, expect, it, vi} from 'vitest';
import {killEarly, spawnServer, StdioTransport} from '../../src/transport/stdio.js';
import {waitFor} from '../helpers/wait.js';

/** Everything written to the reaper's stdin, in order. */
let told = '';
vi.mock('node:child_process', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:child_process')>();
  const spawn = ((command: string, args: string[], options: object) => {
    const child = real.spawn(command, args, options);
    if (command === '/bin/sh') {
      const write = child.stdin!.write.bind(child.stdin!) as (chunk: string) => boolean;
      child.stdin!.write = ((chunk: string) => {
        told += chunk;
        return write(chunk);
      }) as typeof child.stdin.write;
    }
    return child;
  }) as typeof real.spawn;
  return {...real, spawn, default: {...real, spawn}};
});

const env = {PATH: process.env.PATH ?? ''};
const IDLE = {command: process.execPath, args: ['-e', 'setInterval(() => {}, 1e6)'], env, closeGraceMs: 300};
const lines = () => told.split('\n').filter(Boolean);

const leftovers: Array<() => unknown> = [];
afterAll(() => Promise.all(leftovers.map((end) => end())));

it('says `=` once the last open server is closed and swept, and again after a later one', async () => {
  const one = new StdioTransport(IDLE);
  const two = new StdioTransport(IDLE);
  leftovers.push(() => one.close(), () => two.close());
  await Promise.all([one.start(), two.start()]);
  await waitFor(() => lines().includes(`+${one.pid}`) && lines().includes(`+${two.pid}`), `both servers recorded (told: ${told})`);

  await one.close();
  await waitFor(() => lines().includes(`-${one.pid}`), 'the first group dropped');
  expect(lines()).not.toContain('=');

  await two.close();
  // Its group's `-` may come before or after: 'close' can follow the sweep on a busy machine.
  await waitFor(() => lines().includes('='), `the all-swept line (told: ${told})`);

  const three = new StdioTransport(IDLE);
  leftovers.push(() => three.close());
  await three.start();
  await waitFor(() => lines().includes(`+${three.pid}`), 'the third server recorded');
  await three.close();
  await waitFor(() => lines().filter((l) => l === '=').length === 2, `a second all-swept line (told: ${told})`);
});

it('does not say it while a killed early child was never swept', async () => {
  const early = spawnServer(IDLE);
  const pid = early.child.pid!;
  const closed = new Promise((r) => early.child.once('close', r));
  const swept = lines().filter((l) => l === '=').length;
  killEarly(early);
  await closed;
  await waitFor(() => lines().includes(`-${pid}`), 'the killed group dropped');
  // A server closed through a transport afterwards does not cover the one nobody swept.
  const later = new StdioTransport(IDLE);
  leftovers.push(() => later.close());
  await later.start();
  await later.close();
  await waitFor(() => lines().includes(`-${later.pid}`), 'the later group dropped');
  expect(lines().filter((l) => l === '=').length).toBe(swept);
});
