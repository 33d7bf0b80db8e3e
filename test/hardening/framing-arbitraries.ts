// Byte streams for framing fuzz, shared by the vitest suite and the soak:
// JSON-RPC messages carrying any text, junk lines, blank lines, CRLF endings,
// and a way to cut a stream into arbitrary chunks.
import fc from 'fast-check';

const NL = 0x0a;

/** A JSON-RPC notification carrying arbitrary text (any code point, lone surrogates included). */
export const message = fc.record({
  jsonrpc: fc.constant('2.0' as const),
  method: fc.constant('fuzz/item'),
  params: fc.record({
    s: fc.string({unit: 'binary', maxLength: 60}),
    g: fc.string({unit: 'grapheme', maxLength: 20}),
    n: fc.oneof(fc.integer(), fc.double({noNaN: true, noDefaultInfinity: true})),
  }),
});

/** Garbage that can never parse as JSON: '#' then any bytes but newline. */
export const garbage = fc.uint8Array({maxLength: 80}).map((bytes) => Buffer.concat([Buffer.from('#'), Buffer.from(bytes.filter((b) => b !== NL))]));

/** What JSON can carry of a value (-0 becomes 0). */
export const wire = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

export type Item = {kind: 'msg'; value: unknown; crlf: boolean} | {kind: 'junk'; bytes: Buffer} | {kind: 'blank'; crlf: boolean};
export const item: fc.Arbitrary<Item> = fc.oneof(
  {weight: 5, arbitrary: fc.record({kind: fc.constant('msg' as const), value: message, crlf: fc.boolean()})},
  {weight: 2, arbitrary: fc.record({kind: fc.constant('junk' as const), bytes: garbage})},
  {weight: 1, arbitrary: fc.record({kind: fc.constant('blank' as const), crlf: fc.boolean()})},
);

export function encode(items: Item[]): Buffer {
  return Buffer.concat(
    items.map((it) => {
      if (it.kind === 'junk') return Buffer.concat([it.bytes, Buffer.from('\n')]);
      if (it.kind === 'blank') return Buffer.from(it.crlf ? '\r\n' : '\n');
      return Buffer.from(`${JSON.stringify(it.value)}${it.crlf ? '\r\n' : '\n'}`, 'utf8');
    }),
  );
}

/** Cuts `bytes` at the given (sorted, deduplicated) offsets. */
export function cut(bytes: Buffer, offsets: number[]): Buffer[] {
  const at = [...new Set(offsets.map((o) => o % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let prev = 0;
  for (const o of [...at, bytes.length]) {
    if (o > prev) chunks.push(bytes.subarray(prev, o));
    prev = Math.max(prev, o);
  }
  return chunks;
}

/** What a reader should output for `items`: every non-blank line, decoded, in order. */
export function expectedLines(items: Item[]): string[] {
  return items.flatMap((it) => (it.kind === 'blank' ? [] : it.kind === 'junk' ? [stripCr(it.bytes).toString('utf8')] : [JSON.stringify(it.value)])).filter((l) => l !== '');
}
const stripCr = (b: Buffer) => (b.length > 0 && b[b.length - 1] === 0x0d ? b.subarray(0, -1) : b);

