// The quick check of input schemas may only say yes where the 2020-12
// meta-schema does, and it must say yes to the schemas servers usually send
// (otherwise every tool pays for the generated validator again).
import {describe, expect, it} from 'vitest';
import {prng as random} from '../../helpers/prng.js';
import {plainlyValid} from '../../../src/hub/schema/plain-schema.js';
import {validate as validateMeta} from '../../../src/hub/schema/meta-2020.generated.js';

const KEYWORDS = [
  'type', 'description', 'title', '$comment', '$schema', 'format', 'properties', 'items', 'additionalProperties', 'not',
  'anyOf', 'oneOf', 'allOf', 'required', 'enum', 'examples', 'const', 'default', 'minLength', 'maxLength', 'minItems',
  'maxItems', 'minProperties', 'maxProperties', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
  'uniqueItems', 'deprecated', 'readOnly', 'writeOnly', '$ref', '$id', 'pattern', '$defs', 'dependentRequired', 'x-custom',
];

function schemaGenerator(next: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const values = (): unknown =>
    pick([
      'string', 'object', 'objekt', '', 'a#b', 'http://x/y', 0, 1, -1, 2.5, -0, 1e300, true, false, null,
      [], ['a'], ['a', 'a'], ['a', 'b'], ['string', 'null'], ['string', 'string'], [1], [true, 'x'], {}, {a: 1},
    ]);
  const schema = (depth: number): unknown => {
    if (depth > 3 || next() < 0.1) return pick([true, false, {}, null, 'x', 3, []]);
    const out: Record<string, unknown> = {};
    const n = Math.floor(next() * 5);
    for (let i = 0; i < n; i++) {
      const key = pick(KEYWORDS);
      const r = next();
      if (key === 'properties' || key === '$defs') {
        const props: Record<string, unknown> = {};
        for (let j = Math.floor(next() * 3); j > 0; j--) props[pick(['a', 'b', 'c', '__proto__'])] = schema(depth + 1);
        out[key] = r < 0.9 ? props : values();
      } else if (key === 'items' || key === 'additionalProperties' || key === 'not') {
        out[key] = r < 0.8 ? schema(depth + 1) : values();
      } else if (key === 'anyOf' || key === 'oneOf' || key === 'allOf') {
        out[key] = r < 0.8 ? Array.from({length: Math.floor(next() * 3)}, () => schema(depth + 1)) : values();
      } else if (key === 'type') {
        out[key] = r < 0.5 ? pick(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']) : values();
      } else {
        out[key] = values();
      }
    }
    return out;
  };
  return schema;
}

describe('plainlyValid', () => {
  it('says yes only to schemas the 2020-12 meta-schema accepts (20,000 random schemas)', () => {
    const schema = schemaGenerator(random(17));
    let yes = 0;
    let no = 0;
    for (let i = 0; i < 20_000; i++) {
      const s = schema(0);
      const valid = validateMeta(s) as boolean;
      if (plainlyValid(s)) {
        yes++;
        if (!valid) expect.fail(`plainlyValid said yes to an invalid schema: ${JSON.stringify(s)}`);
      } else if (!valid) no++;
    }
    // Both sides were exercised: the walk said yes often, and invalid schemas were generated.
    expect(yes).toBeGreaterThan(2_000);
    expect(no).toBeGreaterThan(2_000);
  });

  it('says yes to the input schemas servers usually send', () => {
    const usual: unknown[] = [
      {type: 'object'},
      {type: 'object', properties: {}},
      {type: 'object', properties: {text: {type: 'string', description: 'Any text.'}, n: {type: 'number'}}, required: ['text']},
      // zod-to-json-schema, as the TypeScript SDK emits it
      {
        type: 'object',
        properties: {
          path: {type: 'string', minLength: 1},
          mode: {type: 'string', enum: ['read', 'write'], default: 'read'},
          tags: {type: 'array', items: {type: 'string'}, maxItems: 10},
          when: {anyOf: [{type: 'string', format: 'date-time'}, {type: 'null'}]},
          limit: {type: 'integer', minimum: 1, maximum: 100, exclusiveMaximum: 1000},
          meta: {type: 'object', additionalProperties: {type: ['string', 'number']}},
        },
        required: ['path'],
        additionalProperties: false,
        $schema: 'http://json-schema.org/draft-07/schema#',
      },
    ];
    for (const s of usual) {
      expect(validateMeta(s)).toBe(true);
      expect(plainlyValid(s)).toBe(true);
    }
  });

  it('leaves what it does not know to the full check', () => {
    expect(plainlyValid({type: 'object', properties: {a: {$ref: '#/$defs/a'}}, $defs: {a: {type: 'string'}}})).toBe(false);
    expect(plainlyValid({type: 'object', properties: {a: {type: 'string', pattern: '^a'}}})).toBe(false);
    expect(plainlyValid({type: 'object', required: ['a', 'a']})).toBe(false);
    expect(plainlyValid({type: 'object', properties: {a: {type: 'string', description: undefined}}})).toBe(false);
    let deep: Record<string, unknown> = {type: 'string'};
    for (let i = 0; i < 40; i++) deep = {type: 'array', items: deep};
    expect(plainlyValid(deep)).toBe(false);
  });
});
