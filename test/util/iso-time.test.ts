// isoTime writes what Date.prototype.toISOString writes (src/util/iso-time.ts
// says why it exists): checked against it, field edges and years out of range included.
import {describe, expect, it} from 'vitest';
import {isoTime, isoTimeOf} from '../../src/util/iso-time.js';

describe('isoTime', () => {
  it('writes every time as toISOString does', () => {
    const times = [
      0,
      Date.UTC(2026, 11, 2, 5, 59, 7, 42),
      Date.UTC(1999, 11, 31, 23, 59, 59, 999),
      Date.UTC(2000, 1, 29, 0, 0, 0, 1),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.parse('0000-01-01T00:00:00.000Z'),
      -1,
    ];
    // A spread of times over 0–9999, each field at all its widths.
    for (let i = 0; i < 2000; i++) times.push(Math.floor(((i * 7919) % 2000) / 2000 * Date.UTC(9999, 0, 1)) + i * 37);
    for (const ms of times) {
      const date = new Date(ms);
      expect(isoTime(date), String(ms)).toBe(date.toISOString());
      expect(isoTimeOf(ms)).toBe(date.toISOString());
    }
  });

  it('leaves years before 0 and after 9999 to toISOString (six digits and a sign)', () => {
    for (const date of [new Date(Date.UTC(10_000, 0, 1)), new Date(-62198755200001)]) {
      expect(isoTime(date)).toBe(date.toISOString());
      expect(isoTime(date)).toMatch(/^[+-]\d{6}-/);
    }
  });

  it('throws on an invalid date, as toISOString does', () => {
    expect(() => isoTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
