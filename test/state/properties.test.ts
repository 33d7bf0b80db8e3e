// Random event sequences: the reducer never throws, never mutates its input
// (every state is deep-frozen), and keeps its invariants.
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import type {AppState} from '../../src/state/app-state.js';
import type {AppEvent} from '../../src/state/events.js';
import {reduce} from '../../src/state/reduce.js';
import {base, catalog, deepFreeze, entry} from './fixtures.js';

const alias = fc.constantFrom('a', 'b', 'c', 'z');
const callId = fc.constantFrom('c1', 'c2', 'c3', 'c4');
const pane = fc.constantFrom('conversation', 'catalog', 'servers', 'trace' as const);
const catalogs = [catalog(1, [entry('a', 'x'), entry('b', 'x')]), catalog(2, Array.from({length: 30}, (_, i) => entry('c', `t${i}`)))];

const event: fc.Arbitrary<AppEvent> = fc.oneof(
  alias.map((a): AppEvent => ({type: 'server/starting', alias: a})),
  fc.record({a: alias, index: fc.nat(3), count: fc.nat(5)}).map(({a, index, count}): AppEvent => ({type: 'server/page-listed', alias: a, page: {index, count, ms: 1}})),
  fc.record({a: alias, n: fc.nat(9)}).map(({a, n}): AppEvent => ({type: 'server/online', alias: a, era: 'legacy', protocolVersion: '2025-11-25', toolCount: n, pages: 1, discoveryMs: 1})),
  alias.map((a): AppEvent => ({type: 'server/offline', alias: a, phase: 'call', reason: 'r', at: 1})),
  alias.map((a): AppEvent => ({type: 'server/exited', alias: a, code: 1, signal: null})),
  fc.record({a: alias, n: fc.nat(3)}).map(({a, n}): AppEvent => ({type: 'server/restarting', alias: a, attempt: n, reason: 'r'})),
  alias.map((a): AppEvent => ({type: 'server/tools-changed', alias: a})),
  fc.record({a: alias, n: fc.nat(9)}).map(({a, n}): AppEvent => ({type: 'server/tools-listed', alias: a, toolCount: n, pages: 1})),
  fc.record({a: alias, ms: fc.nat(9)}).map(({a, ms}): AppEvent => ({type: 'server/call-finished', alias: a, tool: 't', durationMs: ms})),
  alias.map((a): AppEvent => ({type: 'server/circuit-changed', alias: a, openUntil: 5})),
  fc.constantFrom(...catalogs).map((c): AppEvent => ({type: 'catalog/rebuilt', catalog: c})),
  fc.record({a: alias, kind: fc.constantFrom('request', 'stderr' as const)}).map(({a, kind}): AppEvent => ({type: 'trace/recorded', alias: a, entry: {at: 1, direction: 'in', kind, summary: 'l1\nl2'}})),
  fc.constantFrom('hi', '').map((text): AppEvent => ({type: 'user/submitted', text})),
  fc.nat(12).map((step): AppEvent => ({type: 'model/requested', step, maxSteps: 10})),
  fc.constantFrom('', 'tok').map((text): AppEvent => ({type: 'model/text-delta', text})),
  fc.constantFrom('', 'final').map((text): AppEvent => ({type: 'model/responded', content: text ? [{type: 'text', text}] : [], stopReason: 'end_turn'})),
  fc.constant<AppEvent>({type: 'model/failed', message: 'm'}),
  callId.map((id): AppEvent => ({type: 'call/requested', callId: id, name: `mcp__a__${id}`, alias: 'a', tool: id, arguments: {}})),
  callId.map((id): AppEvent => ({type: 'call/approval-asked', callId: id, trusted: false})),
  fc.record({id: callId, always: fc.boolean()}).map(({id, always}): AppEvent => ({type: 'call/approved', callId: id, always})),
  callId.map((id): AppEvent => ({type: 'call/denied', callId: id})),
  callId.map((id): AppEvent => ({type: 'call/started', callId: id, at: 1})),
  fc.record({id: callId, p: fc.nat(3)}).map(({id, p}): AppEvent => ({type: 'call/progress', callId: id, progress: p})),
  fc.record({id: callId, isError: fc.boolean()}).map(({id, isError}): AppEvent => ({type: 'call/completed', callId: id, result: {durationMs: 1, isError, text: 'r'}})),
  fc.constant<AppEvent>({type: 'turn/step-limit-reached', maxSteps: 10}),
  fc.constant<AppEvent>({type: 'turn/cancel-requested'}),
  fc.constant<AppEvent>({type: 'turn/finished'}),
  fc.constant<AppEvent>({type: 'question/queued', text: 'q'}),
  fc.constant<AppEvent>({type: 'question/dropped'}),
  fc.constant<AppEvent>({type: 'clock/ticked', at: 5}),
  fc.constant<AppEvent>({type: 'turn/cancelled'}),
  fc.constant<AppEvent>({type: 'turn/failed', message: 'f'}),
  fc.constant<AppEvent>({type: 'conversation/cleared'}),
  fc.constant<AppEvent>({type: 'notice/posted', level: 'info', text: 'n'}),
  pane.map((p): AppEvent => ({type: 'ui/focus-changed', pane: p})),
  fc.record({p: pane, delta: fc.integer({min: -5, max: 5})}).map(({p, delta}): AppEvent => ({type: 'ui/scrolled', pane: p, delta})),
  fc.record({p: pane, to: fc.constantFrom('top', 'bottom' as const)}).map(({p, to}): AppEvent => ({type: 'ui/scrolled', pane: p, to})),
  fc.record({p: pane, h: fc.nat(6)}).map(({p, h}): AppEvent => ({type: 'ui/pane-measured', pane: p, height: h})),
  fc.constantFrom('', 't1', 'x').map((filter): AppEvent => ({type: 'ui/filter-set', filter})),
  fc.option(alias, {nil: undefined}).map((a): AppEvent => ({type: 'ui/trace-toggled', ...(a ? {alias: a} : {})})),
  fc.constant<AppEvent>({type: 'ui/resized', columns: 90, rows: 30}),
  fc.boolean().map((open): AppEvent => ({type: 'ui/help-toggled', open})),
  fc.record({value: fc.constantFrom('', 'abc'), cursor: fc.integer({min: -2, max: 9})}).map(({value, cursor}): AppEvent => ({type: 'ui/input-edited', value, cursor})),
);

