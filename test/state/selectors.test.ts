import {describe, expect, it} from 'vitest';
import {
  collisions,
  filteredCatalog,
  latestNotice,
  serverRows,
  serverSummary,
  stepLabel,
  traceRing,
  turnCalls,
  visibleWindow,
} from '../../src/state/selectors.js';
import {truncate} from '../../src/state/text.js';
import {base, catalog, entry, run} from './fixtures.js';

describe('visibleWindow', () => {
  const items = Array.from({length: 10}, (_, i) => i);

  it('returns the rows in view and the counts hidden above and below', () => {
    expect(visibleWindow(items, 3, 4)).toEqual({rows: [3, 4, 5, 6], above: 3, below: 3, offset: 3});
  });

  it('clamps the offset so the window stays full', () => {
    expect(visibleWindow(items, 9, 4)).toEqual({rows: [6, 7, 8, 9], above: 6, below: 0, offset: 6});
    expect(visibleWindow(items, -5, 4)).toEqual({rows: [0, 1, 2, 3], above: 0, below: 6, offset: 0});
    expect(visibleWindow(items, Number.NaN, 2).offset).toBe(0);
  });

  it('handles short lists and empty panes', () => {
    expect(visibleWindow([1, 2], 5, 10)).toEqual({rows: [1, 2], above: 0, below: 0, offset: 0});
    expect(visibleWindow(items, 2, 0)).toEqual({rows: [], above: 2, below: 8, offset: 2});
    expect(visibleWindow([], 0, 5)).toEqual({rows: [], above: 0, below: 0, offset: 0});
  });

  it('reads only the visible rows', () => {
    let reads = 0;
    const big = new Proxy(Array.from({length: 100_000}, (_, i) => i), {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    expect(visibleWindow(big, 500, 20).rows).toHaveLength(20);
    expect(reads).toBeLessThanOrEqual(20);
  });
});

describe('filteredCatalog', () => {
  const c = catalog(3, [
    entry('files', 'read_file', {title: 'Open document'}),
    entry('git', 'read_file'),
    entry('git', 'log', {annotations: {title: 'History'}}),
    entry('web', 'fetch', {name: 'mcp__web__fetch_1a2b', mangling: 'hashed'}),
  ]);

  it('returns the entries themselves for an empty filter', () => {
    expect(filteredCatalog(c, '')).toBe(c.entries);
    expect(filteredCatalog(c, '   ')).toBe(c.entries);
  });

  it('matches alias, model name, original name and title, case-insensitively, every word', () => {
    expect(filteredCatalog(c, 'GIT').map((e) => e.name)).toEqual(['mcp__git__read_file', 'mcp__git__log']);
    expect(filteredCatalog(c, 'DOCUMENT').map((e) => e.alias)).toEqual(['files']);
    expect(filteredCatalog(c, 'history').map((e) => e.tool)).toEqual(['log']);
    expect(filteredCatalog(c, '1a2b').map((e) => e.tool)).toEqual(['fetch']);
    expect(filteredCatalog(c, 'read git').map((e) => e.name)).toEqual(['mcp__git__read_file']);
    expect(filteredCatalog(c, 'nothing')).toEqual([]);
  });

  it('matches descriptions too: /tools knowledge graph finds the memory tools', () => {
    const m = catalog(4, [
      entry('memory', 'create_entities', {originalDescription: 'Create multiple new entities in the knowledge graph'}),
      entry('memory', 'read_graph', {originalDescription: 'Read the entire knowledge graph'}),
      entry('files', 'read_file', {originalDescription: 'Read a file (the graph of nothing)'}),
    ]);
    expect(filteredCatalog(m, 'knowledge graph').map((e) => e.tool)).toEqual(['create_entities', 'read_graph']);
  });

  it('memoises on catalog and filter', () => {
    const first = filteredCatalog(c, 'read');
    expect(filteredCatalog(c, 'read')).toBe(first);
    expect(filteredCatalog(c, ' READ ')).toBe(first);
    const next = catalog(4, [...c.entries]);
    expect(filteredCatalog(next, 'read')).not.toBe(first);
    expect(filteredCatalog(next, 'read')).toEqual(first);
  });
});

describe('collisions', () => {
  it('lists original names offered by two or more servers', () => {
    const c = catalog(1, [entry('a', 'search'), entry('b', 'search'), entry('a', 'echo'), entry('c', 'fetch'), entry('c', 'search')]);
    expect([...collisions(c)]).toEqual(['search']);
    expect(collisions(c)).toBe(collisions(c));
    expect(collisions(catalog(2, [entry('a', 'x'), entry('b', 'y')])).size).toBe(0);
  });
});

describe('stepLabel', () => {
  it('formats the step', () => {
    expect(stepLabel({step: 3, maxSteps: 10})).toBe('step 3/10');
    expect(stepLabel({step: 0, maxSteps: 10})).toBe('');
  });
});

describe('servers', () => {
  it('serverSummary counts states and online tools, memoised', () => {
    const s = run(
      base(),
      {type: 'server/online', alias: 'a', era: 'legacy', protocolVersion: '2025-11-25', toolCount: 4, pages: 1, discoveryMs: 3},
      {type: 'server/offline', alias: 'b', phase: 'spawn', reason: 'ENOENT', at: 1},
    );
    const sum = serverSummary(s.servers);
    expect(sum).toMatchObject({total: 3, online: 1, offline: 1, starting: 1, restarting: 0, disabled: 0, tools: 4});
    expect(sum.label).toBe('1/3 online · 4 tools · 1 starting · 1 offline');
    expect(serverSummary(s.servers)).toBe(sum);
  });

  it('serverSummary counts the tools offered from cache by servers still starting', () => {
    const s = run(
      base(),
      {type: 'server/catalog-cached', alias: 'a', toolCount: 3, listedAt: '2026-12-01T00:00:00.000Z'},
      {type: 'server/not-started', alias: 'b', toolCount: 1, listedAt: '2026-12-01T00:00:00.000Z', reason: 'lazy'},
    );
    // The lazy server (b) is counted as "not started"; its row says what its cache offers.
    expect(serverSummary(s.servers).label).toBe('0/3 online · 0 tools · 2 starting · 1 not started · 3 cached tools');
    // Confirmed by the server: its tools count as online ones, no longer as cached.
    const confirmed = run(s, {type: 'server/online', alias: 'a', era: 'legacy', protocolVersion: '2025-11-25', toolCount: 3, pages: 1, discoveryMs: 3});
    expect(serverSummary(confirmed.servers).label).toBe('1/3 online · 3 tools · 1 starting · 1 not started');
    const one = run(base(), {type: 'server/catalog-cached', alias: 'c', toolCount: 1, listedAt: '2026-12-01T00:00:00.000Z'});
    expect(serverSummary(one.servers).label).toBe('0/3 online · 0 tools · 3 starting · 1 cached tool');
  });

  it('serverRows is in config order and memoised', () => {
    const s = base();
    expect(serverRows(s.servers).map((r) => r.alias)).toEqual(['a', 'b', 'c']);
    expect(serverRows(s.servers)).toBe(serverRows(s.servers));
  });
});

describe('misc selectors', () => {
  it('trace ring defaults to the first server and is empty when none', () => {
    const s = run(base(), {type: 'trace/recorded', alias: 'a', entry: {at: 1, direction: 'note', kind: 'era', summary: 'modern'}});
    expect(traceRing(s).entries).toHaveLength(1);
    expect(traceRing(s, 'c').entries).toHaveLength(0);
  });

  it('the turn keeps the text of the latest response as its answer; latestNotice', () => {
    let s = run(base(), {type: 'user/submitted', text: 'one'}, {type: 'model/responded', content: [{type: 'text', text: 'first'}], stopReason: 'end_turn'}, {type: 'turn/finished'});
    expect(s.turn).toMatchObject({answer: 'first', outcome: 'end_turn', status: 'idle'});
    s = run(s, {type: 'user/submitted', text: 'two'});
    expect(s.turn).toMatchObject({answer: '', status: 'running'});
    expect(s.turn.outcome).toBeUndefined();
    s = run(s, {type: 'model/text-delta', text: 'sec'}, {type: 'model/responded', content: [{type: 'text', text: 'second'}, {type: 'tool_use', id: 'u', name: 'x', input: {}}], stopReason: 'tool_use'});
    expect(s.turn.answer).toBe('second');
    s = run(s, {type: 'model/responded', content: [], stopReason: 'tool_use'}, {type: 'turn/step-limit-reached', maxSteps: 2});
    // The last response had no text: that is the answer, as --print reports it.
    expect(s.turn).toMatchObject({answer: '', outcome: 'step_limit'});
    expect(latestNotice(base())).toBeNull();
    expect(latestNotice(run(s, {type: 'notice/posted', level: 'warn', text: 'w'}))?.text).toBe('w');
  });

  it('a notice about a turn expires with it: not shown in later turns, nor when posted after it ended', () => {
    let s = run(base(), {type: 'notice/posted', level: 'warn', text: 'older'}, {type: 'user/submitted', text: 'one'});
    s = run(s, {type: 'turn/cancel-requested'}, {type: 'notice/posted', level: 'info', text: 'cancelling the turn… press Ctrl-C again to quit', lasts: 'turn'});
    expect(latestNotice(s)?.text).toBe('cancelling the turn… press Ctrl-C again to quit');
    s = run(s, {type: 'turn/cancelled'});
    // The cause is gone: the status line falls back to the notice before it.
    expect(latestNotice(s)?.text).toBe('older');
    s = run(s, {type: 'user/submitted', text: 'two'});
    expect(latestNotice(s)?.text).toBe('older');
    s = run(s, {type: 'turn/finished'}, {type: 'notice/posted', level: 'info', text: 'late', lasts: 'turn'});
    expect(latestNotice(s)?.text).toBe('older');
  });

  it('turnCalls lists the calls of the last turn that have a result, in the order asked, denials included', () => {
    let s = run(base(), {type: 'user/submitted', text: 'one'}, {type: 'call/requested', callId: 'old', name: 'mcp__a__x', alias: 'a', tool: 'x', arguments: {}});
    s = run(s, {type: 'call/completed', callId: 'old', result: {durationMs: 1, text: 'old'}}, {type: 'turn/finished'});
    s = run(s, {type: 'user/submitted', text: 'two'}, ...['c1', 'c2', 'c3'].map((callId) => ({type: 'call/requested' as const, callId, name: `mcp__a__${callId}`, alias: 'a', tool: callId, arguments: {}})));
    s = run(s, {type: 'call/denied', callId: 'c3'}, {type: 'call/completed', callId: 'c3', result: {durationMs: 0, isError: true, text: 'declined'}});
    s = run(s, {type: 'call/completed', callId: 'c1', result: {durationMs: 2, text: 'one'}});
    expect(turnCalls(s).map((c) => [c.callId, c.preview])).toEqual([
      ['c1', 'one'],
      ['c3', 'declined'],
    ]);
    expect(turnCalls(base())).toEqual([]);
  });
});

describe('truncate', () => {
  it('cuts with an ellipsis and never splits a surrogate pair', () => {
    expect(truncate('abcdef', 10)).toBe('abcdef');
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('ab😀cd', 4)).toBe('ab…');
  });
});
