// The reaper on its own, with real processes: what it ends when its pipe hits
// EOF, in what order, and that a breakerbox-like parent killed with SIGKILL
// leaves nothing behind once it has called watchProcessGroup.
import {spawn, type ChildProcess} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, it, type TestContext} from 'vitest';
import {tempDir} from '../helpers/hub.js';
import {ROOT} from '../helpers/servers.js';
import {waitFor} from '../helpers/wait.js';
import {killTagged, newTag, running, tagged} from './helpers.js';

import {REAPER_NAME, REAPER_SCRIPT} from '../../src/transport/reaper-script.js';
const REAPER_ARGS = ['-c', REAPER_SCRIPT, REAPER_NAME];

/**
 * Written last by the test processes below, when their handlers are in place.
 * Until then a SIGTERM takes the default action: on a slow machine Node can
 * take hundreds of milliseconds to get there, long after the process shows up
 * in the process table.
 */
const SIGNAL_READY = `if (process.argv[3]) require('fs').writeFileSync(process.argv[3], '');`;

/** A process that ignores SIGTERM, SIGHUP and EPIPE: only SIGKILL ends it. `marker` is written on SIGTERM. */
const STUBBORN = `
  const marker = process.argv[1];
  process.on('SIGTERM', () => { if (marker !== '-') require('fs').appendFileSync(marker, 'SIGTERM\\n'); });
  process.on('SIGHUP', () => {});
  process.stdout.on('error', () => {});
  process.stderr.on('error', () => {});
  setInterval(() => {}, 1e6);
  ${SIGNAL_READY}`;

/** A process that exits on SIGTERM, writing `marker` first. */
const POLITE = `
  process.on('SIGTERM', () => { require('fs').appendFileSync(process.argv[1], 'SIGTERM\\n'); process.exit(0); });
  setInterval(() => {}, 1e6);
  ${SIGNAL_READY}`;

/** A tag for this test's processes, all killed when the test ends whatever happened. */
function testTag(ctx: TestContext, what: string): string {
  const tag = newTag(what);
  ctx.onTestFinished(() => void killTagged(tag));
  return tag;
}

/** Starts `code` in a process group of its own; resolves once its signal handlers are installed. */
async function detached(code: string, marker: string, tag: string, dir: string): Promise<ChildProcess> {
  const ready = join(dir, `ready-${readyCount++}`);
  const child = spawn(process.execPath, ['-e', code, marker, tag, ready], {detached: true, stdio: 'ignore'});
  child.unref();
  await waitFor(() => existsSync(ready), `${tag} to install its signal handlers`, 20_000);
  return child;
}
let readyCount = 0;

// Concurrent: independent processes; most of the time is node start-up and the reaper's grace.
describe.concurrent('the reaper script', () => {
  it('on EOF: SIGTERM first, SIGKILL a second later for what is left; removed groups are spared', async (ctx) => {
    const {expect} = ctx;
    const tag = testTag(ctx, 'reaper');
    const dir = tempDir('bb-reaper-');
    const [polite, stubborn, spared] = await Promise.all([
      detached(POLITE, join(dir, 'polite'), tag, dir),
      detached(STUBBORN, join(dir, 'stubborn'), tag, dir),
      detached(STUBBORN, '-', tag, dir),
    ]);
    const reaper = spawn('/bin/sh', REAPER_ARGS, {detached: true, stdio: ['pipe', 'ignore', 'ignore']});
    const reaperExit = new Promise<number | null>((r) => reaper.once('exit', (code) => r(code)));
    // Half a line, garbage and a record split across writes must all be handled.
    reaper.stdin!.write(`+${polite.pid}\nnonsense\n+${stubborn.pid}\n+${spared.pid}`);
    reaper.stdin!.write(`\n-${spared.pid}\n`);
    const started = Date.now();
    reaper.stdin!.end();
    expect(await reaperExit).toBe(0);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(900); // it waited for the stubborn one before SIGKILL
    expect(took).toBeLessThan(8_000);
    expect(readFileSync(join(dir, 'polite'), 'utf8')).toBe('SIGTERM\n');
    expect(readFileSync(join(dir, 'stubborn'), 'utf8')).toBe('SIGTERM\n'); // asked first, then killed
    await waitFor(() => !running(polite.pid!) && !running(stubborn.pid!), 'both recorded groups to end');
    expect(running(spared.pid!)).toBe(true);
  });

  it('exits at once when every recorded group ends on SIGTERM', async (ctx) => {
    const {expect} = ctx;
    const tag = testTag(ctx, 'reaper-fast');
    const dir = tempDir('bb-reaper-');
    const polite = await detached(POLITE, join(dir, 'p'), tag, dir);
    // A long grace: exiting well before it proves the reaper does not wait when nothing is left.
    const reaper = spawn('/bin/sh', REAPER_ARGS, {detached: true, stdio: ['pipe', 'ignore', 'ignore'], env: {...process.env, BREAKERBOX_REAPER_GRACE_MS: '20000'}});
    const exited = new Promise<void>((r) => reaper.once('exit', () => r()));
    reaper.stdin!.end(`+${polite.pid}\n`);
    const started = Date.now();
    await exited;
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(existsSync(join(dir, 'p'))).toBe(true);
  });
});

