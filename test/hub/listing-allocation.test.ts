// What the hub allocates per listed tool between a server's last page and its
// table (issue #17): every tool of every listing passes through the size
// limits, the translation and the pin, so a temporary object, closure or
// iterator per tool there is a megabyte per thousand tools, and the
// scavenges it causes copy the just-listed tools while they are young.
// Bytes per call, counted (not timed), with generous bounds: each test's
// figure before the change is given beside its bound.
import {describe, expect, it, vi} from 'vitest';
import type {Tool} from '../../src/session/mcp-types.js';
import {allocatedDuring} from '../helpers/allocated.js';

const tools = (n: number, from = 0): Tool[] =>
  Array.from({length: n}, (_, i) => ({
    name: `tool_${from + i}`,
    title: 'Tool',
    description: `Benchmark tool number ${from + i}: echoes a fixed block of text.`,
    inputSchema: {type: 'object', properties: {text: {type: 'string', description: 'Any text.'}, n: {type: 'number'}}, required: ['text']},
    annotations: {readOnlyHint: true},
  }));

/** Bytes per tool of `each` over 1,000 fresh tools, after `warm` rounds of 1,000 (0: the module's first calls). */
function perTool(each: (tool: Tool) => unknown, warm: number): number {
  for (let r = 0; r < warm; r++) for (const t of tools(1000, -1000 * (r + 1))) each(t);
  const fresh = tools(1000);
  const kept: unknown[] = new Array(fresh.length);
  return allocatedDuring(() => {
    for (let i = 0; i < fresh.length; i++) kept[i] = each(fresh[i]!);
  }) / fresh.length;
}

describe('per-tool allocation while a listing becomes a table (#17)', () => {
  it('the size limits make no closure or iterator per tool', async () => {
    const {limitTools} = await import('../../src/hub/tool-limits.js');
    const list = tools(1000);
    for (let r = 0; r < 3; r++) limitTools(tools(1000, 5000 * (r + 1)));
    const bytes = allocatedDuring(() => void limitTools(list)) / list.length;
    // ~180 bytes a tool (the result and measureJson's shapes); ~430 with a closure and a for-of per tool.
    expect(bytes).toBeLessThan(300);
  });

  it('a description with nothing to strip is returned as it is, with no closure made', async () => {
    const {stripControl} = await import('../../src/util/sanitize.js');
    const text = 'Benchmark tool number 1: echoes a fixed block of text. ' + 'é'.repeat(8);
    for (let i = 0; i < 3000; i++) stripControl(text);
    let out = '';
    const bytes = allocatedDuring(() => {
      for (let i = 0; i < 10_000; i++) out = stripControl(text);
    }) / 10_000;
    expect(out).toBe(text);
    // ~0 now; ~120 bytes when the slow path's context was made on every call (~560 before it was optimized).
    expect(bytes).toBeLessThan(60);
  });

  it('a catalog entry is built without a temporary object per optional member', async () => {
    const {buildEntry, checkInputSchema} = await import('../../src/hub/translate.js');
    // The schema check is cached per schema object: done first, so only the entry is counted.
    const list = tools(1000, 100_000);
    for (const t of list) checkInputSchema(t.inputSchema);
    for (let r = 0; r < 3; r++) for (const t of tools(1000, 200_000 + 1000 * r)) buildEntry('bench', t, `mcp__bench__${t.name}`, 'none', false);
    const kept: unknown[] = new Array(list.length);
    const per = allocatedDuring(() => {
      for (let i = 0; i < list.length; i++) kept[i] = buildEntry('bench', list[i]!, `mcp__bench__${list[i]!.name}`, 'none', false);
    }) / list.length;
    // ~580–600 bytes now (the entry, its members' storage, the prefixed description); ~875 with the spreads.
    expect(per).toBeLessThan(730);
  });

  it('the pinned fields are copied without an iterator per field, cold', async () => {
    vi.resetModules();
    const {pinnedDefinition} = await import('../../src/hub/trust/canonical.js');
    // The module's first 1,000 calls, before the optimizing compiler removes an iterator's results.
    const bytes = perTool(pinnedDefinition, 0);
    // ~100 bytes now (the copy); ~300 with a for-of over the six fields.
    expect(bytes).toBeLessThan(200);
  });

  it("a listing's pages are kept without a copy of the list per page", async () => {
    const {ServerExtras} = await import('../../src/hub/server-extras.js');
    const sink = {resourcesListed() {}, promptsListed() {}, resourceUpdated() {}, note() {}};
    const extras = new ServerExtras('bench', sink, false);
    const pages = Array.from({length: 1000}, (_, i) => ({index: i + 1, count: 10, ms: 0, names: []}));
    const bytes = allocatedDuring(() => {
      for (const page of pages) extras.paged(page);
    });
    expect(extras.listing.map((p) => p.index)).toEqual(pages.map((p) => p.index));
    // ~10 KB now (the array as it grows); ~4 MB when every page copied the list so far.
    expect(bytes).toBeLessThan(200_000);
  });

  it("a listing's pins share one sorted key list when their tools have the same keys", async () => {
    const {pinToolAt} = await import('../../src/hub/trust/canonical.js');
    const bytes = perTool((t) => pinToolAt(t, '2026-12-01T00:00:00.000Z'), 3);
    // ~1,990 bytes a pin now (V8's JSON.stringify and hash are most of it); ~2,210 with a key list and a sort per tool.
    expect(bytes).toBeLessThan(2_100);
  });

  it("a listing's first table makes one entry object per tool, not the translation and a copy of it", async () => {
    vi.resetModules();
    const {buildCatalog} = await import('../../src/hub/catalog.js');
    const {checkInputSchema} = await import('../../src/hub/translate.js');
    const alive: unknown[] = [];
    for (let r = 0; r < 3; r++) {
      const warm = tools(1000, 300_000 + 1000 * r);
      alive.push(warm, buildCatalog([{alias: 'warm', trusted: false, tools: warm}]));
    }
    // The least of three builds: a weak map's table growing during one of them is counted in that one only.
    let bytes = Infinity;
    for (let r = 0; r < 3; r++) {
      const list = tools(1000, 400_000 + 1000 * r);
      for (const t of list) checkInputSchema(t.inputSchema);
      let table: unknown;
      bytes = Math.min(bytes, allocatedDuring(() => (table = buildCatalog([{alias: 'bench', trusted: false, tools: list}]))) / list.length);
      alive.push(list, table);
    }
    // 980–1,085 bytes a tool now (names, entry, findings record, maps; 8 runs); 1,140–1,150 with a copy of every entry.
    expect(bytes).toBeLessThan(1_115);
  });
});
