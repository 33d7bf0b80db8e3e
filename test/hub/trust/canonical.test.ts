// Canonical JSON is written by JSON.stringify with a sorted key list where
// that gives the canonical bytes, and by hand otherwise: both must agree on
// every value, or a pin would change hash between runs.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {prng as random} from '../../helpers/prng.js';
import {canonicalJson, canonicalJsonOfData, pinnedDefinition, walkedCanonicalJson} from '../../../src/hub/trust/canonical.js';
import {checkPins} from '../../../src/hub/trust/evaluate.js';
import type {Tool} from '../../../src/session/mcp-types.js';
import {MAX_JSON_DEPTH} from '../../../src/util/safe-json.js';

const KEYS = ['a', 'b', 'B', '', '10', '2', '1', 'é', 'z\u200b', '\u{1F600}', '\ud800', 'type', '__proto__', 'toJSON', 'constructor', 'length', '"q"'];
const LEAVES: unknown[] = [0, -0, 1, -1.5, 1e21, 1.5e-7, NaN, Infinity, '', 'x', 'é\u{E0041}', '\n\t"\\', '\udc00', true, false, null, undefined];

function valueGenerator(next: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const value = (depth: number): unknown => {
    const r = next();
    if (depth > 4 || r < 0.35) return pick(LEAVES);
    if (r < 0.5) return Array.from({length: Math.floor(next() * 4)}, () => value(depth + 1));
    if (r < 0.52) return pick([() => 1, Symbol('s'), 10n, new Date(0), new Map(), {toJSON: () => 'j'}]);
    const out: Record<string, unknown> = r < 0.55 ? Object.create(null) : {};
    for (let i = Math.floor(next() * 5); i > 0; i--) {
      const key = pick(KEYS);
      if (key === '__proto__') Object.defineProperty(out, key, {value: value(depth + 1), enumerable: true, configurable: true, writable: true});
      else out[key] = value(depth + 1);
    }
    return out;
  };
  return value;
}

describe('canonicalJson', () => {
  it('writes what the walk by hand writes, for 20,000 random values', () => {
    const value = valueGenerator(random(21));
    for (let i = 0; i < 20_000; i++) {
      const v = value(0);
      const fast = canonicalJson(v);
      const walked = walkedCanonicalJson(v);
      if (fast !== walked) expect.fail(`canonicalJson differs from the walk for ${walked}: ${fast}`);
    }
  });

  it('agrees when values in a row share their keys, in the same order or another (the sorted list is reused)', () => {
    const next = random(7);
    const shapes = [['type', 'properties', 'required'], ['properties', 'type', 'required'], ['type', 'properties'], ['type', 'properties', 'required', 'b']];
    for (let i = 0; i < 2_000; i++) {
      const shape = shapes[Math.floor(next() * shapes.length)]!;
      const value: Record<string, unknown> = {};
      for (const key of shape) value[key] = key === 'properties' ? {[`p${Math.floor(next() * 3)}`]: {type: 'string'}} : Math.floor(next() * 3);
      expect(canonicalJson(value)).toBe(walkedCanonicalJson(value));
    }
  });

  it('writes the right bytes when a getter in the value writes canonical JSON of its own', () => {
    const inner = {z: 1, a: {y: 2, b: 3}};
    const value = {
      m: 1,
      get k() {
        return canonicalJson(inner);
      },
      c: {x: 1},
    };
    expect(canonicalJson(value)).toBe('{"c":{"x":1},"k":"{\\"a\\":{\\"b\\":3,\\"y\\":2},\\"z\\":1}","m":1}');
  });

  it('agrees on objects with many keys (sorted by sort(), collected in a Set)', () => {
    const wide: Record<string, unknown> = {};
    for (let i = 60; i > 0; i--) wide[`k${i}`] = {[`n${i % 7}`]: i, k1: [i]};
    expect(canonicalJson({b: wide, a: wide})).toBe(walkedCanonicalJson({b: wide, a: wide}));
  });

  it('cuts what is nested too deep, as the walk does', () => {
    let deep: unknown = {x: 1};
    for (let i = 0; i < MAX_JSON_DEPTH + 2; i++) deep = {a: [deep]};
    expect(canonicalJson(deep)).toBe(walkedCanonicalJson(deep));
    expect(canonicalJson(deep)).toContain('"[too deep]"');
  });
});

