import {describe, expect, it, vi} from 'vitest';
import {LineReader} from '../../src/transport/line-reader.js';

function collect(max?: number) {
  const lines: string[] = [];
  const oversize: number[] = [];
  const reader = new LineReader((l) => lines.push(l), (n) => oversize.push(n.bytes), max);
  return {lines, oversize, reader};
}

/** How many times `run` called Buffer's `method` (a view per line, a decode per line). */
function callsDuring(method: 'subarray' | 'toString', run: () => void): number {
  const spy = vi.spyOn(Buffer.prototype, method);
  try {
    run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

describe('LineReader', () => {
  it('decodes the lines whole in a chunk where they lie, without a Buffer view per line', () => {
    // 64 answers arriving in one read: a view per line was ~90 bytes a message (BENCHMARKS.md §11).
    const {lines, reader} = collect();
    const chunk = Buffer.from(Array.from({length: 64}, (_, i) => `{"id":${i}}\r\n`).join('') + '{"id":', 'utf8');
    const made = callsDuring('subarray', () => reader.push(chunk));
    expect(lines).toHaveLength(64);
    expect(lines[63]).toBe('{"id":63}');
    // The one view left: the unfinished line kept for the next chunk.
    expect(made).toBe(1);
  });

  it('decodes the lines that arrive together in one go, not one decode per line', () => {
    const {lines, reader} = collect();
    reader.push(Buffer.from('{"id":0,'));
    const chunk = Buffer.from('"x":"é"}\n' + Array.from({length: 64}, (_, i) => `{"id":${i + 1},"t":"中😀"}\r\n`).join('') + '\n{"id":', 'utf8');
    const made = callsDuring('toString', () => reader.push(chunk));
    expect(lines).toHaveLength(65);
    expect(lines[0]).toBe('{"id":0,"x":"é"}');
    expect(lines[64]).toBe('{"id":64,"t":"中😀"}');
    // One for the line begun in the chunk before, one for the 64 lying whole in this one.
    expect(made).toBe(2);
    reader.push(Buffer.from('65}\n'));
    expect(lines[65]).toBe('{"id":65}');
  });

  it('measures each line when the lines of a chunk together are over the limit', () => {
    const {lines, oversize, reader} = collect(10);
    reader.push(Buffer.from('aaaa\nbbbbbbbbbbbbbb\ncccc\r\n\ndddd'));
    expect(lines).toEqual(['aaaa', 'cccc']);
    expect(oversize).toEqual([14]);
    reader.push(Buffer.from('\n'));
    expect(lines).toEqual(['aaaa', 'cccc', 'dddd']);
  });

  it('joins a line split across chunks', () => {
    const {lines, reader} = collect();
    reader.push(Buffer.from('{"a":'));
    reader.push(Buffer.from('1}\n{"b"'));
    expect(lines).toEqual(['{"a":1}']);
    reader.push(Buffer.from(':2}\n'));
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('keeps a multi-byte character split between chunks intact', () => {
    const {lines, reader} = collect();
    const bytes = Buffer.from('{"t":"héllo 🚀 ünïcode"}\n', 'utf8');
    const rocket = bytes.indexOf(0xf0);
    // Split inside the 4-byte emoji and inside the 2-byte é.
    reader.push(bytes.subarray(0, 8));
    reader.push(bytes.subarray(8, rocket + 2));
    reader.push(bytes.subarray(rocket + 2));
    expect(lines).toEqual(['{"t":"héllo 🚀 ünïcode"}']);
  });

  it('accepts \\r\\n and skips empty lines', () => {
    const {lines, reader} = collect();
    reader.push(Buffer.from('one\r\n\r\ntwo\n\n'));
    expect(lines).toEqual(['one', 'two']);
  });

  it('reads a 10 MB single message in 64 KiB chunks', () => {
    const {lines, reader} = collect();
    const big = JSON.stringify({text: 'x'.repeat(10 * 1024 * 1024)}) + '\n';
    const buf = Buffer.from(big);
    for (let i = 0; i < buf.length; i += 65536) reader.push(buf.subarray(i, i + 65536));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.length).toBe(big.length - 1);
    expect(reader.buffered).toBe(0);
  });

  it('drops an over-long line as soon as it passes the limit, then reads on', () => {
    const {lines, oversize, reader} = collect(1000);
    reader.push(Buffer.from('a'.repeat(600)));
    reader.push(Buffer.from('a'.repeat(600)));
    expect(oversize).toHaveLength(1);
    expect(reader.buffered).toBe(0);
    reader.push(Buffer.from('aaa\n{"ok":true}\n'));
    expect(lines).toEqual(['{"ok":true}']);
  });
});
