// The input-schema check runs on Ajv's standalone compilation of the 2020-12
// meta-schema (no Ajv at run time). It must stay what the script makes from
// the installed Ajv, and give Ajv's own verdicts.
import {readFileSync} from 'node:fs';
import {Ajv2020} from 'ajv/dist/2020.js';
import {beforeAll, describe, expect, it} from 'vitest';
import {describeSchemaError, loadMetaSchema, metaSchemaProblem} from '../../../src/hub/schema/meta-schema.js';
// @ts-expect-error: a plain script without types
import {generate} from '../../../scripts/gen-meta-schema.mjs';

const META = 'https://json-schema.org/draft/2020-12/schema';

describe('the precompiled 2020-12 meta-schema', () => {
  beforeAll(() => loadMetaSchema());

  it('is what scripts/gen-meta-schema.mjs makes from the installed Ajv (run it after an Ajv upgrade)', () => {
    const committed = readFileSync(new URL('../../../src/hub/schema/meta-2020.generated.ts', import.meta.url), 'utf8');
    expect(committed === (generate() as string)).toBe(true);
  });

  it('gives the verdicts and first errors Ajv gives', () => {
    const ajv = new Ajv2020({strict: false, allErrors: false, logger: false, validateFormats: false, validateSchema: true, ownProperties: true});
    const cases: Array<Record<string, unknown>> = [
      {type: 'object'},
      {type: 'objekt'},
      {type: 'object', properties: {a: {type: 'string', minLength: -1}}},
      {type: 'object', required: 'x'},
      {type: 'object', properties: {x: {$ref: 5}}},
      {type: 'object', additionalProperties: 7},
      {type: 'object', properties: {a: {type: ['string', 'string']}}},
      {type: 'object', $defs: {a: {type: 'nope'}}, properties: {b: {$ref: '#/$defs/a'}}},
      {type: 'object', properties: {deep: {items: {properties: {x: {enum: 3}}}}}},
    ];
    for (const schema of cases) {
      const valid = ajv.validate(META, schema);
      expect(metaSchemaProblem(schema)).toBe(valid ? undefined : describeSchemaError(ajv.errors));
    }
    expect(metaSchemaProblem({type: 'objekt'})).toMatch(/\/type must be equal to one of the allowed values|must match a schema in anyOf/);
  });
});
