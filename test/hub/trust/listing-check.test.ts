// A whole listing against its pins (issue #17): what a start with kept pins
// makes per tool, and the invisible-character test done once per piece of the
// listing's canonical text instead of once per tool.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {checkPins} from '../../../src/hub/trust/evaluate.js';
import {readServerPins} from '../../../src/hub/trust/pins.js';
import type {Tool} from '../../../src/session/mcp-types.js';

const when = new Date('2026-12-01T00:00:00Z');
const later = new Date('2026-12-02T00:00:00Z');

/** A listing as a server sends it: fresh objects every time, as JSON.parse makes them. */
const listing = (n: number, description = (i: number) => `Tool ${i}: echoes its text.`): Tool[] =>
  Array.from({length: n}, (_, i) =>
    JSON.parse(JSON.stringify({
      name: `tool_${i}`,
      description: description(i),
      inputSchema: {type: 'object', properties: {text: {type: 'string', description: 'Any text.'}, n: {type: 'number'}}},
    })) as Tool,
  );

afterEach(() => vi.restoreAllMocks());

describe('a listing checked against the pins it matches', () => {
  it('keeps those pins as they are, with one verdict for the tools pinned together', () => {
    const kept = checkPins(undefined, listing(600), 'withhold', when).pins;
    const check = checkPins(kept, listing(600), 'withhold', later);
    expect(check.changed).toBe(false);
    // The pins given, not a table of the same pins (nor a new pin per tool) made to be thrown away.
    expect(check.pins).toBe(kept);
    const verdicts = new Set(check.tools.values());
    expect(verdicts.size).toBe(1);
    expect([...verdicts][0]).toEqual({state: 'pinned', pinnedAt: when.toISOString(), withheld: [], mustAsk: false});
    expect(Object.isFrozen([...verdicts][0])).toBe(true);
  });

  it('makes the pins after a change from the pins kept before it, whatever tool changes first', () => {
    const kept = checkPins(undefined, listing(300), 'withhold', when).pins;
    for (const at of [0, 150, 299]) {
      const tools = listing(300, (i) => (i === at ? 'Changed.' : `Tool ${i}: echoes its text.`));
      const allowed = checkPins(kept, tools, 'allow', later);
      expect(allowed.changed).toBe(true);
      expect(Object.keys(allowed.pins.tools)).toHaveLength(300);
      for (let i = 0; i < 300; i++) {
        const pin = allowed.pins.tools[`tool_${i}`]!;
        if (i === at) expect([pin.pinnedAt, JSON.parse(pin.definition).description]).toEqual([later.toISOString(), 'Changed.']);
        else expect(pin).toBe(kept.tools[`tool_${i}`]);
      }
      // Withheld, the change saves nothing: the pins stay those given.
      const withheld = checkPins(kept, tools, 'withhold', later);
      expect([withheld.changed, withheld.pins]).toEqual([false, kept]);
      expect(withheld.tools.get(`tool_${at}`)).toMatchObject({state: 'changed', withheld: ['changed']});
    }
    // A tool gone: the others keep their pins, the gone one is dropped.
    const fewer = checkPins(kept, listing(299), 'withhold', later);
    expect([fewer.changed, fewer.removed, Object.keys(fewer.pins.tools).length]).toEqual([true, ['tool_299'], 299]);
    expect(fewer.pins.tools.tool_0).toBe(kept.tools.tool_0);
  });
});

describe('invisible characters in a listing', () => {
  /** Pins as the record or the pin file hold them: plain JSON read back. */
  const stored = (n: number) => readServerPins(JSON.parse(JSON.stringify(checkPins(undefined, listing(n), 'withhold', when).pins)))!;

  it('are looked for once per piece of the listing when its text is written for pins read from a file, and still found where they are', () => {
    const pins = stored(1000);
    const test = vi.spyOn(RegExp.prototype, 'test');
    const asciiTests = () => test.mock.contexts.filter((re) => (re as RegExp).source === '[^\\x00-\\x7f]').length;
    const plain = checkPins(pins, listing(1000), 'withhold', when);
    expect([...plain.tools.values()].every((v) => v.withheld.length === 0 && v.state === 'pinned')).toBe(true);
    // 4 now (one per piece of 256 tools); 1,000 when every tool's text was tested.
    expect(asciiTests()).toBeLessThan(20);

    // A zero-width space in one tool, an accent in another (not hidden): only the first is withheld.
    test.mockClear();
    const marked = listing(1000, (i) => (i === 300 ? 'Reads\u200b files.' : i === 700 ? 'Café menu.' : `Tool ${i}: echoes its text.`));
    const check = checkPins(pins, marked, 'withhold', when);
    const withheld = [...check.tools].filter(([, v]) => v.withheld.length > 0);
    expect(withheld.map(([name, v]) => [name, v.withheld])).toEqual([['tool_300', ['changed', 'hidden-characters']], ['tool_700', ['changed']]]);
    // The two pieces that hold them are tested tool by tool, the other two once each.
    expect(asciiTests()).toBeLessThan(600);
  });

  it('are looked for once per piece in a first sight too, which writes no canonical text, and still found where they are', () => {
    const plain = listing(1000);
    const marked = listing(1000, (i) => (i === 300 ? 'Reads\u200b files.' : i === 700 ? 'Café menu.' : `Tool ${i}: echoes its text.`));
    const write = vi.spyOn(JSON, 'stringify');
    const test = vi.spyOn(RegExp.prototype, 'test');
    const asciiTests = () => test.mock.contexts.filter((re) => (re as RegExp).source === '[^\\x00-\\x7f]').length;
    const first = checkPins(undefined, plain, 'withhold', when);
    expect([...first.tools.values()].every((v) => v.withheld.length === 0)).toBe(true);
    // One plain write and one test a piece of 256 tools: no key list (the canonical text), and
    // no walk of each tool's texts (4,000 tests; V8 optimized that walk in six 50-tool starts).
    expect(write.mock.calls.map((args) => args.length)).toEqual([1, 1, 1, 1]);
    expect(asciiTests()).toBe(4);

    test.mockClear();
    const check = checkPins(undefined, marked, 'withhold', when);
    const withheld = [...check.tools].filter(([, v]) => v.withheld.length > 0);
    expect(withheld).toEqual([['tool_300', {state: 'first-seen', withheld: ['hidden-characters'], mustAsk: false}]]);
    // The two pieces that hold them walked tool by tool, every string of a schema tested (about 1,800 a piece); all four would be about 7,200.
    expect(asciiTests()).toBeLessThan(4_000);
  });
});
