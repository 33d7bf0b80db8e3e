// The protocol floor, through the hub with real processes (servers/chaos.mjs):
// framing (answers over the line limit, BOM, stdout closed by a live server), exact ids,
// MRTR keys, version negotiation, servers that die on the probe, and helpers
// that leave the server's process group. Each faulty server runs beside a
// healthy one, which must keep serving; the kit checks nothing escaped and no
// process was left.
import {describe, expect, it} from 'vitest';
import type {HubServer, StdioHubServer} from '../../src/hub/hub.js';
import {StdioTransport} from '../../src/transport/stdio.js';
import {textOf} from '../helpers/hub.js';
import {waitFor} from '../helpers/wait.js';
import {connectionOf, expectNeighbourServes, startFault, stderrOf, useFaultKit} from './fault-kit.js';
import {tagged} from './helpers.js';

useFaultKit();

/** None of these tests is about startup time: a busy machine may take long to start a server. */
const PATIENT = {startupTimeoutMs: 30_000};

// The real limit is 64 MiB; a 70 MB answer through it is a round of `npm run soak`
// (it costs seconds and hundreds of MB, too much beside the rest of the suite).
// Here the same path runs with a 1 MiB limit and a 1.5 MB answer.
const LIMIT = 1024 * 1024;
const HUGE = 1_500_000;
const smallLimit = {makeTransport: (h: HubServer) => {
  const s = h as StdioHubServer;
  return new StdioTransport({command: s.command, args: s.args, env: s.env, maxLineBytes: LIMIT});
}};