describe('checkPins and invisible characters', () => {
  it('withholds a tool whose invisible character sits deeper than the canonical definition goes', () => {
    // At depth 127 of the input schema: read by the scan, cut from the definition (where it is at 128).
    let schema: Record<string, unknown> = {type: 'string', description: 'hi\u200b'};
    for (let i = 0; i < MAX_JSON_DEPTH - 1; i++) schema = {type: 'array', items: schema};
    const check = checkPins(undefined, [{name: 'deep', inputSchema: schema}], 'withhold');
    expect(check.tools.get('deep')!.withheld).toEqual(['hidden-characters']);
    const plain = checkPins(undefined, [{name: 'plain', description: 'fine', inputSchema: {type: 'object'}}], 'withhold');
    expect(plain.tools.get('plain')!.withheld).toEqual([]);
  });
});

describe('canonicalJsonOfData (a listing: most values written with the keys of those before)', () => {
  afterEach(() => vi.restoreAllMocks());

  // JSON text, parsed: JSON data as a server's listing is (an own "__proto__" member included).
  function dataGenerator(next: () => number) {
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const leaves = ['0', '-1.5', '1e21', '""', '"x"', '"é\\u0000"', 'true', 'false', 'null'];
    const text = (depth: number): string => {
      const r = next();
      if (depth > 4 || r < 0.3) return pick(leaves);
      if (r < 0.45) return `[${Array.from({length: Math.floor(next() * 3)}, () => text(depth + 1)).join(',')}]`;
      if (r < 0.47) {
        // Deeper than the "[too deep]" cut, with keys the list may already hold.
        let deep = pick(leaves);
        for (let i = Math.floor(next() * 6) + MAX_JSON_DEPTH - 4; i > 0; i--) deep = next() < 0.5 ? `{"type":${deep}}` : `[${deep}]`;
        return deep;
      }
      const members = Array.from({length: Math.floor(next() * 4)}, () => `${JSON.stringify(pick(KEYS))}:${text(depth + 1)}`);
      return `{${members.join(',')}}`;
    };
    return () => JSON.parse(text(0)) as unknown;
  }

  it('writes what the walk by hand writes, for 20,000 random JSON values in a row', () => {
    const value = dataGenerator(random(33));
    for (let i = 0; i < 20_000; i++) {
      const v = value();
      const fast = canonicalJsonOfData(v);
      const walked = walkedCanonicalJson(v);
      if (fast !== walked) expect.fail(`canonicalJsonOfData differs from the walk for ${walked}: ${fast}`);
    }
  });

  it('agrees on listings whose tools gain and lose members (guessing stops and starts again)', () => {
    const next = random(5);
    for (let i = 0; i < 2_000; i++) {
      const tool = JSON.parse(JSON.stringify({
        name: `t${i}`,
        description: 'd',
        inputSchema: {type: 'object', properties: next() < 0.5 ? {q: {type: 'string'}} : {q: {type: 'string'}, state: {type: 'string', enum: ['open', 'closed']}}, required: ['q']},
        ...(next() < 0.3 ? {annotations: {readOnlyHint: next() < 0.5}} : {}),
        ...(next() < 0.1 ? {outputSchema: {type: 'object', properties: {items: {type: 'array'}}}} : {}),
      })) as Record<string, unknown>;
      expect(canonicalJsonOfData(tool)).toBe(walkedCanonicalJson(tool));
    }
  });

  it('pins the tools of a listing that share their keys without walking each for its keys', () => {
    const tool = (i: number) => JSON.parse(JSON.stringify({name: `tool_${i}`, description: `Tool ${i}.`, inputSchema: {type: 'object', properties: {text: {type: 'string', description: 'Any text.'}, n: {type: 'number'}}, additionalProperties: false}}));
    const tools = Array.from({length: 1000}, (_, i) => tool(i));
    canonicalJsonOfData(pinnedDefinition(tool(-1)));
    // The key walk asks every object for its prototype; JSON.stringify does not.
    const spy = vi.spyOn(Object, 'getPrototypeOf');
    const texts = tools.map((t) => canonicalJsonOfData(pinnedDefinition(t)));
    const walks = spy.mock.calls.length;
    spy.mockRestore();
    expect(texts[999]).toBe(walkedCanonicalJson({description: 'Tool 999.', inputSchema: tools[999].inputSchema, name: 'tool_999'}));
    // ~0 now; 5 a tool (5,000) when each tool was walked.
    expect(walks).toBeLessThan(100);
  });

  it('walks few tools of a listing whose tools gain and lose members, and writes each as the walk does', () => {
    // As most servers list, and the shared yardstick's server: an optional parameter on every other
    // tool, annotations on one in four, an outputSchema on one in ten, and two tools of their own.
    const tool = (i: number) => {
      const t: Record<string, unknown> = {name: `tool_${i}`, title: `tool ${i}`, description: `Tool ${i}.`};
      const properties: Record<string, unknown> = {query: {type: 'string', description: 'Free-text filter'}, limit: {type: 'integer', maximum: 100}};
      if (i % 2 === 1) properties.state = {type: 'string', enum: ['open', 'closed']};
      t.inputSchema = {type: 'object', properties, required: ['query']};
      if (i % 10 === 9) t.outputSchema = {type: 'object', properties: {items: {type: 'array', items: {type: 'object'}}, total: {type: 'integer'}}, required: ['items']};
      if (i % 4 === 0) t.annotations = {readOnlyHint: i % 3 === 0};
      if (i === 48) t.inputSchema = {type: 'object', properties: {text: {type: 'string'}}, required: ['text']};
      if (i === 49) t.inputSchema = {type: 'object', properties: {ms: {type: 'integer', minimum: 0}}, required: ['ms']};
      return JSON.parse(JSON.stringify(t)) as Tool;
    };
    // Six listings of the same 50 tools, as six starts of one server.
    const tools = Array.from({length: 300}, (_, i) => tool(i % 50));
    const spy = vi.spyOn(Object, 'getPrototypeOf');
    const texts = tools.map((t) => canonicalJsonOfData(pinnedDefinition(t)));
    const walks = spy.mock.calls.length;
    spy.mockRestore();
    for (let i = 0; i < tools.length; i++) expect(texts[i]).toBe(walkedCanonicalJson(tools[i]));
    // ~30 calls now (a walk when a key is new); ~1,900 when a miss stopped the guessing until two
    // tools in a row had the same keys, which tools alternating an optional member never have.
    expect(walks).toBeLessThan(200);
  });
});

