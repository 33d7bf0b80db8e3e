// Issue #12, round two: a server firing hundreds of elicitation requests must
// not lock the user out. At most 3 wait for the user per server; the rest are
// declined at once with a notice; "decline all from this server" clears the
// rest and keeps declining.
import {describe, expect, it} from 'vitest';
import type {HubEvent} from '../../src/hub/hub-events.js';
import {InputGate} from '../../src/hub/input-gate.js';
import type {RequestContext} from '../../src/session/server-requests.js';
import {textOf} from '../helpers/hub.js';
import {waitFor} from '../helpers/wait.js';
import {expectNeighbourServes, startFault, stderrOf, useFaultKit} from './fault-kit.js';

const answers = (stderr: string, kind: string) => (stderr.match(new RegExp(`^answer "flood-\\d+" result ${kind.replace(/[{}"]/g, '\\$&')}`, 'gm')) ?? []).length;

describe('a server firing 300 elicitation requests at once', () => {
  useFaultKit();
  it('three wait for the user, 297 are declined with a notice, and "decline all" answers the three', async () => {
    const asked: Array<{signal?: AbortSignal}> = [];
    // A user who has not answered yet: each ask waits until it is aborted.
    const elicit = (_params: Record<string, unknown>, ctx: RequestContext) => {
      asked.push(ctx);
      return new Promise<Record<string, unknown>>((resolve) => ctx.signal?.addEventListener('abort', () => resolve({action: 'cancel'})));
    };
    const {hub, events} = await startFault('elicit_flood', {CHAOS_FLOOD_COUNT: '300'}, {}, {features: () => ({elicit})});
    await waitFor(() => answers(stderrOf(hub), '{"action":"decline"}') === 297, '297 requests declined without asking', 30_000);
    expect(asked).toHaveLength(3);
    const declined = (reason: string) => events.filter((e): e is Extract<HubEvent, {type: 'server/inputs-declined'}> => e.type === 'server/inputs-declined' && e.reason === reason);
    await waitFor(() => declined('flood').reduce((n, e) => n + e.count, 0) === 297, 'notices adding up to 297 declines', 10_000);
    expect(declined('flood').length).toBeLessThan(10); // coalesced, not one notice per request
    expect(declined('flood')[0]!.text).toBe('x: 1 elicitation/create request declined without asking (3 of its requests were already waiting for you)');
    // The user is not locked out: the server still answers calls, and so does its neighbour.
    expect(textOf(await hub.call('mcp__x__echo', {text: 'usable'}))).toBe('usable');
    await expectNeighbourServes(hub);
    expect(hub.declineInputsFrom('x')).toBe(3);
    await waitFor(() => answers(stderrOf(hub), '{"action":"decline"}') === 300, 'all 300 answered', 10_000);
    expect(asked.every((ctx) => ctx.signal?.aborted)).toBe(true); // the three dialogs are withdrawn
  }, 60_000);
});

describe('InputGate', () => {
  const ctx = (): RequestContext => ({alias: 'a'});

  it('declines later requests after declineFrom, until acceptFrom; sampling is refused with an error', async () => {
    const events: HubEvent[] = [];
    const gate = new InputGate((e) => events.push(e), 3);
    const f = gate.wrap('a', {elicit: async () => ({action: 'accept', content: {}}), sample: async () => ({role: 'assistant'})});
    expect(await f.elicit!({}, ctx())).toEqual({action: 'accept', content: {}});
    gate.declineFrom('a');
    expect(await f.elicit!({}, ctx())).toEqual({action: 'decline'});
    await expect(f.sample!({}, ctx())).rejects.toThrow(/the user declines every request from this server/);
    gate.acceptFrom('a');
    expect(await f.elicit!({}, ctx())).toEqual({action: 'accept', content: {}});
    expect(events.filter((e) => e.type === 'server/inputs-declined')[0]).toMatchObject({alias: 'a', reason: 'declined-all', count: 1});
  });

  it('declineFrom withdraws what waits without counting it as declined "without asking" (the caller gets the count)', async () => {
    const events: HubEvent[] = [];
    const gate = new InputGate((e) => events.push(e), 3);
    const f = gate.wrap('a', {elicit: (_p, c) => new Promise((resolve) => c.signal?.addEventListener('abort', () => resolve({action: 'cancel'})))});
    const shown = f.elicit!({}, ctx());
    expect(gate.declineFrom('a')).toBe(1);
    expect(await shown).toEqual({action: 'decline'});
    expect(events).toEqual([]);
    expect(await f.elicit!({}, ctx())).toEqual({action: 'decline'});
    expect(events).toMatchObject([{type: 'server/inputs-declined', reason: 'declined-all', count: 1}]);
  });

  it('a later notice of a flood says how many in all (it replaces the first on screen)', async () => {
    const events: HubEvent[] = [];
    const timers: Array<() => void> = [];
    const gate = new InputGate((e) => events.push(e), 1, {now: () => 0, setTimeout: (fn: () => void) => timers.push(fn), clearTimeout: () => {}});
    const f = gate.wrap('a', {elicit: () => new Promise(() => {})}); // the user has not answered the first
    void f.elicit!({}, ctx());
    for (let i = 0; i < 5; i++) expect(await f.elicit!({}, ctx())).toEqual({action: 'decline'});
    timers.shift()!();
    const texts = events.map((e) => (e as {text: string}).text);
    expect(texts).toEqual([
      'a: 1 elicitation/create request declined without asking (1 of its requests were already waiting for you)',
      'a: 4 more elicitation/create requests declined without asking (5 in all; 1 of its requests were already waiting for you)',
    ]);
  });

  it('declineFrom for a while: after forMs the server may ask again', async () => {
    let now = 0;
    const gate = new InputGate(() => {}, 3, {now: () => now, setTimeout: () => 0, clearTimeout: () => {}});
    const f = gate.wrap('a', {elicit: async () => ({action: 'accept'})});
    gate.declineFrom('a', 60_000);
    expect(await f.elicit!({}, ctx())).toEqual({action: 'decline'});
    now = 60_001;
    expect(await f.elicit!({}, ctx())).toEqual({action: 'accept'});
  });
});
