// Pins made from a listing hold the listed tools, not their canonical text
// (issue #17): a later listing is compared with them by value. Every verdict
// must be the one a pin read from a file (its text) gives, and the text
// written out must be the canonical one.
import v8 from 'node:v8';
import {runInNewContext} from 'node:vm';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {leastAllocated} from '../../helpers/allocated.js';
import {prng} from '../../helpers/prng.js';
import {canonicalJson, pinnedDefinition, walkedCanonicalJson} from '../../../src/hub/trust/canonical.js';
import {checkPins, type ServerPinCheck} from '../../../src/hub/trust/evaluate.js';
import {samePinnedDefinition} from '../../../src/hub/trust/pinned-definition.js';
import {readServerPins, type ServerPins} from '../../../src/hub/trust/pins.js';
import type {Tool} from '../../../src/session/mcp-types.js';
import {MAX_JSON_DEPTH} from '../../../src/util/safe-json.js';

const when = new Date('2026-12-01T00:00:00Z');
const later = new Date('2026-12-02T00:00:00Z');

/** A listing as a server sends it: fresh objects, as JSON.parse makes them. */
const listing = (n: number, description = (i: number) => `Tool ${i}: echoes its text.`): Tool[] =>
  JSON.parse(JSON.stringify(Array.from({length: n}, (_, i) => ({
    name: `tool_${i}`,
    description: description(i),
    inputSchema: {type: 'object', properties: {text: {type: 'string', description: 'Any text.'}, n: {type: 'number', minimum: 0}}, required: ['text']},
    ...(i % 4 === 0 ? {annotations: {readOnlyHint: true}} : {}),
  })))) as Tool[];

/** Every key of every object in another order (reversed), values alike. */
const reordered = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(reordered);
  if (typeof v !== 'object' || v === null) return v;
  return Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reordered(x)]));
};

/** Pins as the record or the pin file hold them: plain JSON read back. */
const stored = (pins: ServerPins) => readServerPins(JSON.parse(JSON.stringify(pins)))!;

/** What a person is told of a check: each tool's verdict and the pins' fate. */
const told = (c: ServerPinCheck) => ({tools: [...c.tools], removed: c.removed, changed: c.changed});

afterEach(() => vi.restoreAllMocks());

describe('a listing against the pins this process made', () => {
  it('is compared by value: keys in another order and members set to undefined are the same pin, with no text written', () => {
    const kept = checkPins(undefined, listing(300), 'withhold', when).pins;
    const again = (listing(300).map(reordered) as Tool[]).map((t, i) => (i % 2 ? {...t, title: undefined} : t));
    const write = vi.spyOn(JSON, 'stringify');
    const check = checkPins(kept, again, 'withhold', later);
    // No canonical text (a write with the key list): 2 plain writes, one a piece for the ASCII test;
    // 2 pieces written with the key list and again without when pins were compared by their text.
    expect(write.mock.calls.map((args) => args.length)).toEqual([1, 1]);
    expect([check.changed, check.pins]).toEqual([false, kept]);
    expect(new Set(check.tools.values())).toEqual(new Set([{state: 'pinned', pinnedAt: when.toISOString(), withheld: [], mustAsk: false}]));
  });

  it('compares equal definitions without allocating', () => {
    const a = listing(1000);
    const b = listing(1000).map(reordered) as Tool[];
    const bytes = leastAllocated(5, () => () => {
      for (let i = 0; i < a.length; i++) if (!samePinnedDefinition(a[i]!, b[i]!)) throw new Error(`tool ${i} differs`);
    });
    // ~0 now; the canonical texts of both sides were ~1.4 KB a tool.
    expect(bytes).toBeLessThan(4_000);
  });

  it('keeps the objects of the latest listing only, not those of the listing first pinned', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    let first: Tool[] | undefined = listing(50);
    const firstTool = new WeakRef(first[7]!);
    const kept = checkPins(undefined, first, 'withhold', when).pins;
    first = undefined;
    const second = listing(50);
    expect(checkPins(kept, second, 'withhold', later).changed).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    expect(firstTool.deref()).toBeUndefined();
    expect(kept.tools.tool_7!.definition).toBe(walkedCanonicalJson(pinnedDefinition(second[7]!)));
  });

  it('sees a difference past the depth cut as canonical JSON does: the same pin', () => {
    const deep = (leaf: number): unknown => {
      let v: unknown = leaf;
      for (let d = 0; d < MAX_JSON_DEPTH + 3; d++) v = {x: v};
      return v;
    };
    const tool = (leaf: number) => ({name: 'deep', inputSchema: {type: 'object', properties: {p: deep(leaf)}}}) as unknown as Tool;
    const kept = checkPins(undefined, [tool(1)], 'withhold', when).pins;
    expect(samePinnedDefinition(tool(1), tool(2))).toBe(false);
    expect(checkPins(kept, [tool(2)], 'withhold', later).tools.get('deep')).toMatchObject({state: 'pinned', withheld: []});
    expect(checkPins(stored(kept), [tool(2)], 'withhold', later).tools.get('deep')).toMatchObject({state: 'pinned', withheld: []});
  });
});

