import {describe, expect, it} from 'vitest';
import {encodeHeaderValue, paramHeaders, paramValue} from '../../../src/transport/http/param-headers.js';

const schema = (properties: Record<string, unknown>) => ({type: 'object', properties});

describe('x-mcp-header annotations', () => {
  it('finds annotations reachable through properties, nested objects included', () => {
    const found = paramHeaders(schema({region: {type: 'string', 'x-mcp-header': 'Region'}, opts: {type: 'object', properties: {n: {type: 'integer', 'x-mcp-header': 'N'}}}, q: {type: 'string'}}));
    expect(found).toEqual({ok: true, headers: [{name: 'Region', path: ['region']}, {name: 'N', path: ['opts', 'n']}]});
  });

  it.each([
    ['empty', schema({v: {type: 'string', 'x-mcp-header': ''}}), /is empty/],
    ['a space', schema({v: {type: 'string', 'x-mcp-header': 'My Region'}}), /not a valid header name/],
    ['a colon', schema({v: {type: 'string', 'x-mcp-header': 'A:B'}}), /not a valid header name/],
    ['non-ASCII', schema({v: {type: 'string', 'x-mcp-header': 'Région'}}), /not a valid header name/],
    ['a control character', schema({v: {type: 'string', 'x-mcp-header': 'A\tB'}}), /not a valid header name/],
    ['not a string', schema({v: {type: 'string', 'x-mcp-header': 7}}), /not a string/],
    ['an object property', schema({v: {type: 'object', 'x-mcp-header': 'V'}}), /only string, integer and boolean/],
    ['a number property', schema({v: {type: 'number', 'x-mcp-header': 'V'}}), /only string, integer and boolean/],
    ['a null property', schema({v: {type: 'null', 'x-mcp-header': 'V'}}), /only string, integer and boolean/],
    ['duplicates', schema({a: {type: 'string', 'x-mcp-header': 'X'}, b: {type: 'string', 'x-mcp-header': 'X'}}), /used twice/],
    ['duplicates in another case', schema({a: {type: 'string', 'x-mcp-header': 'MyField'}, b: {type: 'string', 'x-mcp-header': 'myfield'}}), /used twice/],
    ['inside items', schema({a: {type: 'array', items: {type: 'string', 'x-mcp-header': 'X'}}}), /not reachable/],
    ['inside anyOf', schema({a: {anyOf: [{type: 'string', 'x-mcp-header': 'X'}]}}), /not reachable/],
    ['inside $defs', {type: 'object', $defs: {x: {type: 'string', 'x-mcp-header': 'X'}}, properties: {}}, /not reachable/],
    ['on the root', {type: 'object', 'x-mcp-header': 'X'}, /schema root/],
  ])('rejects a tool whose annotation is %s', (_what, s, reason) => {
    const found = paramHeaders(s);
    expect(found.ok).toBe(false);
    expect(!found.ok && found.reason).toMatch(reason);
  });

  it('accepts schemas without annotations, and non-object schemas say nothing', () => {
    expect(paramHeaders(schema({a: {type: 'string'}}))).toEqual({ok: true, headers: []});
    expect(paramHeaders(undefined)).toEqual({ok: true, headers: []});
  });
});

describe('header values', () => {
  it.each([
    ['us-west1', 'us-west1'],
    ['us west 1', 'us west 1'],
    ['', ''],
    ['Hello, 世界', '=?base64?SGVsbG8sIOS4lueVjA==?='],
    [' padded ', '=?base64?IHBhZGRlZCA=?='],
    ['line1\nline2', '=?base64?bGluZTEKbGluZTI=?='],
    ['\tindented', `=?base64?${Buffer.from('\tindented').toString('base64')}?=`],
    ['=?base64?literal?=', '=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?='],
  ])('%j is sent as %j', (value, sent) => {
    expect(encodeHeaderValue(value)).toBe(sent);
  });

  it('mirrors primitives by path and omits absent, null and structured values', () => {
    const args = {region: 'eu', n: 42, on: false, nested: {deep: true}, nil: null, list: [1]};
    expect(paramValue(args, ['region'])).toBe('eu');
    expect(paramValue(args, ['n'])).toBe('42');
    expect(paramValue(args, ['on'])).toBe('false');
    expect(paramValue(args, ['nested', 'deep'])).toBe('true');
    expect(paramValue(args, ['nil'])).toBeUndefined();
    expect(paramValue(args, ['missing'])).toBeUndefined();
    expect(paramValue(args, ['list'])).toBeUndefined();
    expect(paramValue(args, ['toString'])).toBeUndefined();
  });
});
