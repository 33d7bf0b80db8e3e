// Issue #14: a cold `npx` start installs for minutes. A server that is alive
// and working is not killed at startupTimeoutMs; the others are usable
// meanwhile; a silent one still goes offline; and a start that must be
// stopped is stopped gently (SIGTERM to the group, the grace period, no SIGKILL).
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import type {Hub} from '../../src/hub/hub.js';
import {sampleGroup} from '../../src/hub/life-signs.js';
import {fakeClock} from '../helpers/clock.js';
import {nodeServer, tempDir, testHub, textOf} from '../helpers/hub.js';
import {ROOT} from '../helpers/servers.js';
import {waitFor} from '../helpers/wait.js';

const installer = (alias: string, env: Record<string, string>) =>
  ({...nodeServer(alias, 'notes.mjs', env, {startupTimeoutMs: 30_000}), args: [join(ROOT, 'test', 'fixtures', 'slow-installer.mjs')]});
// The package manager is read from the real process table; CPU is left out so only stderr decides (no timing margins).
const packageManagerOnly = (pgid: number) => {
  const s = sampleGroup(pgid);
  return s && {cpuMs: 0, ...(s.packageManager ? {packageManager: s.packageManager} : {})};
};

let hub: Hub | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
});

describe('startup policy', () => {
  it('an installing server outlives startupTimeoutMs while a silent one goes offline, and the others work meanwhile', async () => {
    const dir = tempDir('bb-install-');
    const ready = join(dir, 'ready');
    const clock = fakeClock(Date.now());
    const made = testHub([
      installer('installing', {READY_FILE: ready}),
      nodeServer('silent', 'chaos.mjs', {CHAOS_MODE: 'silent'}, {startupTimeoutMs: 30_000}),
      nodeServer('notes', 'notes.mjs'),
    ], {clock, trace: true, lifeSample: packageManagerOnly});
    hub = made.hub;
    const started = hub.start();
    const stderrLines = () => made.events.filter((e) => e.type === 'trace/recorded' && e.alias === 'installing' && e.entry.kind === 'stderr').length;
    const state = (alias: string) => hub!.statuses().find((s) => s.alias === alias)!;

    await waitFor(() => state('notes').state === 'online', 'notes online');
    // Four 20-second steps of the injected clock (80 s), each after fresh output from the installer.
    for (let step = 0; step < 4; step++) {
      const seen = stderrLines();
      await waitFor(() => stderrLines() > seen, 'installer progress');
      clock.advance(20_000);
    }
    expect(state('silent')).toMatchObject({state: 'offline', phase: 'handshake'});
    expect(state('silent').reason).toMatch(/no answer to server\/discover or initialize: no sign of life \(stderr output, CPU use\) for 30000 ms \(startupTimeoutMs\)/);
    expect(state('installing').state).toBe('starting');
    await waitFor(() => state('installing').starting?.activity === 'installing', 'installing shown');
    expect(state('installing').starting!.elapsedMs).toBeGreaterThanOrEqual(60_000);
    expect(state('installing').starting!.lastLine).toMatch(/^npm http fetch GET 200/);
    expect(made.events.some((e) => e.type === 'server/still-starting' && e.alias === 'installing' && e.activity === 'installing')).toBe(true);

    // A question no longer waits for it: the hub has settled while it installs.
    await expect(Promise.race([hub.settled().then(() => 'settled'), started.then(() => 'all started')])).resolves.toBe('settled');
    // The servers that are up are usable meanwhile.
    const call = await hub.call('mcp__notes__list_recent', {});
    expect(call.isError).toBeFalsy();

    // The install finishes: the server comes online with its tools.
    writeFileSync(ready, '');
    await started;
    expect(state('installing')).toMatchObject({state: 'online'});
    expect(state('installing').starting).toBeUndefined();
    expect(hub.catalog.entries.some((e) => e.alias === 'installing')).toBe(true);
  }, 60_000);

  it('stopping during an install sends SIGTERM to the whole group and waits: no SIGKILL', async () => {
    const dir = tempDir('bb-signals-');
    const signals = join(dir, 'signals.log');
    const made = testHub([installer('installing', {SIGNAL_LOG: signals})], {trace: true});
    hub = made.hub;
    void hub.start();
    await waitFor(() => made.events.some((e) => e.type === 'trace/recorded' && e.alias === 'installing' && e.entry.kind === 'stderr'), 'installer progress');
    await hub.close();
    hub = undefined;
    await waitFor(() => existsSync(signals) && readFileSync(signals, 'utf8').split('\n').filter((l) => l.startsWith('clean-exit')).length === 2, 'both processes cleaned up');
    const lines = readFileSync(signals, 'utf8').trim().split('\n');
    // Both got SIGTERM and finished their cleanup; none was killed. (The group
    // signal and the sweep of tagged descendants may each send a SIGTERM.)
    expect([...new Set(lines)].sort()).toEqual(['SIGTERM installer', 'SIGTERM npm', 'clean-exit installer', 'clean-exit npm']);
    expect(lines.filter((l) => l.startsWith('clean-exit'))).toHaveLength(2);
  }, 60_000);

  it('the calls a starting server cannot take say it is still starting', async () => {
    const made = testHub([installer('installing', {})], {});
    hub = made.hub;
    void hub.start();
    const entry = {name: 'mcp__installing__search', alias: 'installing', tool: 'search', description: '', inputSchema: {type: 'object'}, trusted: false, mangling: 'none' as const};
    const r = await hub.callEntry(entry, {});
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/the server installing is unavailable: it is still starting/);
  });
});
