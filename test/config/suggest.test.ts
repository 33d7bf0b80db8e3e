import {describe, expect, it} from 'vitest';
import {editDistance, suggestKey} from '../../src/config/suggest.js';

describe('suggestKey', () => {
  it('measures edits, counting a swap of neighbours as one', () => {
    expect(editDistance('comand', 'command')).toBe(1);
    expect(editDistance('agrs', 'args')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('allows one edit for short keys and two for longer ones', () => {
    expect(suggestKey('agrs', ['args'])).toBe('args');
    expect(suggestKey('tags', ['args'])).toBeUndefined();
    expect(suggestKey('cwdd', ['cwd', 'command'])).toBe('cwd');
    expect(suggestKey('comnad', ['command'])).toBe('command');
    expect(suggestKey('xyz', ['command'])).toBeUndefined();
  });

  it('prefers a synonym match over a near miss', () => {
    expect(suggestKey('cmd', ['cwd', 'command'], {cmd: 'command'})).toBe('command');
  });
});
