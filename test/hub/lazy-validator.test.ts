// Ajv (the output validator) is a heavy import: the hub loads it at the first
// call of a tool that declares an outputSchema, never for a listing. The mock's factory runs when the module is first imported, so
// it records exactly when that happens.
import {afterEach, expect, it, vi} from 'vitest';
import {chaos, testHub, nodeServer} from '../helpers/hub.js';
import type {Hub} from '../../src/hub/hub.js';

const loaded = vi.hoisted(() => [] as string[]);
vi.mock('../../src/hub/output-validator.js', async (importOriginal) => {
  loaded.push('output-validator');
  return importOriginal();
});

let hub: Hub | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
});

it('lists and calls tools without an outputSchema without loading the output validator', async () => {
  ({hub} = testHub([nodeServer('tickets', 'tickets.mjs')]));
  await hub.start();
  expect(hub.catalog.entries.length).toBeGreaterThan(0);
  expect(hub.catalog.entries.every((e) => e.outputSchema === undefined)).toBe(true);
  expect((await hub.call('mcp__tickets__search', {query: 'x'})).isError).toBeFalsy();
  expect(loaded).toEqual([]);
});

it('loads it at the first call of a tool with an outputSchema, and checks that call’s result', async () => {
  ({hub} = testHub([chaos('c', 'ok')]));
  await hub.start();
  expect(hub.catalog.entries.some((e) => e.outputSchema !== undefined)).toBe(true);
  expect(loaded).toEqual([]);
  const bad = await hub.call('mcp__c__structured', {valid: false});
  expect(bad).toMatchObject({isError: true, failure: 'invalid-output'});
  expect(loaded).toEqual(['output-validator']);
  expect((await hub.call('mcp__c__structured', {valid: true})).isError).toBeFalsy();
});
