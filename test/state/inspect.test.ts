import {describe, expect, it} from 'vitest';
import {base, run} from './fixtures.js';

describe('inspector views', () => {
  it('Esc goes back to the view before, where it was scrolled and with the same row highlighted', () => {
    let s = run(base(), {type: 'inspect/opened', view: {kind: 'resources', alias: null}}, {type: 'inspect/cursor-moved', delta: 3}, {type: 'inspect/scrolled', delta: 2});
    s = run(s, {type: 'inspect/opened', view: {kind: 'resource', alias: 'notes', uri: 'notes://n4'}});
    expect(s.inspect).toMatchObject({view: {kind: 'resource'}, cursor: 0, offset: 0});
    s = run(s, {type: 'inspect/closed'});
    expect(s.inspect).toMatchObject({view: {kind: 'resources', alias: null}, cursor: 3, offset: 2, back: []});
    s = run(s, {type: 'inspect/closed'});
    expect(s.inspect).toMatchObject({view: null, cursor: 0, offset: 0});
  });

  it('closing all forgets every view', () => {
    const s = run(base(), {type: 'inspect/opened', view: {kind: 'server', alias: 'notes'}}, {type: 'inspect/opened', view: {kind: 'logs', alias: 'notes'}}, {type: 'inspect/closed', all: true});
    expect(s.inspect).toMatchObject({view: null, back: []});
  });
});
