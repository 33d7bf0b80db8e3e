import {describe, expect, it} from 'vitest';
import type {AppState} from '../../src/state/app-state.js';
import type {AppEvent} from '../../src/state/events.js';
import {reduce} from '../../src/state/reduce.js';
import {paneWindow} from '../../src/state/selectors.js';
import {base, catalog, entry, run} from './fixtures.js';

/** A state whose conversation has `n` items (one user message each, one turn each). */
function longConversation(n: number, height = 5): AppState {
  const events: AppEvent[] = [{type: 'ui/pane-measured', pane: 'conversation', height}];
  for (let i = 0; i < n; i++) events.push({type: 'user/submitted', text: `m${i}`}, {type: 'turn/finished'});
  return run(base(), ...events);
}

describe('ui events', () => {
  it('ui/focus-changed; same pane is a no-op', () => {
    const s = run(base(), {type: 'ui/focus-changed', pane: 'catalog'});
    expect(s.ui.focus).toBe('catalog');
    expect(reduce(s, {type: 'ui/focus-changed', pane: 'catalog'})).toBe(s);
  });

  it('ui/resized; same size is a no-op', () => {
    const s = run(base(), {type: 'ui/resized', columns: 120, rows: 40});
    expect(s.ui.size).toEqual({columns: 120, rows: 40});
    expect(reduce(s, {type: 'ui/resized', columns: 120, rows: 40})).toBe(s);
  });

  it('ui/pane-measured stores the height; same is a no-op', () => {
    const s = run(base(), {type: 'ui/pane-measured', pane: 'trace', height: 7});
    expect(s.ui.viewport.trace).toBe(7);
    expect(reduce(s, {type: 'ui/pane-measured', pane: 'trace', height: 7})).toBe(s);
  });

  it('ui/filter-set sets the filter and resets the catalog scroll; same is a no-op', () => {
    const c = catalog(1, Array.from({length: 30}, (_, i) => entry('a', `t${i}`)));
    let s = run(base(), {type: 'catalog/rebuilt', catalog: c}, {type: 'ui/scrolled', pane: 'catalog', delta: 8});
    expect(s.ui.scroll.catalog.offset).toBe(8);
    s = run(s, {type: 'ui/filter-set', filter: 't1'});
    expect(s.ui.filter).toBe('t1');
    expect(s.ui.scroll.catalog).toEqual({offset: 0, follow: false});
    expect(reduce(s, {type: 'ui/filter-set', filter: 't1'})).toBe(s);
  });

  it('ui/trace-toggled toggles, and switches server with an alias', () => {
    let s = run(base(), {type: 'ui/trace-toggled'});
    expect(s.ui).toMatchObject({traceVisible: true, traceAlias: null});
    s = run(s, {type: 'ui/trace-toggled', alias: 'b'});
    expect(s.ui).toMatchObject({traceVisible: true, traceAlias: 'b'});
    s = run(s, {type: 'ui/trace-toggled', alias: 'b'});
    expect(s.ui).toMatchObject({traceVisible: false, traceAlias: 'b'});
    s = run(s, {type: 'ui/trace-toggled'});
    expect(s.ui).toMatchObject({traceVisible: true, traceAlias: 'b'});
  });

  it('notice/posted keeps a bounded list with ids', () => {
    let s = base({limits: {notices: 3}});
    for (let i = 0; i < 5; i++) s = run(s, {type: 'notice/posted', level: i % 2 ? 'warn' : 'info', text: `n${i}`, at: i});
    expect(s.notices.map((n) => n.text)).toEqual(['n2', 'n3', 'n4']);
    expect(s.notices[2]).toMatchObject({level: 'info', at: 4});
    expect(new Set(s.notices.map((n) => n.id)).size).toBe(3);
  });
});