describe('pins by value against pins read back from a file', () => {
  // Random definitions and random edits, as a server may change a tool: each
  // listing checked against the pins of the first, kept in memory and read back.
  const LEAVES: unknown[] = [0, -0, 1, 2.5, '', 'x', 'y\u200b', true, false, null];
  const KEYS = ['type', 'description', 'enum', 'items', 'a', 'b', '__proto__', 'properties'];

  const value = (next: () => number, depth: number): unknown => {
    const r = next();
    if (depth > 3 || r < 0.4) return LEAVES[Math.floor(next() * LEAVES.length)];
    if (r < 0.6) return Array.from({length: Math.floor(next() * 3)}, () => value(next, depth + 1));
    const out: Record<string, unknown> = {};
    for (let k = Math.floor(next() * 4); k > 0; k--) Object.defineProperty(out, KEYS[Math.floor(next() * KEYS.length)]!, {value: value(next, depth + 1), enumerable: true, writable: true, configurable: true});
    return out;
  };

  /** One random edit somewhere in `v`, or none; what canonical JSON says of it is the judge. */
  const edited = (v: unknown, next: () => number): unknown => {
    if (Array.isArray(v)) {
      if (v.length > 1 && next() < 0.2) return [...v.slice(1), v[0]];
      const at = Math.floor(next() * (v.length + 1));
      return at === v.length ? (next() < 0.5 ? [...v, null] : v) : v.map((x, i) => (i === at ? edited(x, next) : x));
    }
    if (typeof v !== 'object' || v === null) return next() < 0.5 ? v : LEAVES[Math.floor(next() * LEAVES.length)];
    const entries = Object.entries(v);
    const r = next();
    if (r < 0.15) entries.reverse();
    else if (r < 0.25) entries.push([KEYS[Math.floor(next() * KEYS.length)]!, undefined]);
    else if (r < 0.35 && entries.length > 0) entries.pop();
    else if (r < 0.45) entries.push(['extra', value(next, 3)]);
    else if (entries.length > 0) {
      const at = Math.floor(next() * entries.length);
      entries[at] = [entries[at]![0], edited(entries[at]![1], next)];
    }
    const out: Record<string, unknown> = {};
    for (const [k, x] of entries) Object.defineProperty(out, k, {value: x, enumerable: true, writable: true, configurable: true});
    return out;
  };

  it('gives every tool the verdict and the changes the stored text gives, in every mode', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const next = prng(seed);
      const first = Array.from({length: 12}, (_, i) => ({name: `t${i}`, description: `d${i}`, inputSchema: {type: 'object', properties: value(next, 1)}, ...(next() < 0.3 ? {annotations: value(next, 2)} : {})})) as Tool[];
      const second = first.map((t) => (next() < 0.5 ? (edited(t, next) as Tool) : t)).filter((t) => typeof t.name === 'string' && t.name !== '');
      for (const mode of ['withhold', 'ask', 'allow'] as const) {
        const kept = checkPins(undefined, first, mode, when).pins;
        const byText = checkPins(stored(kept), second, mode, later);
        const byValue = checkPins(kept, second, mode, later);
        expect(told(byValue), `seed ${seed}, ${mode}`).toEqual(told(byText));
        for (const tool of second) {
          const pinned = first.find((t) => t.name === tool.name);
          if (!pinned) continue;
          const same = canonicalJson(pinnedDefinition(pinned)) === canonicalJson(pinnedDefinition(tool));
          expect(byValue.tools.get(tool.name)!.state, `seed ${seed}, ${tool.name}`).toBe(same ? 'pinned' : 'changed');
        }
        // What is written is the stored shape, text for text.
        expect(JSON.parse(JSON.stringify(byValue.pins))).toEqual(JSON.parse(JSON.stringify(byText.pins)));
      }
    }
  });
});

describe('pins written out', () => {
  it("write a first sight's texts together, the same bytes as each pin's own", () => {
    const check = checkPins(undefined, listing(1000), 'withhold', when);
    const own = JSON.stringify({tools: Object.fromEntries(Object.entries(check.pins.tools).map(([name, pin]) => [name, JSON.parse(JSON.stringify(pin))]))});
    const write = vi.spyOn(JSON, 'stringify');
    const written = JSON.stringify(check.pins);
    const writes = write.mock.calls.length;
    write.mockRestore();
    expect(written).toBe(own);
    // ~10 now (the record's own call, and 4 pieces of 256 written twice); ~2,000 when each pin wrote its own text.
    expect(writes).toBeLessThan(20);
    // Read back, they are the pins of that listing.
    expect(checkPins(stored(check.pins), listing(1000), 'withhold', later).changed).toBe(false);
  });
});
