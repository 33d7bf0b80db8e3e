// Hostile results and hostile tool definitions for chaos.mjs (issue #12, round two).
// Each tool returns something a careless client chokes on; `run` builds it.

import { KEEP_OPEN } from './stdio-server.mjs';
import { okResult } from './tools.mjs';

const obj = (properties = {}, required = []) => ({ type: 'object', properties, required });
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Tools of `hostile_results`: every way a tools/call result can be malformed or oversized. */
export function hostileResultTools(server) {
  const tool = (name, description, run, extra = {}) => ({ name, description, inputSchema: obj(), annotations: { readOnlyHint: true }, run, ...extra });
  return [
    tool('null_block', 'content[] holds null, a number and a string between two good blocks.',
      () => ({ content: [{ type: 'text', text: 'before' }, null, 42, 'loose string', { type: 'text', text: 'after' }] })),
    tool('string_content', 'content is a bare string, not an array.', () => ({ content: 'just a string' })),
    tool('unknown_block', 'A block of a type MCP does not define, and one without a type.',
      () => ({ content: [{ type: 'hologram', data: 'xyz' }, { text: 'no type' }, { type: 'text', text: 'the good part' }] })),
    tool('text_not_string', 'A text block whose text is an object.', () => ({ content: [{ type: 'text', text: { nested: true } }] })),
    tool('bad_base64', 'An image whose data is not base64.',
      () => ({ content: [{ type: 'image', data: 'this is !!! not base64', mimeType: 'image/png' }, { type: 'text', text: 'caption' }] })),
    tool('odd_image', 'An image type the model API refuses (image/tiff).',
      () => ({ content: [{ type: 'image', data: PNG_1PX, mimeType: 'image/tiff' }] })),
    tool('good_image', 'A valid 1x1 PNG.', () => ({ content: [{ type: 'image', data: PNG_1PX, mimeType: 'image/png' }] })),
    tool('big_image', 'A PNG of `bytes` bytes (default 20 MB) as base64.',
      ({ bytes = 20 * 1024 * 1024 }) => ({ content: [{ type: 'image', data: 'A'.repeat(Math.ceil(bytes / 3) * 4), mimeType: 'image/png' }, { type: 'text', text: 'big picture' }] }),
      { inputSchema: obj({ bytes: { type: 'integer', minimum: 0 } }) }),
    tool('deep_structured', 'structuredContent nested `depth` levels deep (default 10,000).',
      // JSON.stringify itself overflows on such a value, so the line is written by hand.
      ({ depth = 10_000 }, { id }) => {
        const deep = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
        server.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":"deep result"}],"structuredContent":${deep}}}\n`);
        return KEEP_OPEN;
      },
      { inputSchema: obj({ depth: { type: 'integer', minimum: 1 } }) }),
    tool('redos', 'outputSchema has a catastrophic pattern; the result is forty a and a "!".',
      () => okResult('redos', { structuredContent: { word: `${'a'.repeat(40)}!` } }),
      { outputSchema: obj({ word: { type: 'string', pattern: '^(a+)+$' } }, ['word']) }),
    tool('redos_keys', 'patternProperties with a catastrophic pattern.',
      () => okResult('redos_keys', { structuredContent: { [`${'a'.repeat(40)}!`]: 1 } }),
      { outputSchema: { type: 'object', patternProperties: { '^(a|aa)+$': { type: 'string' } } } }),
    tool('lookahead', 'outputSchema pattern uses a lookahead (RE2 cannot run it); `count` is still checked.',
      ({ count = 1 }) => okResult('lookahead', { structuredContent: { word: 'abc', count } }),
      { inputSchema: obj({ count: {} }), outputSchema: obj({ word: { type: 'string', pattern: '^(?=a)\\w+$' }, count: { type: 'integer' } }, ['word', 'count']) }),
  ];
}

/**
 * `huge_tool`: `huge`, whose description is `bytes` (40 MB) long, and `huge_schema`, whose
 * inputSchema lists 100,000 enum values (about 1 MB), beside the usual tools.
 */
export function hugeTools(bytes) {
  const values = Array.from({ length: 100_000 }, (_, i) => `value_${i}`);
  return [
    { name: 'huge', description: `Huge description. ${'x'.repeat(bytes)}`, inputSchema: obj(), run: () => okResult('huge ran') },
    { name: 'huge_schema', description: 'An input schema of about 1 MB.', inputSchema: obj({ v: { type: 'string', enum: values } }), run: () => okResult('huge_schema ran') },
  ];
}
