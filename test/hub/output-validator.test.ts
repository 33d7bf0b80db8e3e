import {afterEach, describe, expect, it, vi} from 'vitest';
import {Ajv2020} from 'ajv/dist/2020.js';
import {OutputValidator} from '../../src/hub/output-validator.js';

const searchSchema = {
  type: 'object',
  properties: {matches: {type: 'array', items: {type: 'object', properties: {id: {type: 'string'}}, required: ['id']}}},
  required: ['matches'],
};
const notes = {alias: 'notes', tool: 'search', outputSchema: searchSchema};

describe('OutputValidator', () => {
  afterEach(() => vi.restoreAllMocks());

  it('accepts matching structuredContent and reports the first mismatch', () => {
    const v = new OutputValidator();
    expect(v.validate(notes, {structuredContent: {matches: [{id: 'a'}]}})).toEqual({ok: true});
    expect(v.validate(notes, {structuredContent: {matches: [{id: 7}]}})).toEqual({
      ok: false,
      message: 'structuredContent does not match the outputSchema of notes/search: /matches/0/id must be string',
    });
    expect(v.validate(notes, {structuredContent: {}})).toEqual({
      ok: false,
      message: "structuredContent does not match the outputSchema of notes/search: (root) must have required property 'matches'",
    });
  });

  it('skips error results and tools without an outputSchema', () => {
    const v = new OutputValidator();
    expect(v.validate(notes, {isError: true, structuredContent: 5})).toEqual({ok: true});
    expect(v.validate({alias: 'a', tool: 't'}, {structuredContent: 5})).toEqual({ok: true});
  });

  it('warns when an outputSchema comes without structuredContent', () => {
    expect(new OutputValidator().validate(notes, {})).toEqual({ok: true, warning: 'notes/search declares an outputSchema but returned no structuredContent'});
  });

  it('uses draft-07 when $schema says so, 2020-12 otherwise', () => {
    const v = new OutputValidator();
    const tuple = {type: 'object', properties: {t: {type: 'array', items: [{type: 'string'}, {type: 'number'}]}}};
    const d7 = {alias: 'a', tool: 't', outputSchema: {$schema: 'http://json-schema.org/draft-07/schema#', ...tuple}};
    expect(v.validate(d7, {structuredContent: {t: ['x', 1]}})).toEqual({ok: true});
    expect(v.validate(d7, {structuredContent: {t: ['x', 'y']}})).toMatchObject({ok: false, message: expect.stringContaining('/t/1 must be number')});
    const d2020 = {alias: 'a', tool: 'u', outputSchema: {type: 'object', properties: {t: {type: 'array', prefixItems: [{type: 'string'}], items: false}}}};
    expect(v.validate(d2020, {structuredContent: {t: ['x']}})).toEqual({ok: true});
    expect(v.validate(d2020, {structuredContent: {t: ['x', 'y']}})).toMatchObject({ok: false});
  });

  it('never fetches a remote $ref: the schema is reported as not compilable', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const v = new OutputValidator();
    const r = v.validate({alias: 'a', tool: 't', outputSchema: {$ref: 'https://example.com/schema.json'}}, {structuredContent: {}});
    expect(r).toMatchObject({ok: true, warning: expect.stringMatching(/could not be compiled.*never fetched/)});
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('compiles real-world schemas with unknown keywords and formats', () => {
    const schema = {type: 'object', 'x-vendor': true, properties: {when: {type: 'string', format: 'date-time', example: 'now'}}};
    expect(new OutputValidator().validate({alias: 'a', tool: 't', outputSchema: schema}, {structuredContent: {when: 'whenever'}})).toEqual({ok: true});
  });

  it('turns broken, async and unsupported schemas into warnings', () => {
    const v = new OutputValidator();
    for (const outputSchema of [{type: 'strin'}, {$async: true, type: 'object'}, {$schema: 'http://json-schema.org/draft-04/schema#'}, {$ref: '#/nope'}]) {
      expect(v.validate({alias: 'a', tool: JSON.stringify(outputSchema), outputSchema}, {structuredContent: {}})).toMatchObject({ok: true, warning: expect.any(String)});
    }
  });

  it('keeps tools apart even when their schemas share an $id', () => {
    const v = new OutputValidator();
    const a = {alias: 's', tool: 'a', outputSchema: {$id: 'https://x/out', type: 'object', required: ['a']}};
    const b = {alias: 's', tool: 'b', outputSchema: {$id: 'https://x/out', type: 'object', required: ['b']}};
    expect(v.validate(a, {structuredContent: {a: 1}})).toEqual({ok: true});
    expect(v.validate(b, {structuredContent: {b: 1}})).toEqual({ok: true});
    expect(v.validate(b, {structuredContent: {a: 1}})).toMatchObject({ok: false});
  });

  it('caches per tool and schema object, recompiles on a new schema, and stays bounded', () => {
    const v = new OutputValidator({maxCached: 2});
    expect(v.validate(notes, {structuredContent: {matches: []}}).ok).toBe(true);
    // A refreshed tool list brings a new schema object: the new one applies.
    const stricter = {alias: 'notes', tool: 'search', outputSchema: {...searchSchema, required: ['matches', 'total']}};
    expect(v.validate(stricter, {structuredContent: {matches: []}}).ok).toBe(false);
    for (const tool of ['x', 'y', 'z']) v.validate({alias: 'n', tool, outputSchema: {type: 'object'}}, {structuredContent: {}});
    expect(v.size).toBe(2);
  });

  it('keeps the validators used last when it must drop one', () => {
    const compiles = vi.spyOn(Ajv2020.prototype, 'compile');
    const v = new OutputValidator({maxCached: 2});
    const tool = (name: string) => ({alias: 'n', tool: name, outputSchema: {type: 'object', required: [name]}});
    const [x, y, z] = [tool('x'), tool('y'), tool('z')];
    const use = (t: ReturnType<typeof tool>) => v.validate(t, {structuredContent: {[t.tool]: 1}});
    use(x);
    use(y);
    use(x); // a hit: x is now used more recently than y
    expect(compiles).toHaveBeenCalledTimes(2);
    use(z); // full: drops y, the least recently used
    expect(v.size).toBe(2);
    use(x);
    expect(compiles).toHaveBeenCalledTimes(3);
    use(y);
    expect(compiles).toHaveBeenCalledTimes(4);
  });

  it('caps and sanitises messages', () => {
    const v = new OutputValidator({maxMessageLength: 80});
    const tool = `evil\x1b[2J${'t'.repeat(200)}`;
    const r = v.validate({alias: 'a', tool, outputSchema: {type: 'object', additionalProperties: false}}, {structuredContent: {['\x1b]52;c;x\x07k']: 1}});
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message.length).toBeLessThanOrEqual(80);
    expect(r.message).not.toMatch(/\x1b/);
  });

  it('survives pathological nesting without throwing', () => {
    let deep: unknown = {};
    for (let i = 0; i < 20_000; i++) deep = {n: deep};
    const recursive = {alias: 'a', tool: 't', outputSchema: {$defs: {n: {type: 'object', properties: {n: {$ref: '#/$defs/n'}}}}, $ref: '#/$defs/n'}};
    expect(new OutputValidator().validate(recursive, {structuredContent: deep}).ok).toBe(true);
  });
});
