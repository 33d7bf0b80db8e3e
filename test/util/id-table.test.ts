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

  it('agrees with a Map under in-order ids, long waits and an overflowing window', () => {
    // A seeded walk: ids handed out in order, most taken soon, a few kept for a long time.
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const t = new IdTable<{id: number}>();
    const model = new Map<number, {id: number}>();
    let next = 1;
    for (let step = 0; step < 60_000; step++) {
      const r = random();
      if (r < 0.5 || model.size === 0) {
        const value = {id: next};
        t.set(next, value);
        model.set(next, value);
        next++;
      } else {
        // Mostly the oldest few (answers in order), sometimes any, and the first 20 ids never.
        const live = [...model.keys()].filter((id) => id > 20);
        if (live.length === 0) continue;
        const id = r < 0.9 ? live[Math.floor(random() * Math.min(8, live.length))]! : live[Math.floor(random() * live.length)]!;
        expect(t.take(id)).toBe(model.get(id));
        model.delete(id);
      }
      expect(t.size).toBe(model.size);
    }
    expect(next).toBeGreaterThan(4096 * 2);
    expect(t.values()).toEqual([...model.keys()].sort((a, b) => a - b).map((id) => model.get(id)));
    for (const [id, value] of model) expect(t.get(id)).toBe(value);
    expect(t.get(next)).toBeUndefined();
    for (const id of [...model.keys()]) expect(t.take(id)).toBe(model.get(id));
    expect(t.size).toBe(0);
    expect(t.values()).toEqual([]);
  });

  it('replaces the value of an id it holds, and takes no undefined', () => {
    const t = new IdTable<string>();
    t.set(5, 'a');
    t.set(5, 'b');
    expect(t.size).toBe(1);
    expect(t.only()).toBe('b');
    expect(() => t.set(6, undefined as unknown as string)).toThrow(RangeError);
  });
});
