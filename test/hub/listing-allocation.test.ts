// What the hub allocates per listed tool between a server's last page and its
// table (issue #17): every tool of every listing passes through the size
// limits, the translation and the pin, so a temporary object, closure or
// iterator per tool there is a megabyte per thousand tools, and the
// scavenges it causes copy the just-listed tools while they are young.
// Bytes per call, counted (not timed), the least of several counts (see
// leastAllocated), with bounds between the figures before and after the
// change, both given beside each bound.
import {describe, expect, it, vi} from 'vitest';
import type {Tool} from '../../src/session/mcp-types.js';
import {allocatedDuring, leastAllocated} from '../helpers/allocated.js';

const tools = (n: number, from = 0): Tool[] =>
  Array.from({length: n}, (_, i) => ({
    name: `tool_${from + i}`,
    title: 'Tool',
    description: `Benchmark tool number ${from + i}: echoes a fixed block of text.`,
    inputSchema: {type: 'object', properties: {text: {type: 'string', description: 'Any text.'}, n: {type: 'number'}}, required: ['text']},
    annotations: {readOnlyHint: true},
  }));

/** Bytes per tool of `each` over 1,000 fresh tools (the least of five rounds), after `warm` rounds of 1,000. */
function perTool(each: (tool: Tool) => unknown, warm: number): number {
  for (let r = 0; r < warm; r++) for (const t of tools(1000, -1000 * (r + 1))) each(t);
  const kept: unknown[][] = [];
  return leastAllocated(5, (rep) => {
    const fresh = tools(1000, 1000 * rep);
    const out = new Array<unknown>(fresh.length);
    kept.push(out);
    return () => {
      for (let i = 0; i < fresh.length; i++) out[i] = each(fresh[i]!);
    };
  }) / 1000;
}

/** Bytes per tool of `each` over fresh listings of 1,000 tools (the least of five), after three unmeasured listings. */
function perListing(each: (list: Tool[]) => unknown): number {
  for (let r = 0; r < 3; r++) each(tools(1000, 300_000 + 1000 * r));
  const kept: unknown[] = [];
  return leastAllocated(5, (rep) => {
    const list = tools(1000, 400_000 + 1000 * rep);
    return () => void kept.push(each(list));
  }) / 1000;
}

/** Bytes per tool of `each` over the module's first 1,000 calls: the least of five fresh copies of the module. */
async function perToolCold<M>(load: () => Promise<M>, each: (module: M, tool: Tool) => unknown): Promise<number> {
  let least = Infinity;
  const kept: unknown[][] = [];
  for (let rep = 0; rep < 5; rep++) {
    vi.resetModules();
    const module = await load();
    const fresh = tools(1000, 1000 * rep);
    const out = new Array<unknown>(fresh.length);
    kept.push(out);
    least = Math.min(least, allocatedDuring(() => {
      for (let i = 0; i < fresh.length; i++) out[i] = each(module, fresh[i]!);
    }));
  }
  return least / 1000;
}

