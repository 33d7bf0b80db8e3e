import {describe, expect, it} from 'vitest';
import {reduce} from '../../src/state/reduce.js';
import {latestNotice} from '../../src/state/selectors.js';
import {base, catalog, entry, run} from './fixtures.js';

describe('server events', () => {
  const page = (index: number, count: number, extra: object = {}) => ({index, count, ms: 1, ...extra});
  const online = {era: 'modern' as const, protocolVersion: '2026-07-28', serverName: 'Echo', toolCount: 4, pages: 1, discoveryMs: 12, instructions: 'be nice'};

  it('keeps config order and initial rows', () => {
    const s = base();
    expect(s.servers.order).toEqual(['a', 'b', 'c']);
    expect(s.servers.byAlias.b).toMatchObject({alias: 'b', state: 'starting', trusted: true, toolCount: 0, pages: 0, toolsStale: false});
  });

  it('aliases like __proto__ and constructor are rows like any other: each appears once, events find it', () => {
    const s = base({servers: [{alias: '__proto__'}, {alias: 'constructor'}, {alias: 'a'}]});
    expect(s.servers.order).toEqual(['__proto__', 'constructor', 'a']);
    const down = run(s, {type: 'server/offline', alias: '__proto__', phase: 'config', reason: 'bad alias', at: 1}, {type: 'server/offline', alias: 'constructor', phase: 'spawn', reason: 'ENOENT', at: 2});
    expect(down.servers.order).toEqual(['__proto__', 'constructor', 'a']);
    expect(down.servers.byAlias['__proto__']).toMatchObject({alias: '__proto__', state: 'offline', reason: 'bad alias'});
    expect(down.servers.byAlias['constructor']).toMatchObject({alias: 'constructor', state: 'offline', reason: 'ENOENT'});
    // An alias nobody configured is no row, even when Object.prototype has a member of that name.
    expect(base().servers.byAlias['toString']).toBeUndefined();
  });

  it('server/offline says the phase as the Servers pane does: "(phase: exit)", not "(exit failed)"', () => {
    const s = run(base(), {type: 'server/offline', alias: 'a', phase: 'exit', reason: 'server connection was lost: connection refused', at: 1});
    expect(latestNotice(s)?.text).toBe('a is offline (phase: exit): server connection was lost: connection refused');
  });

  it("the status line's offline notice goes once that server is online again; the transcript keeps it", () => {
    const down = run(base(), {type: 'server/offline', alias: 'a', phase: 'exit', reason: 'connection refused', at: 1});
    expect(latestNotice(down)?.text).toMatch(/^a is offline/);
    const back = run(down, {type: 'server/online', alias: 'a', era: 'legacy', protocolVersion: '2025-11-25', toolCount: 4, pages: 1, discoveryMs: 3});
    expect(latestNotice(back)?.text ?? '').not.toMatch(/is offline/);
    expect(back.conversation.items.some((i) => i.kind === 'notice' && /^a is offline/.test(i.text))).toBe(true);
  });

  it('a restart that fails as the one before did adds no second transcript line; a new reason does', () => {
    const down = {type: 'server/offline', alias: 'a', phase: 'handshake', reason: 'connection refused', at: 1} as const;
    const restarting = (attempt: number) => ({type: 'server/restarting', alias: 'a', attempt, reason: 'connection refused', at: 2}) as const;
    const s = run(base(), down, restarting(1), {...down, at: 3}, restarting(2), {...down, at: 4}, restarting(3), {...down, reason: 'spawn node ENOENT', at: 5});
    const lines = s.conversation.items.filter((i) => i.kind === 'notice').map((i) => (i as {text: string}).text);
    expect(lines).toEqual(['a is offline (phase: handshake): connection refused', 'a is offline (phase: handshake): spawn node ENOENT']);
    expect(latestNotice(s)?.text).toBe('a is offline (phase: handshake): spawn node ENOENT');
  });

  it('server/offline writes the whole reason into the transcript, where a later notice cannot take it away', () => {
    const reason = 'mcpServers.b.env.T: ${NOPE_TOKEN} is not set (use ${NOPE_TOKEN:-default} for a fallback)';
    const s = run(base(), {type: 'server/offline', alias: 'b', phase: 'config', reason, at: 1}, {type: 'server/offline', alias: 'c', phase: 'spawn', reason: 'spawn nope ENOENT', at: 2});
    expect(s.conversation.items.filter((i) => i.kind === 'notice')).toEqual([
      expect.objectContaining({kind: 'notice', level: 'error', text: `b is offline (phase: config): ${reason}`}),
      expect.objectContaining({kind: 'notice', level: 'error', text: 'c is offline (phase: spawn): spawn nope ENOENT'}),
    ]);
    // Offline again with nothing new (the same event twice): no second row.
    const again = run(s, {type: 'server/offline', alias: 'c', phase: 'spawn', reason: 'spawn nope ENOENT', at: 2});
    expect(again.conversation.items).toHaveLength(s.conversation.items.length);
  });

  it('server/catalog-corrected keeps the difference in the transcript when a later notice takes the status line', () => {
    const s = run(
      base(),
      {type: 'server/catalog-corrected', alias: 'a', added: ['count'], removed: ['old_tool'], changed: ['greet'], at: 3},
      {type: 'notice/posted', level: 'warn', text: 'a no longer lists old_tool, a tool pinned before (removed)', at: 3},
    );
    const text = 'a: the cached tool list was out of date: 1 added (count), 1 removed (old_tool), 1 changed (greet)';
    expect(s.conversation.items.at(-1)).toMatchObject({kind: 'notice', level: 'info', text});
    expect(s.notices.map((n) => n.text)).toContain(text);
  });

  it('server/starting sets starting, and is a no-op when already starting', () => {
    const s = base();
    expect(reduce(s, {type: 'server/starting', alias: 'a'})).toBe(s);
    const failed = run(s, {type: 'server/offline', alias: 'a', phase: 'spawn', reason: 'ENOENT', at: 5});
    const again = run(failed, {type: 'server/starting', alias: 'a'});
    expect(again.servers.byAlias.a.state).toBe('starting');
    // The last failure stays visible while it starts again.
    expect(again.servers.byAlias.a.reason).toBe('ENOENT');
    expect(again.servers.byAlias.b).toBe(s.servers.byAlias.b);
    expect(again.servers.order).toBe(s.servers.order);
  });

  it('server/page-listed accumulates pages and tools from page 1, ignoring repeats', () => {
    const s = run(base(), {type: 'server/page-listed', alias: 'a', page: page(1, 3, {cursorOut: 'p2'})});
    expect(s.servers.byAlias.a).toMatchObject({pages: 1, toolCount: 3});
    const s2 = run(s, {type: 'server/page-listed', alias: 'a', page: page(2, 2, {cursorIn: 'p2'})});
    expect(s2.servers.byAlias.a).toMatchObject({pages: 2, toolCount: 5});
    expect(reduce(s2, {type: 'server/page-listed', alias: 'a', page: page(2, 2)})).toBe(s2);
    expect(reduce(s2, {type: 'server/page-listed', alias: 'a', page: page(6, 2)})).toBe(s2);
    // A fresh listing restarts the count.
    expect(run(s2, {type: 'server/page-listed', alias: 'a', page: page(1, 1)}).servers.byAlias.a).toMatchObject({pages: 1, toolCount: 1});
  });

  it('server/online goes online with the details, clears the failure; the same values are a no-op', () => {
    const failed = run(base(), {type: 'server/restarting', alias: 'a', attempt: 2, reason: 'exited'}, {type: 'server/offline', alias: 'a', phase: 'handshake', reason: 'timeout', at: 9});
    const s = run(failed, {type: 'server/online', alias: 'a', ...online});
    expect(s.servers.byAlias.a).toEqual({alias: 'a', state: 'online', trusted: false, toolsStale: false, ...online});
    expect(reduce(s, {type: 'server/online', alias: 'a', ...online})).toBe(s);
  });

  it('server/offline records phase, reason and the time it was stamped with', () => {
    const ev = {type: 'server/offline', alias: 'c', phase: 'list', reason: 'bad cursor', at: 42} as const;
    const s = run(base(), ev);
    expect(s.servers.byAlias.c).toMatchObject({state: 'offline', phase: 'list', reason: 'bad cursor', failedAt: 42, toolCount: 0});
    expect(reduce(s, ev)).toBe(s);
  });

  it('server/exited describes the exit, but keeps an earlier failure reason', () => {
    const up = run(base(), {type: 'server/online', alias: 'a', ...online});
    const s = run(up, {type: 'server/exited', alias: 'a', code: 1, signal: null, at: 7});
    expect(s.servers.byAlias.a).toMatchObject({state: 'offline', phase: 'exit', reason: 'process exited with code 1', failedAt: 7});
    const killed = run(up, {type: 'server/exited', alias: 'a', code: null, signal: 'SIGKILL'});
    expect(killed.servers.byAlias.a.reason).toBe('process killed by SIGKILL');

    const failed = run(up, {type: 'server/offline', alias: 'a', phase: 'handshake', reason: 'no answer in 5s', at: 3});
    expect(reduce(failed, {type: 'server/exited', alias: 'a', code: null, signal: 'SIGTERM'})).toBe(failed);
    const disabled = base({servers: [{alias: 'a', disabled: true}]});
    expect(reduce(disabled, {type: 'server/exited', alias: 'a', code: 0, signal: null})).toBe(disabled);
  });

  it('server/restarting sets the attempt and why', () => {
    const ev = {type: 'server/restarting', alias: 'b', attempt: 3, reason: 'server exited with code 1'} as const;
    const s = run(base(), ev);
    expect(s.servers.byAlias.b).toMatchObject({state: 'restarting', attempt: 3, phase: 'exit', reason: 'server exited with code 1', toolCount: 0});
    expect(reduce(s, ev)).toBe(s);
  });

  it('server/tools-changed marks the tools stale until the new listing', () => {
    const s = run(base(), {type: 'server/online', alias: 'a', ...online}, {type: 'server/tools-changed', alias: 'a'});
    expect(s.servers.byAlias.a.toolsStale).toBe(true);
    expect(reduce(s, {type: 'server/tools-changed', alias: 'a'})).toBe(s);
    expect(run(s, {type: 'server/page-listed', alias: 'a', page: page(1, 2)}).servers.byAlias.a.toolsStale).toBe(true);
    const relisted = run(s, {type: 'server/tools-listed', alias: 'a', toolCount: 2, pages: 1});
    expect(relisted.servers.byAlias.a).toMatchObject({toolsStale: false, toolCount: 2, pages: 1});
  });

  it('a disabled server starts disabled', () => {
    expect(base({servers: [{alias: 'x', disabled: true}]}).servers.byAlias.x.state).toBe('disabled');
    expect(base({servers: [{alias: 'x', state: 'disabled', trusted: false}]}).servers.byAlias.x.state).toBe('disabled');
  });

  it('server/call-finished records the latency of the last call; call-started changes nothing', () => {
    const s = run(base(), {type: 'server/online', alias: 'a', ...online});
    expect(reduce(s, {type: 'server/call-started', alias: 'a', tool: 'echo'})).toBe(s);
    const done = run(s, {type: 'server/call-finished', alias: 'a', tool: 'echo', durationMs: 66});
    expect(done.servers.byAlias.a.lastCallMs).toBe(66);
    expect(reduce(done, {type: 'server/call-finished', alias: 'a', tool: 'echo', durationMs: 66})).toBe(done);
  });

  it('server/circuit-changed opens and closes the circuit on the row', () => {
    const open = run(base(), {type: 'server/circuit-changed', alias: 'a', openUntil: 5_000});
    expect(open.servers.byAlias.a.circuitOpenUntil).toBe(5_000);
    expect(run(open, {type: 'server/circuit-changed', alias: 'a'}).servers.byAlias.a.circuitOpenUntil).toBeUndefined();
  });

  it('server/tools-dropped and server/logged become a notice and a trace line', () => {
    const s = run(base(), {type: 'server/tools-dropped', alias: 'a', dropped: [{name: 'bad tool', page: 1, position: 2, reason: 'no inputSchema'}], at: 3});
    expect(s.notices.at(-1)).toMatchObject({level: 'warn', text: 'a: 1 malformed tool dropped (bad tool: no inputSchema)', at: 3});
    const logged = run(base(), {type: 'server/logged', alias: 'a', level: 'warning', text: 'disk low', at: 4});
    expect(logged.traces.a.entries).toEqual([{at: 4, direction: 'in', kind: 'notification', summary: 'log warning: disk low'}]);
  });

  it('events for an unconfigured alias append a row at the end', () => {
    const s = run(base(), {type: 'server/online', alias: 'z', ...online});
    expect(s.servers.order).toEqual(['a', 'b', 'c', 'z']);
    const t = run(base(), {type: 'server/starting', alias: 'y'});
    expect(t.servers.order).toEqual(['a', 'b', 'c', 'y']);
    expect(t.servers.byAlias.y.state).toBe('starting');
  });
});

