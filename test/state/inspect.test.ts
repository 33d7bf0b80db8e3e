import {describe, expect, it} from 'vitest';
import type {AppEvent} from '../../src/state/events.js';
import {base, run} from './fixtures.js';

/** Server `a` lists `n` resources. */
const listed = (n: number): AppEvent => ({type: 'server/resources-listed', alias: 'a', resources: Array.from({length: n}, (_, k) => ({uri: `notes://n${k}`, name: `n${k}`})), templates: [], dropped: []});

describe('inspector views', () => {
  it('Esc goes back to the view before, where it was scrolled and with the same row highlighted', () => {
    let s = run(base(), listed(6), {type: 'inspect/opened', view: {kind: 'resources', alias: null}}, {type: 'inspect/cursor-moved', delta: 3}, {type: 'inspect/scrolled', delta: 2});
    s = run(s, {type: 'inspect/opened', view: {kind: 'resource', alias: 'notes', uri: 'notes://n4'}});
    expect(s.inspect).toMatchObject({view: {kind: 'resource'}, cursor: 0, offset: 0});
    s = run(s, {type: 'inspect/closed'});
    expect(s.inspect).toMatchObject({view: {kind: 'resources', alias: null}, cursor: 3, offset: 2, back: []});
    s = run(s, {type: 'inspect/closed'});
    expect(s.inspect).toMatchObject({view: null, cursor: 0, offset: 0});
  });

  it('the highlight stays on a row of the resources list: End then ↑ moves at once', () => {
    let s = run(base(), listed(5), {type: 'inspect/opened', view: {kind: 'resources', alias: null}}, {type: 'inspect/cursor-moved', delta: 1e9});
    expect(s.inspect.cursor).toBe(4);
    s = run(s, {type: 'inspect/cursor-moved', delta: -1});
    expect(s.inspect.cursor).toBe(3);
    s = run(s, {type: 'inspect/cursor-moved', delta: -1e9});
    expect(s.inspect.cursor).toBe(0);
  });

  it('a view scrolls within its last measure, and before one only down from the top', () => {
    let s = run(base(), {type: 'inspect/opened', view: {kind: 'server', alias: 'a'}}, {type: 'inspect/scrolled', delta: 30});
    expect(s.inspect.offset).toBe(30);
    s = run(s, {type: 'inspect/measured', rows: 20, height: 8});
    expect(s.inspect.offset).toBe(12);
    s = run(s, {type: 'inspect/scrolled', delta: 1e9}, {type: 'inspect/scrolled', delta: -1});
    expect(s.inspect.offset).toBe(11);
  });

  it('closing all forgets every view', () => {
    const s = run(base(), {type: 'inspect/opened', view: {kind: 'server', alias: 'notes'}}, {type: 'inspect/opened', view: {kind: 'logs', alias: 'notes'}}, {type: 'inspect/closed', all: true});
    expect(s.inspect).toMatchObject({view: null, back: []});
  });
});