describe.concurrent('watchProcessGroup', () => {
  /** A stand-in for breakerbox: spawns a stubborn server (with a stubborn child in its group) and watches it. */
  const PARENT = (mode: 'idle' | 'exit') => `
    import {spawn} from 'node:child_process';
    import {watchProcessGroup, reaperPid} from ${JSON.stringify(join(ROOT, 'src/transport/reaper.ts'))};
    // The tag comes in the environment: only the server and its child carry it on their command lines.
    const tag = process.env.BB_TEST_TAG;
    const code = ${JSON.stringify(STUBBORN)} + "; require('child_process').spawn(process.execPath, ['-e', " + JSON.stringify(${JSON.stringify(STUBBORN)}) + ", '-', " + JSON.stringify(tag + '-grandchild') + "], {stdio: 'ignore'});";
    const server = spawn(process.execPath, ['-e', code, '-', tag], {detached: true, stdio: ['pipe', 'ignore', 'ignore']});
    // Not started before the spawn here (spawnServer does that): the first watch starts it.
    watchProcessGroup(server);
    const {reaperPid: pid} = await import(${JSON.stringify(join(ROOT, 'src/transport/reaper.ts'))});
    process.stdout.write(JSON.stringify({server: server.pid, reaper: pid}) + '\\n');
    ${mode === 'exit' ? "server.stdin.end(); process.kill(-server.pid, 'SIGKILL');" : 'setInterval(() => {}, 1e6);'}
  `;

  function startParent(tag: string, mode: 'idle' | 'exit') {
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PARENT(mode)], {cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: {...process.env, BB_TEST_TAG: tag}});
    let out = '';
    let err = '';
    parent.stdout!.setEncoding('utf8').on('data', (d) => (out += d));
    parent.stderr!.setEncoding('utf8').on('data', (d) => (err += d));
    const exited = new Promise<{code: number | null; signal: string | null}>((r) => parent.once('exit', (code, signal) => r({code, signal})));
    const pids = waitFor(() => (out.includes('\n') ? (JSON.parse(out.split('\n')[0]!) as {server: number; reaper: number}) : undefined), `the parent's pids (stderr: ${err})`, 20_000);
    return {parent, pids, exited, stderr: () => err};
  }

  it('a parent killed with SIGKILL leaves no server and no grandchild behind', async (ctx) => {
    const {expect} = ctx;
    const tag = testTag(ctx, 'reaper-parent');
    const {parent, pids, exited} = startParent(tag, 'idle');
    const {server, reaper} = await pids;
    expect(reaper).toBeGreaterThan(1);
    await waitFor(() => tagged(tag).length === 2, 'server and grandchild running');
    parent.kill('SIGKILL');
    await exited;
    await waitFor(() => tagged(tag).length === 0, 'the reaper to end server and grandchild', 10_000);
    await waitFor(() => !running(reaper), 'the reaper to exit');
    expect(running(server)).toBe(false);
  });

  it('does not keep its parent alive, and the reaper leaves with it', async (ctx) => {
    const {expect} = ctx;
    const tag = testTag(ctx, 'reaper-exit');
    const {pids, exited, stderr} = startParent(tag, 'exit');
    const {reaper} = await pids;
    const started = Date.now();
    const how = await exited;
    expect(how, stderr()).toEqual({code: 0, signal: null});
    expect(Date.now() - started).toBeLessThan(5_000);
    await waitFor(() => !running(reaper), 'the reaper to exit after its parent');
  });
});