describe('canonicalJsonsOfData (a listing written in one piece)', () => {
  afterEach(() => vi.restoreAllMocks());

  const BOUNDARY_TEXT = '},-7.2973525643e-303,{';

  /** Tool-like definitions as a server lists them, with now and then a member of its own, a marker in a text, or a value nested past the cut. */
  function listingGenerator(next: () => number) {
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const texts = ['Any text.', `ends with ${BOUNDARY_TEXT}`, BOUNDARY_TEXT, `${BOUNDARY_TEXT}"`, 'é\u0000', '-7.2973525643e-303'];
    return (i: number): unknown => {
      const properties: Record<string, unknown> = {text: {type: 'string', description: pick(texts)}};
      if (next() < 0.3) properties[pick(['state', 'n', BOUNDARY_TEXT, 'q'])] = {type: 'number', default: -7.2973525643e-303};
      const tool: Record<string, unknown> = {name: `tool_${i}`, description: pick(texts), inputSchema: {type: 'object', properties}};
      if (next() < 0.1) tool.annotations = {readOnlyHint: true};
      if (next() < 0.03) {
        let deep: unknown = 'bottom';
        for (let d = MAX_JSON_DEPTH + Math.floor(next() * 3) - 2; d > 0; d--) deep = {items: deep};
        tool.outputSchema = deep;
      }
      if (next() < 0.03) return pick([[tool], 'text', 7, null]);
      return JSON.parse(JSON.stringify(tool)) as unknown;
    };
  }

  it('writes each value of 400 random listings as the walk does', async () => {
    // A fresh module each time: the keys it learned from one listing must not decide the next test.
    vi.resetModules();
    const {canonicalJsonsOfData} = await import('../../../src/hub/trust/canonical.js');
    const next = random(17);
    const value = listingGenerator(next);
    for (let l = 0; l < 400; l++) {
      // Now and then longer than one piece (canonical-data.ts' CHUNK), so pieces that fall back sit beside pieces that do not.
      const length = l % 40 === 0 ? 300 + Math.floor(next() * 500) : 1 + Math.floor(next() * 40);
      const listing = Array.from({length}, (_, i) => value(i));
      const texts = canonicalJsonsOfData(listing);
      expect(texts.length).toBe(listing.length);
      for (let i = 0; i < listing.length; i++) {
        const walked = walkedCanonicalJson(listing[i]);
        if (texts[i] !== walked) expect.fail(`listing ${l}, value ${i}: ${texts[i]} instead of ${walked}`);
      }
    }
  });

  it('is not misled by a text that holds what stands between two values', async () => {
    vi.resetModules();
    const {canonicalJsonsOfData} = await import('../../../src/hub/trust/canonical.js');
    const tool = (i: number, description: string) => ({name: `tool_${i}`, description, inputSchema: {type: 'object'}});
    const listing = [tool(0, 'plain'), tool(1, `a${BOUNDARY_TEXT}`), tool(2, 'plain')];
    // The second text's description ends where a boundary would: `…{"` then the closing quote of
    // a key or text. Written together, three boundaries are found for two.
    const tricky = [tool(0, 'x'), {name: 'tool_1', description: 'y', [`k${BOUNDARY_TEXT}`]: 1}, tool(2, 'z')];
    for (const values of [listing, tricky]) expect(canonicalJsonsOfData(values)).toEqual(values.map((v) => walkedCanonicalJson(v)));
  });

  it('cuts a value nested too deep in a listing written in one piece, as the walk does', async () => {
    vi.resetModules();
    const {canonicalJsonsOfData} = await import('../../../src/hub/trust/canonical.js');
    const nested = (depth: number) => {
      let v: unknown = {type: 'string'};
      for (let d = 0; d < depth; d++) v = {type: 'array', items: v};
      return v;
    };
    // Every tool has the same keys, so the listing is written in pieces; one nests past the cut.
    const listing = Array.from({length: 300}, (_, i) => ({name: `tool_${i}`, inputSchema: nested(i === 150 ? MAX_JSON_DEPTH + 2 : 3)}));
    const texts = canonicalJsonsOfData(listing);
    expect(texts[150]).toContain('"[too deep]"');
    expect(texts).toEqual(listing.map((v) => walkedCanonicalJson(v)));
  });

  it('writes a 1,000-tool listing with a few JSON.stringify calls, not two per tool', async () => {
    vi.resetModules();
    const {canonicalJsonsOfData, definitionHash, pinnedDefinition} = await import('../../../src/hub/trust/canonical.js');
    // The shared yardstick's shapes: an optional parameter on every other tool, annotations on one in four.
    const tool = (i: number) => {
      const properties: Record<string, unknown> = {query: {type: 'string', description: 'Free-text filter'}, limit: {type: 'integer', maximum: 100}};
      if (i % 2 === 1) properties.state = {type: 'string', enum: ['open', 'closed']};
      const t: Record<string, unknown> = {name: `tool_${i}`, description: `Tool ${i}.`, inputSchema: {type: 'object', properties, required: ['query']}};
      if (i % 4 === 0) t.annotations = {readOnlyHint: i % 3 === 0};
      return JSON.parse(JSON.stringify(t)) as Tool;
    };
    const tools = Array.from({length: 1000}, (_, i) => tool(i));
    const spy = vi.spyOn(JSON, 'stringify');
    // As a listing is written to be checked against pins read from a file (evaluate.ts).
    const texts = canonicalJsonsOfData(tools.map(pinnedDefinition));
    const writes = spy.mock.calls.length;
    spy.mockRestore();
    for (let i = 0; i < tools.length; i++) expect(texts[i]).toBe(walkedCanonicalJson(tools[i]));
    expect(new Set(texts.map(definitionHash)).size).toBe(1000);
    // 2 now (the listing with the key list and without); ~2,000 value by value (canonicalJsonOfData:
    // the text and JSON.stringify's own to measure it, per tool).
    expect(writes).toBeLessThan(20);
  });
});