function checkInvariants(s: AppState): void {
  const {items, callIndex} = s.conversation;
  for (const [id, index] of callIndex) {
    const item = items[index];
    expect(item?.kind === 'tool-call' && item.callId === id).toBe(true);
  }
  for (let i = 1; i < items.length; i++) expect(items[i].id).toBeGreaterThan(items[i - 1].id);
  expect(new Set(s.approvals).size).toBe(s.approvals.length);
  for (const id of s.approvals) expect(items[callIndex.get(id)!]).toMatchObject({state: 'awaiting-approval'});
  for (const id of s.turn.openCalls) expect(['pending', 'awaiting-approval', 'running']).toContain((items[callIndex.get(id)!] as {state: string}).state);
  const streaming = items.flatMap((item, i) => (item.kind === 'assistant' && item.streaming ? [i] : []));
  expect(streaming).toEqual(s.turn.streamingIndex === null ? [] : [s.turn.streamingIndex]);
  if (s.turn.status === 'idle') {
    expect(s.turn.openCalls).toEqual([]);
    expect(s.approvals).toEqual([]);
  }
  for (const ring of Object.values(s.traces)) {
    expect(ring.entries.length).toBeLessThanOrEqual(s.limits.tracePerServer);
    expect(ring.stderr.length).toBeLessThanOrEqual(s.limits.stderrLines);
  }
  expect(s.notices.length).toBeLessThanOrEqual(s.limits.notices);
  expect(new Set(s.servers.order).size).toBe(s.servers.order.length);
  expect(Object.keys(s.servers.byAlias).sort()).toEqual([...s.servers.order].sort());
  for (const p of ['conversation', 'catalog', 'servers', 'trace'] as const) expect(s.ui.scroll[p].offset).toBeGreaterThanOrEqual(0);
  expect(s.ui.input.cursor).toBeGreaterThanOrEqual(0);
  expect(s.ui.input.cursor).toBeLessThanOrEqual(s.ui.input.value.length);
}

describe('reduce under random event sequences', () => {
  it('never throws, never mutates, keeps invariants', () => {
    fc.assert(
      fc.property(fc.array(event, {maxLength: 60}), (events) => {
        let s = base({limits: {tracePerServer: 4, stderrLines: 3, notices: 2}});
        for (const e of events) {
          s = deepFreeze(reduce(s, e));
          checkInvariants(s);
        }
      }),
      {numRuns: 300},
    );
  });
});