describe('catalog/rebuilt', () => {
  it('replaces the catalog, and is a no-op for the same version', () => {
    const c1 = catalog(1, [entry('a', 'echo')]);
    const s = run(base(), {type: 'catalog/rebuilt', catalog: c1});
    expect(s.catalog).toBe(c1);
    expect(reduce(s, {type: 'catalog/rebuilt', catalog: catalog(1, [entry('a', 'echo')])})).toBe(s);
    const c2 = catalog(2, []);
    expect(run(s, {type: 'catalog/rebuilt', catalog: c2}).catalog).toBe(c2);
  });

  it('accepts a first catalog at version 0', () => {
    const c0 = catalog(0, []);
    expect(run(base(), {type: 'catalog/rebuilt', catalog: c0}).catalog).toBe(c0);
  });
});

describe('trace/recorded', () => {
  const note = (i: number) => ({at: i, direction: 'out' as const, kind: 'request' as const, summary: `tools/call #${i}`});

  it('keeps a bounded ring per server', () => {
    let s = base({limits: {tracePerServer: 5}});
    for (let i = 0; i < 12; i++) s = run(s, {type: 'trace/recorded', alias: 'a', entry: note(i)});
    s = run(s, {type: 'trace/recorded', alias: 'b', entry: note(100)});
    expect(s.traces.a.entries.map((e) => e.at)).toEqual([7, 8, 9, 10, 11]);
    expect(s.traces.a.total).toBe(12);
    expect(s.traces.b.entries).toHaveLength(1);
  });

  it('defaults to 500 entries per server', () => {
    let s = base();
    for (let i = 0; i < 510; i++) s = reduce(s, {type: 'trace/recorded', alias: 'a', entry: note(i)});
    expect(s.traces.a.entries).toHaveLength(500);
    expect(s.traces.a.entries[0].at).toBe(10);
  });

  it('keeps a bounded stderr tail, line by line, and truncates long summaries', () => {
    let s = base({limits: {stderrLines: 3, summaryChars: 20}});
    s = run(s, {type: 'trace/recorded', alias: 'c', entry: {at: 1, direction: 'in', kind: 'stderr', summary: 'one\ntwo\r\n'}});
    s = run(s, {type: 'trace/recorded', alias: 'c', entry: {at: 2, direction: 'in', kind: 'stderr', summary: 'three\nfour'}});
    s = run(s, {type: 'trace/recorded', alias: 'c', entry: {at: 3, direction: 'in', kind: 'noise', summary: 'x'.repeat(100)}});
    expect(s.traces.c.stderr).toEqual(['two', 'three', 'four']);
    expect(s.traces.c.entries[2].summary).toHaveLength(20);
    expect(s.traces.c.entries[2].summary.endsWith('…')).toBe(true);
  });
});
