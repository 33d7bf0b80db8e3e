// Framing fuzz: whatever the chunking, valid messages come out of the
// LineReader whole and in order; garbage and oversize lines never crash or
// stall it; and once end to end through a real child process, StdioTransport
// and Connection.
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {cut, encode, expectedLines, item, wire} from './framing-arbitraries.js';
import {LineReader} from '../../src/transport/line-reader.js';
import {tempDir} from '../helpers/hub.js';
import {replayThroughStdio} from './framing-replay.js';

describe('LineReader fuzz', () => {
  it('valid messages with junk between them come out whole and in order, whatever the chunking', () => {
    fc.assert(
      fc.property(fc.array(item, {maxLength: 30}), fc.array(fc.nat(), {maxLength: 40}), (items, offsets) => {
        const lines: string[] = [];
        const reader = new LineReader((l) => lines.push(l), () => lines.push('<oversize>'));
        for (const chunk of cut(encode(items), offsets)) reader.push(chunk);
        expect(lines).toEqual(expectedLines(items));
        expect(reader.buffered).toBe(0);
        const parsed = lines.filter((l) => !l.startsWith('#')).map((l) => JSON.parse(l));
        expect(parsed).toEqual(items.flatMap((it) => (it.kind === 'msg' ? [wire(it.value)] : [])));
      }),
      {numRuns: 400},
    );
  });

  it('one byte at a time is the same as all at once', () => {
    fc.assert(
      fc.property(fc.array(item, {maxLength: 12}), (items) => {
        const bytes = encode(items);
        const whole: string[] = [];
        const byByte: string[] = [];
        new LineReader((l) => whole.push(l), () => {}).push(bytes);
        const r = new LineReader((l) => byByte.push(l), () => {});
        for (let i = 0; i < bytes.length; i++) r.push(bytes.subarray(i, i + 1));
        expect(byByte).toEqual(whole);
      }),
      {numRuns: 150},
    );
  });

  it('random bytes never throw, and a newline always flushes what is held', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({maxLength: 300}), {maxLength: 20}), (chunks) => {
        let count = 0;
        const reader = new LineReader(() => count++, () => count++, 256);
        for (const c of chunks) {
          reader.push(Buffer.from(c));
          expect(reader.buffered).toBeLessThanOrEqual(256);
        }
        reader.push(Buffer.from('\n'));
        expect(reader.buffered).toBe(0);
        // A line pushed after anything at all still comes out.
        const out: string[] = [];
        const probe = new LineReader((l) => out.push(l), () => {}, 256);
        for (const c of chunks) probe.push(Buffer.from(c));
        probe.push(Buffer.from('\n{"after":"all"}\n'));
        expect(out.at(-1)).toBe('{"after":"all"}');
      }),
      {numRuns: 300},
    );
  });

  it('split lines over maxLineBytes are dropped and reported once, and reading goes on', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({max: 200}), {minLength: 1, maxLength: 12}), fc.array(fc.nat(), {maxLength: 30}), (lengths, offsets) => {
        const max = 64;
        const lines = lengths.map((n, i) => `${i}:${'x'.repeat(n)}`);
        const out: string[] = [];
        const over: number[] = [];
        const reader = new LineReader((l) => out.push(l), (b) => over.push(b.bytes), max);
        // Chunks of at most 16 bytes: no line arrives whole in one chunk.
        const bytes = Buffer.from(lines.map((l) => l + '\n').join(''));
        for (const chunk of cut(bytes, offsets)) for (let i = 0; i < chunk.length; i += 16) reader.push(chunk.subarray(i, i + 16));
        expect(out).toEqual(lines.filter((l) => Buffer.byteLength(l) <= max));
        expect(over.length).toBe(lines.filter((l) => Buffer.byteLength(l) > max).length);
        expect(reader.buffered).toBe(0);
      }),
      {numRuns: 300},
    );
  });

  // Regression (found here, fixed in 674fecd, src/transport/line-reader.ts finishLine): a line that
  // arrived whole inside one chunk was never checked against maxLineBytes.
  it('maxLineBytes applies whatever the chunking (a line whole in one chunk included)', () => {
    const out: string[] = [];
    const reader = new LineReader((l) => out.push(l), () => {}, 64);
    reader.push(Buffer.from(`${'x'.repeat(100)}\nok\n`));
    expect(out).toEqual(['ok']);
  });
});

describe('framing end to end', () => {
  it('a child replaying fuzzed bytes in fuzzed chunks: messages arrive in order, junk is noise, nothing stalls', async () => {
    const dir = tempDir('bb-replay-');
    await fc.assert(
      fc.asyncProperty(fc.array(item, {minLength: 1, maxLength: 25}), fc.array(fc.nat(), {maxLength: 25}), async (items, offsets) => {
        const r = await replayThroughStdio(items, offsets, dir);
        expect(r.got).toEqual(r.want);
        expect(r.noise).toBe(r.junk);
        expect(r.echo).toEqual({echo: {after: 'fuzz'}});
      }),
      {numRuns: 4},
    );
  });
});