describe('a response over the line limit', () => {
  it.each([
    ['id first', {}],
    ['id last, as the official TypeScript SDK writes it', {CHAOS_ID_LAST: '1'}],
  ])('%s: the call fails at once with the size, the circuit does not count it, the server serves on', async (_, env) => {
    // A circuit that opens after one failure: a too-large answer must not be that failure.
    const run = await startFault('ok', env, {...PATIENT, callTimeoutMs: 60_000}, {...smallLimit, circuit: {threshold: 1, cooldownMs: 60_000}});
    expect(run.status().state).toBe('online');
    const bytes = JSON.stringify({jsonrpc: '2.0', id: 0, result: {content: [{type: 'text', text: 'x'.repeat(HUGE)}]}}).length;
    const started = Date.now();
    const r = await run.hub.call('mcp__x__big', {bytes: HUGE});
    expect(r).toMatchObject({isError: true, failure: 'too-large'});
    expect(textOf(r)).toMatch(new RegExp(`^x/big failed: response too large \\((\\d+) bytes; limit ${LIMIT}\\); the answer was dropped unread$`));
    // The id's digits change the size by a byte or two.
    expect(Math.abs(Number(/\((\d+) bytes/.exec(textOf(r))![1]) - bytes)).toBeLessThan(16);
    expect(Date.now() - started).toBeLessThan(30_000); // far from the 60 s timeout
    expect(textOf(await run.hub.call('mcp__x__echo', {text: 'after'}))).toBe('after');
    expect(run.status().circuitOpenUntil).toBeUndefined();
    await expectNeighbourServes(run.hub);
  });
});

describe('framing', () => {
  it('bom: every line starting with a UTF-8 BOM is understood', async () => {
    const run = await startFault('bom', {}, PATIENT);
    expect(run.status()).toMatchObject({state: 'online', era: 'legacy'});
    expect(textOf(await run.hub.call('mcp__x__echo', {text: 'naïve ☕'}))).toBe('naïve ☕');
    expect(connectionOf(run.hub)!.stats.noise).toBe(0);
    await expectNeighbourServes(run.hub);
  });

  it('close_stdout: a server that closes stdout and lives on fails its call at once, is stopped and restarted', async () => {
    const run = await startFault('close_stdout', {}, {...PATIENT, callTimeoutMs: 60_000});
    const started = Date.now();
    const r = await run.hub.call('mcp__x__die', {});
    expect(r).toMatchObject({isError: true, failure: 'exited'});
    expect(textOf(r)).toMatch(/^the server x stopped during the call to die: server closed its stdout while still running \(it was stopped\)/);
    expect(Date.now() - started).toBeLessThan(30_000);
    await waitFor(() => run.status().state === 'online' && run.status().attempt === undefined, 'the restart');
    expect(textOf(await run.hub.call('mcp__x__echo', {text: 'back'}))).toBe('back');
    // The deaf process is gone: one server process of the tag is left for x, one for ok.
    await waitFor(() => tagged(run.tag).length === 2, `the old process to be stopped (${tagged(run.tag).map((p) => p.pid)})`);
    await expectNeighbourServes(run.hub);
  });
});

describe('ids and keys a server chooses', () => {
  it('big_id: a server request id beyond 2^53 is echoed back exactly', async () => {
    const run = await startFault('big_id', {}, PATIENT);
    await waitFor(() => /raw-answer /.test(stderrOf(run.hub)), 'the answer to the big-id ping');
    expect(stderrOf(run.hub)).toContain('raw-answer {"jsonrpc":"2.0","id":9007199254740993,"result":{}}');
    await expectNeighbourServes(run.hub);
  });

  it('mrtr_keys: inputRequests keyed __proto__, constructor… are each answered', async () => {
    const asked: string[] = [];
    const run = await startFault('mrtr_keys', {}, PATIENT, {features: () => ({elicit: async (p) => (asked.push(String(p.message)), {action: 'accept', content: {}})})});
    expect(run.status().era).toBe('modern');
    const r = await run.hub.call('mcp__x__ask', {});
    expect(textOf(r)).toBe('keys answered: __proto__,constructor,toString,hasOwnProperty,plain');
    expect(asked).toEqual(['key __proto__', 'key constructor', 'key toString', 'key hasOwnProperty', 'key plain']);
  });
});

describe('protocol versions', () => {
  it('newer_version: a modern server offering only a version breakerbox does not implement is offline, naming both', async () => {
    const run = await startFault('newer_version', {}, PATIENT);
    expect(run.status()).toMatchObject({state: 'offline', phase: 'handshake'});
    expect(run.status().reason).toMatch(
      /^server\/discover rejected 2026-07-28 \(-32022\); the server offers only protocol version 2027-01-01; breakerbox speaks 2026-07-28 \(modern\) and 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05 \(legacy\)(; stderr: |$)/,
    );
    await expectNeighbourServes(run.hub);
  });
});

describe('servers that die on the probe', () => {
  it.each([
    ['exit', {} as Record<string, string>],
    ['close_stdout', {CHAOS_PROBE_DEATH: 'close_stdout'}],
  ])('die_on_probe (%s): started again and spoken to in legacy; the trace says how the era was decided', async (_, env) => {
    const run = await startFault('die_on_probe', env, PATIENT, {trace: true});
    expect(run.status()).toMatchObject({state: 'online', era: 'legacy', eraDecision: 'respawned-after-probe'});
    expect(textOf(await run.hub.call('mcp__x__echo', {text: 'hi'}))).toBe('hi');
    const notes = run.events.flatMap((e) => (e.type === 'trace/recorded' && e.alias === 'x' && e.entry.direction === 'note' ? [e.entry.summary] : []));
    expect(notes, JSON.stringify(notes)).toContain(`the server ${env.CHAOS_PROBE_DEATH ? 'closed its stdout' : 'exited'} after the server/discover probe without answering it; starting it again and speaking legacy (initialize) directly`);
    expect(notes).toContain('legacy: initialize agreed on 2025-11-25');
    expect(notes).toContain('respawned after the probe (the server died on server/discover)');
    await expectNeighbourServes(run.hub);
  });

  it('after a crash, the restart goes straight to initialize (the era is kept for the run, even without a record)', async () => {
    const run = await startFault('die_on_probe', {}, PATIENT);
    expect(run.status().eraDecision).toBe('respawned-after-probe');
    expect((await run.hub.call('mcp__x__die', {})).failure).toBe('exited');
    await waitFor(() => run.status().state === 'online' && run.status().attempt === undefined, 'the restart');
    expect(run.status()).toMatchObject({era: 'legacy', eraDecision: 'remembered'});
    expect(stderrOf(run.hub)).not.toMatch(/expected initialize request/);
    expect(textOf(await run.hub.call('mcp__x__echo', {text: 'again'}))).toBe('again');
  });

  it('"protocol": "legacy" pins it: no probe, no respawn', async () => {
    const run = await startFault('die_on_probe', {}, {...PATIENT, protocol: 'legacy'});
    expect(run.status()).toMatchObject({state: 'online', era: 'legacy', eraDecision: 'pinned'});
    expect(stderrOf(run.hub)).not.toMatch(/expected initialize request/);
  });
});

describe('process cleanup', () => {
  it('setsid_helper: a helper in its own session is ended with its server', async () => {
    const run = await startFault('setsid_helper', {}, PATIENT);
    // The helper itself, once exec'd: before that, the `setsid -f` wrapper carries the same words and the server's group.
    const isHelper = (p: {args: string}) => p.args.includes('setsid-helper') && !/^setsid\b/.test(p.args);
    await waitFor(() => tagged(run.tag).some(isHelper), 'the helper to start');
    const helper = tagged(run.tag).find(isHelper)!;
    expect(helper.pgid).not.toBe(tagged(run.tag).find((p) => p.args.includes('chaos.mjs') && p.args.includes('setsid_helper'))?.pgid);
    await run.hub.close();
    await waitFor(() => tagged(run.tag).length === 0, `every process to end (left: ${tagged(run.tag).map((p) => p.args)})`);
  });

  it('setsid_helper: when the server crashes, its helper is ended too, and the restart starts a new one', async () => {
    const run = await startFault('setsid_helper', {}, PATIENT);
    await waitFor(() => tagged(run.tag).filter((p) => p.args.includes('setsid-helper')).length === 1, 'the helper to start');
    const first = tagged(run.tag).find((p) => p.args.includes('setsid-helper'))!.pid;
    expect((await run.hub.call('mcp__x__die', {})).failure).toBe('exited');
    await waitFor(() => !tagged(run.tag).some((p) => p.pid === first), 'the first helper to be ended');
    await waitFor(() => run.status().state === 'online', 'the restart');
  });
});
