import {describe, expect, it} from 'vitest';
import {IdTable} from '../../src/util/id-table.js';

describe('IdTable', () => {
  it('finds entries by number only, counts them, and lists them in id order', () => {
    const t = new IdTable<string>();
    t.set(7, 'seven');
    t.set(3, 'three');
    t.set(12, 'twelve');
    expect(t.size).toBe(3);
    expect(t.get(7)).toBe('seven');
    expect(t.get('7')).toBeUndefined();
    expect(t.take('3')).toBeUndefined();
    expect(t.values()).toEqual(['three', 'seven', 'twelve']);
    expect(t.take(3)).toBe('three');
    expect(t.take(3)).toBeUndefined();
    expect(t.size).toBe(2);
    expect(t.only()).toBeUndefined();
    t.take(12);
    expect(t.only()).toBe('seven');
    expect(() => t.set(1.5, 'x')).toThrow(RangeError);
  });
});
