// Issue #12, round two: the one depth-bounded walk over server data, and the
// per-request image budget of model requests.
import {describe, expect, it} from 'vitest';
import {REQUEST_IMAGE_LIMITS, withinRequestImages} from '../../src/agent/request-images.js';
import type {ModelMessage} from '../../src/agent/model.js';
import {capMessage} from '../../src/debug/trace-file.js';
import {measureJson, safeStringify, TOO_DEEP, tooDeep} from '../../src/util/safe-json.js';

const deep = (n: number): unknown => JSON.parse('{"a":'.repeat(n) + '1' + '}'.repeat(n));

describe('safeStringify and measureJson on a value nested 100,000 deep', () => {
  it('never throw; deeper than the bound is cut to a marker', () => {
    const v = deep(100_000);
    expect(() => JSON.stringify(v)).toThrow(RangeError);
    expect(tooDeep(v)).toBe(true);
    const s = safeStringify(v, {maxDepth: 3});
    expect(s).toBe(`{"a":{"a":{"a":${JSON.stringify(TOO_DEEP)}}}}`);
    expect(measureJson(v, {maxDepth: Infinity}).depth).toBe(100_000);
  });

  it('under a size limit, a shared node counts as often as JSON writes it, and a cycle ends the walk over the limit', () => {
    const shared = {description: 'a text the schema repeats'};
    const dag = {a: shared, b: [shared, shared]};
    const copy = JSON.parse(JSON.stringify(dag)) as unknown;
    const limit = {maxDepth: 64, maxChars: 10_000};
    expect(measureJson(dag, limit)).toEqual(measureJson(copy, limit));
    expect(measureJson(dag, limit).chars).toBeLessThanOrEqual(JSON.stringify(dag).length);
    const cycle: Record<string, unknown> = {name: 'x'};
    cycle.self = cycle;
    expect(measureJson(cycle, {maxDepth: Infinity, maxChars: 1_000}).over).toBe(true);
    // No limit at all: each object once, so a cycle still ends.
    expect(measureJson(cycle, {maxDepth: Infinity}).over).toBe(false);
  });

  it('the --debug trace keeps such a message as a marker with its method and id', () => {
    expect(capMessage({jsonrpc: '2.0', id: 7, result: deep(10_000) as object})).toMatchObject({truncated: true, id: 7, depth: 'nested more than 128 levels deep'});
  });
});

describe('images in one model request', () => {
  const img = (bytes: number) => ({type: 'image' as const, source: {type: 'base64' as const, media_type: 'image/png', data: 'A'.repeat((bytes / 3) * 4)}});
  const turn = (id: string, bytes: number): ModelMessage[] => [
    {role: 'assistant', content: [{type: 'tool_use', id, name: 't', input: {}}]},
    {role: 'user', content: [{type: 'tool_result', tool_use_id: id, content: [img(bytes)]}]},
  ];

  it('under the budget the history goes as it is; over it, the oldest images become a line saying so', () => {
    const small = turn('a', 3 * 1024);
    expect(withinRequestImages(small)).toBe(small);
    const history = [...turn('old', 6 * 1024 * 1024), ...turn('new', 9 * 1024 * 1024)];
    const sent = withinRequestImages(history);
    const blocks = sent.flatMap((m) => m.content.flatMap((b) => (b.type === 'tool_result' ? b.content : [])));
    expect(blocks[0]).toEqual({type: 'text', text: expect.stringMatching(/^\[an earlier image \(image\/png, 6\.0 MB\) left out of this request/)});
    expect(blocks[1]!.type).toBe('image');
    expect((history[1]!.content[0] as {content: Array<{type: string}>}).content[0]!.type).toBe('image'); // the history itself is untouched
    expect(REQUEST_IMAGE_LIMITS.count).toBe(20);
  });
});