describe('per-tool allocation while a listing becomes a table (#17)', () => {
  it('the size limits make no closure or iterator per tool', async () => {
    const {limitTools} = await import('../../src/hub/tool-limits.js');
    for (let r = 0; r < 3; r++) limitTools(tools(1000, 5000 * (r + 1)));
    const bytes = leastAllocated(5, (rep) => {
      const list = tools(1000, 100 * 1000 * (rep + 1));
      return () => void limitTools(list);
    }) / 1000;
    // ~414 bytes a tool: the input schema's JSON text, by which the size is read natively (h25b: the
    // walk in JS reached TurboFan within a few 50-tool starts, +4-5 MB of RSS); ~180 with the walk
    // alone, and ~250 more when a closure and a for-of per tool came on top. ~558 while the depth was
    // read by a regular expression with a counted group (h28c: its brackets are counted by indexOf).
    expect(bytes).toBeLessThan(480);
  });

  it('a description with nothing to strip is returned as it is, with no closure made', async () => {
    const {stripControl} = await import('../../src/util/sanitize.js');
    const text = 'Benchmark tool number 1: echoes a fixed block of text. ' + 'é'.repeat(8);
    for (let i = 0; i < 3000; i++) stripControl(text);
    let out = '';
    const bytes = leastAllocated(5, () => () => {
      for (let i = 0; i < 10_000; i++) out = stripControl(text);
    }) / 10_000;
    expect(out).toBe(text);
    // ~0 now; ~120 bytes when the slow path's context was made on every call (~560 before it was optimized).
    expect(bytes).toBeLessThan(60);
  });

  it('a catalog entry is built without a temporary object per optional member', async () => {
    const {buildEntry, checkInputSchema} = await import('../../src/hub/translate.js');
    // The schema check is cached per schema object: done first, so only the entry is counted. Twelve warm rounds,
    // not three: after three, one run in three counted ~500 bytes in every round (V8 still settling buildEntry's
    // code while it was counted); after twelve, 369 in every run.
    for (let r = 0; r < 12; r++) for (const t of tools(1000, 200_000 + 1000 * r)) buildEntry('bench', t, `mcp__bench__${t.name}`, 'none', false);
    const kept: unknown[][] = [];
    const per = leastAllocated(5, (rep) => {
      const list = tools(1000, 100_000 + 1000 * rep);
      for (const t of list) checkInputSchema(t.inputSchema);
      const out = new Array<unknown>(list.length);
      kept.push(out);
      return () => {
        for (let i = 0; i < list.length; i++) out[i] = buildEntry('bench', list[i]!, `mcp__bench__${list[i]!.name}`, 'none', false);
      };
    }) / 1000;
    // ~370 bytes now: one literal with every member (the absent ones undefined), its members in the object
    // itself, and "[from <alias>] " made once; ~560–600 when the optional members were added one by one
    // (a property store grown twice per entry) and the provenance was concatenated per tool; ~875 with spreads.
    expect(per).toBeLessThan(460);
  });

  it("a listing's input schemas are checked in one pass, with no look-up table entry per schema", async () => {
    const {prepareTranslation} = await import('../../src/hub/translate.js');
    const bytes = perListing((list) => prepareTranslation(list));
    // ~10 bytes a tool now (the listing's array of verdicts); ~34 with a WeakMap entry per schema object.
    expect(bytes).toBeLessThan(22);
  });

  it('the exact model names are made with one concatenation per tool', async () => {
    const {assignNames} = await import('../../src/hub/names.js');
    const bytes = perListing((list) => assignNames([{alias: 'bench', tools: list.map((t) => t.name)}]));
    // ~195 bytes a tool now (the name, its assignment, the set of names taken, the list of names);
    // ~245–260 when "mcp__<alias>__" was concatenated again for every tool.
    expect(bytes).toBeLessThan(225);
  });

  it('the pinned fields are copied without an iterator per field, cold', async () => {
    // The module's first 1,000 calls, before the optimizing compiler removes an iterator's results.
    const bytes = await perToolCold(() => import('../../src/hub/trust/canonical.js'), (m, t) => m.pinnedDefinition(t));
    // ~100 bytes now (the copy); ~300 with a for-of over the six fields.
    expect(bytes).toBeLessThan(200);
  });

  it("a listing's pages are kept without a copy of the list per page", async () => {
    const {ServerExtras} = await import('../../src/hub/server-extras.js');
    const sink = {resourcesListed() {}, promptsListed() {}, resourceUpdated() {}, note() {}};
    const pages = Array.from({length: 1000}, (_, i) => ({index: i + 1, count: 10, ms: 0, names: []}));
    // A fresh listing per count, the least of five: one count alone can also hold V8's own work
    // (Node 24 in the whole suite once counted 280 KB).
    const listings: InstanceType<typeof ServerExtras>[] = [];
    const bytes = leastAllocated(5, () => {
      const extras = new ServerExtras('bench', sink, false);
      listings.push(extras);
      return () => {
        for (const page of pages) extras.paged(page);
      };
    });
    for (const extras of listings) expect(extras.listing.map((p) => p.index)).toEqual(pages.map((p) => p.index));
    // ~10 KB now (the array as it grows); ~4 MB when every page copied the list so far.
    expect(bytes).toBeLessThan(200_000);
  });

  it("a listing's pins share one sorted key list when their tools have the same keys", async () => {
    const {pinToolAt} = await import('../../src/hub/trust/canonical.js');
    const bytes = perTool((t) => pinToolAt(t, '2026-12-01T00:00:00.000Z'), 3);
    // ~2,620 bytes a pin now: V8's JSON.stringify and hash, and JSON.stringify's own text of the
    // tool, which tells that the shared list left no member out (canonicalJsonOfData). ~1,990 when
    // each tool was walked in JS for its keys instead (no second text, but CPU, cold: #17); ~220
    // more with a key list and a sort per tool.
    expect(bytes).toBeLessThan(2_750);
  });

  it("a listing's pins are written in one piece, not a text and its measure per tool", async () => {
    const {pinListing} = await import('../../src/hub/trust/canonical.js');
    const at = '2026-12-01T00:00:00.000Z';
    for (let r = 0; r < 3; r++) pinListing(tools(1000, -1000 * (r + 1)), at);
    const kept: unknown[] = [];
    const bytes = leastAllocated(5, (rep) => {
      const fresh = tools(1000, 1000 * rep);
      return () => void kept.push(pinListing(fresh, at));
    }) / 1000;
    // ~1,400 bytes a tool now (the listing's text once with the key list and once without, the
    // hash, the pin); ~2,650 value by value (a text and JSON.stringify's own per tool, each in
    // V8's string builder's parts, and the flat copy the hash made of it).
    expect(bytes).toBeLessThan(2_000);
  });
});