describe('scrolling', () => {
  it('the conversation follows new items until scrolled up', () => {
    const s = longConversation(20);
    expect(s.ui.scroll.conversation.follow).toBe(true);
    // 20 turns = 20 user items
    expect(paneWindow(s, 'conversation').rows.map((i) => (i.kind === 'user' ? i.text : ''))).toEqual(['m15', 'm16', 'm17', 'm18', 'm19']);

    const up = run(s, {type: 'ui/scrolled', pane: 'conversation', delta: -3});
    expect(up.ui.scroll.conversation).toEqual({offset: 12, follow: false});
    // New items do not move a window the user scrolled.
    const more = run(up, {type: 'user/submitted', text: 'new'});
    expect(paneWindow(more, 'conversation')).toMatchObject({offset: 12, above: 12, below: 4});

    // Scrolling back down to the last row follows again.
    const down = run(more, {type: 'ui/scrolled', pane: 'conversation', delta: 100});
    expect(down.ui.scroll.conversation).toEqual({offset: 16, follow: true});
  });

  it('clamps at both ends and returns the same state when nothing moves', () => {
    const s = run(longConversation(10), {type: 'ui/scrolled', pane: 'conversation', to: 'top'});
    expect(s.ui.scroll.conversation).toEqual({offset: 0, follow: false});
    expect(reduce(s, {type: 'ui/scrolled', pane: 'conversation', delta: -5})).toBe(s);
    expect(reduce(s, {type: 'ui/scrolled', pane: 'conversation', to: 'top'})).toBe(s);
    const bottom = run(s, {type: 'ui/scrolled', pane: 'conversation', to: 'bottom'});
    expect(bottom.ui.scroll.conversation).toEqual({offset: 5, follow: true});
    expect(reduce(bottom, {type: 'ui/scrolled', pane: 'conversation', delta: 3})).toBe(bottom);
    expect(reduce(bottom, {type: 'ui/scrolled', pane: 'conversation', to: 'bottom'})).toBe(bottom);
  });

  it('a list that fits never scrolls and keeps following', () => {
    const s = longConversation(3);
    expect(reduce(s, {type: 'ui/scrolled', pane: 'conversation', delta: -1})).toBe(s);
    expect(reduce(s, {type: 'ui/scrolled', pane: 'conversation', delta: 1})).toBe(s);
  });

  it('clamps the catalog against the filtered list', () => {
    const c = catalog(1, [...Array.from({length: 4}, (_, i) => entry('a', `x${i}`)), ...Array.from({length: 40}, (_, i) => entry('b', `y${i}`))]);
    const s = run(base(), {type: 'catalog/rebuilt', catalog: c}, {type: 'ui/pane-measured', pane: 'catalog', height: 3}, {type: 'ui/filter-set', filter: 'x'});
    const t = run(s, {type: 'ui/scrolled', pane: 'catalog', delta: 50});
    expect(t.ui.scroll.catalog.offset).toBe(1);
  });

  it('selectors clamp a stale offset after the list shrank', () => {
    const c = catalog(1, Array.from({length: 40}, (_, i) => entry('a', `t${i}`)));
    let s = run(base(), {type: 'catalog/rebuilt', catalog: c}, {type: 'ui/scrolled', pane: 'catalog', delta: 25});
    expect(s.ui.scroll.catalog.offset).toBe(25);
    s = run(s, {type: 'catalog/rebuilt', catalog: catalog(2, c.entries.slice(0, 12))});
    expect(paneWindow(s, 'catalog')).toMatchObject({offset: 2, above: 2, below: 0});
    expect(paneWindow(s, 'catalog').rows).toHaveLength(10);
  });

  it('scrolls the trace of the shown server', () => {
    let s = run(base(), {type: 'ui/pane-measured', pane: 'trace', height: 2}, {type: 'ui/trace-toggled', alias: 'b'});
    for (let i = 0; i < 6; i++) s = run(s, {type: 'trace/recorded', alias: 'b', entry: {at: i, direction: 'in', kind: 'response', summary: `r${i}`}});
    expect(paneWindow(s, 'trace').rows.map((e) => e.summary)).toEqual(['r4', 'r5']);
    s = run(s, {type: 'ui/scrolled', pane: 'trace', delta: -2});
    expect(paneWindow(s, 'trace').rows.map((e) => e.summary)).toEqual(['r2', 'r3']);
  });
});
