import { describe, expect, it } from 'vitest';
import { lineSplitter } from '../../servers/lib/stdio-server.mjs';

describe('lineSplitter (server framing)', () => {
  it('reassembles lines split at every byte, inside multi-byte characters, with \\r\\n', () => {
    const lines: string[] = [];
    const feed = lineSplitter((line) => lines.push(line));
    const input = Buffer.from('{"q":"café ☕ 𝄞"}\r\n\n{"b":2}\npartial');
    for (let i = 0; i < input.length; i++) feed(input.subarray(i, i + 1));
    expect(lines).toEqual(['{"q":"café ☕ 𝄞"}', '{"b":2}']);
    feed(Buffer.from(' end\n'));
    expect(lines.at(-1)).toBe('partial end');
  });

  it('splits several lines arriving in one chunk', () => {
    const lines: string[] = [];
    lineSplitter((line) => lines.push(line))(Buffer.from('a\nb\r\nc\n'));
    expect(lines).toEqual(['a', 'b', 'c']);
  });
});
