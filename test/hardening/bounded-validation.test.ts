// Issue #12, round two: validating a server's structuredContent against its
// own outputSchema must take time linear in the result. Before, `^(a+)+$`
// against forty a's and a "!" pinned the CPU: no timeout fired, no other
// server answered, SIGINT was ignored. These tests hang (and time out)
// without the fix; with it they finish at once.
import {describe, expect, it} from 'vitest';
import {OutputValidator} from '../../src/hub/output-validator.js';
import {schemaCost} from '../../src/hub/schema/cost.js';
import {textOf} from '../helpers/hub.js';
import {expectNeighbourServes, startFault, useFaultKit} from './fault-kit.js';

const check = (outputSchema: Record<string, unknown>, structuredContent: unknown) => new OutputValidator().validate({alias: 's', tool: 't', outputSchema}, {structuredContent});
const EVIL = `${'a'.repeat(40)}!`;

describe('catastrophic patterns run in linear time', () => {
  it('pattern ^(a+)+$ against forty a and "!" is a mismatch, found at once', () => {
    const r = check({type: 'object', properties: {w: {type: 'string', pattern: '^(a+)+$'}}}, {w: EVIL});
    expect(r).toMatchObject({ok: false, message: expect.stringContaining('/w must match pattern "^(a+)+$"')});
    expect(check({type: 'object', properties: {w: {type: 'string', pattern: '^(a+)+$'}}}, {w: 'aaaa'})).toEqual({ok: true});
  });

  it('patternProperties with a catastrophic pattern, on a long key', () => {
    const schema = {type: 'object', patternProperties: {'^(a|aa)+$': {type: 'string'}}};
    expect(check(schema, {[EVIL]: 1})).toEqual({ok: true}); // the key does not match, so nothing applies
    expect(check(schema, {[`a`.repeat(41)]: 1})).toMatchObject({ok: false});
  });

  it('a pattern RE2 cannot run (lookahead, backreference) is skipped with a warning; the rest of the schema still applies', () => {
    const schema = {type: 'object', properties: {w: {type: 'string', pattern: '^(?=a)\\w+$'}, b: {pattern: '(x)\\1'}, n: {type: 'integer'}}};
    const ok = check(schema, {w: 'zzz', n: 1});
    expect(ok).toMatchObject({ok: true, warning: expect.stringMatching(/2 patterns of the outputSchema cannot run on a linear-time regex engine and are not checked: "\^\(\?=a\)\\\\w\+\$" \(invalid or unsupported Perl syntax/)});
    expect(check(schema, {w: 'zzz', n: 'one'})).toMatchObject({ok: false, message: expect.stringContaining('/n must be integer')});
  });
});

describe('other keywords stay linear', () => {
  it('uniqueItems over 30,000 objects, and key order does not make two objects different', () => {
    const items = Array.from({length: 30_000}, (_, i) => ({id: i, tags: ['a', String(i)]}));
    expect(check({type: 'array', uniqueItems: true}, items)).toEqual({ok: true});
    expect(check({type: 'array', uniqueItems: true}, [{a: 1, b: 2}, {b: 2, a: 1}])).toMatchObject({ok: false});
    expect(check({type: 'array', uniqueItems: true}, [1, '1', [1], {x: 1}])).toEqual({ok: true});
  });

  it('$refs whose combinators double at every level are refused before compiling, with a warning', () => {
    const $defs: Record<string, unknown> = {a40: {type: 'number'}};
    for (let i = 39; i >= 0; i--) $defs[`a${i}`] = {anyOf: [{$ref: `#/$defs/a${i + 1}`}, {$ref: `#/$defs/a${i + 1}`}]};
    const schema = {$defs, $ref: '#/$defs/a0'};
    expect(schemaCost(schema)).toBeGreaterThan(50_000);
    expect(check(schema, 'not a number')).toMatchObject({ok: true, warning: expect.stringContaining('too costly to check on every call')});
    // A normal recursive schema (a tree) is fine.
    const tree = {type: 'object', properties: {kids: {type: 'array', items: {$ref: '#'}}}};
    expect(check(tree, {kids: [{kids: []}, {kids: [{kids: 'x'}]}]})).toMatchObject({ok: false});
  });

  it('a schema nested 10,000 deep is not compiled (a warning), and formats are never checked', () => {
    let deep: Record<string, unknown> = {type: 'string'};
    for (let i = 0; i < 10_000; i++) deep = {type: 'object', properties: {a: deep}};
    expect(check(deep, {})).toMatchObject({ok: true, warning: expect.stringContaining('nested more than 64 levels deep')});
    expect(check({type: 'string', format: 'email'}, 'not an email')).toEqual({ok: true});
  });
});

describe('through the hub', () => {
  useFaultKit();
  it('a redos outputSchema makes that call an isError result; the server and its neighbour keep answering', async () => {
    const {hub} = await startFault('hostile_results');
    const r = await hub.call('mcp__x__redos', {});
    expect(r).toMatchObject({isError: true, failure: 'invalid-output'});
    expect(textOf(r)).toMatch(/\/word must match pattern/);
    // Matching the key is where a backtracking engine would spin; the key does not match, so the result is fine.
    expect((await hub.call('mcp__x__redos_keys', {})).isError).toBeFalsy();
    const look = await hub.call('mcp__x__lookahead', {});
    expect(look.isError).toBeFalsy();
    expect(look.warnings?.[0]).toMatch(/not checked/);
    expect(await hub.call('mcp__x__lookahead', {count: 'x'})).toMatchObject({isError: true, failure: 'invalid-output'});
    expect(textOf(await hub.call('mcp__x__echo', {text: 'still here'}))).toBe('still here');
    await expectNeighbourServes(hub);
  });
});
