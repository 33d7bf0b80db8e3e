import {describe, expect, it} from 'vitest';
import {stripAddedNulls, toStrictSchema} from '../../../src/agent/models/openai-schema.js';

describe('strict-mode conversion of MCP input schemas', () => {
  it('closes nested objects, makes optional properties nullable and says what it changed', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        path: {type: 'string'},
        options: {type: 'object', properties: {depth: {type: 'integer'}, mode: {enum: ['a', 'b']}}, required: ['depth']},
        when: {type: 'string', format: 'date-time'},
        color: {type: 'string', format: 'color'},
      },
      required: ['path'],
    };
    const r = toStrictSchema(schema);
    expect(r).toEqual({
      strict: true,
      parameters: {
        type: 'object',
        properties: {
          path: {type: 'string'},
          options: {anyOf: [{type: 'object', properties: {depth: {type: 'integer'}, mode: {anyOf: [{enum: ['a', 'b']}, {type: 'null'}]}}, required: ['depth', 'mode'], additionalProperties: false}, {type: 'null'}]},
          when: {type: ['string', 'null'], format: 'date-time'},
          color: {type: ['string', 'null']},
        },
        required: ['path', 'options', 'when', 'color'],
        additionalProperties: false,
      },
      changes: ['4 optional properties made nullable (nulls are removed before the call)', '2 objects closed (additionalProperties: false)', 'dropped $schema, format "color"'],
    });
    // The caller's schema is untouched.
    expect(schema.properties.options).not.toHaveProperty('additionalProperties');
  });

  it('follows $ref into $defs', () => {
    const schema = {type: 'object', properties: {item: {$ref: '#/$defs/Item'}}, required: ['item'], $defs: {Item: {type: 'object', properties: {id: {type: 'string'}, note: {type: 'string'}}, required: ['id']}}};
    const r = toStrictSchema(schema);
    expect(r.strict).toBe(true);
    expect(stripAddedNulls({item: {id: 'x', note: null}}, schema)).toEqual({item: {id: 'x'}});
  });

  it('removes only the nulls it caused', () => {
    const schema = {type: 'object', properties: {a: {type: 'string'}, b: {type: ['string', 'null']}, c: {type: 'string'}, list: {type: 'array', items: {type: 'object', properties: {x: {type: 'number'}}}}}, required: ['c']};
    expect(stripAddedNulls({a: null, b: null, c: null, list: [{x: null}, {x: 1}]}, schema)).toEqual({b: null, c: null, list: [{}, {x: 1}]});
  });

  it.each([
    [{type: 'object', properties: {q: {type: 'string', minLength: 1}}}, '$.q: strict mode does not take "minLength"'],
    [{type: 'object', properties: {v: {oneOf: [{type: 'string'}, {type: 'number'}]}}}, '$.v: strict mode does not take "oneOf"'],
    [{type: 'object', properties: {meta: {type: 'object', additionalProperties: {type: 'string'}}}}, '$.meta: an object that takes any keys (additionalProperties)'],
    [{type: 'object', properties: {anything: {}}}, '$.anything: a value of any type'],
    [{type: 'object'}, '$: an object with no listed properties'],
    [{type: 'object', properties: {x: {type: 'string'}}, patternProperties: {'^y': {type: 'string'}}}, '$: strict mode does not take "patternProperties"'],
  ])('falls back to non-strict for %j, naming why', (schema, reason) => {
    const r = toStrictSchema(schema);
    expect(r.strict).toBe(false);
    expect(r.strict === false && r.reasons).toContain(reason);
  });

  it('refuses schemas nested deeper than strict mode allows', () => {
    let deep: Record<string, unknown> = {type: 'string'};
    for (let i = 0; i < 12; i++) deep = {type: 'object', properties: {n: deep}, required: ['n']};
    const r = toStrictSchema(deep);
    expect(r.strict === false && r.reasons.some((x) => /nested deeper than 10 levels/.test(x))).toBe(true);
  });
});
