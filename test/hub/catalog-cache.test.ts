import {describe, expect, it} from 'vitest';
import {diffText, diffTools, filterKey, freshCachedTools, sectionChanged} from '../../src/hub/catalog-cache.js';
import {SlotCache} from '../../src/hub/slot-cache.js';
import type {Tool} from '../../src/session/mcp-types.js';
import {serverFingerprint} from '../../src/util/server-fingerprint.js';
import {ServerRecordStore, type CatalogSection} from '../../src/util/server-record.js';
import {leastAllocated} from '../helpers/allocated.js';
import {tempDir} from '../helpers/hub.js';

const tool = (name: string, extra: Partial<Tool> = {}): Tool => ({name, inputSchema: {type: 'object'}, ...extra});
const FILTER = filterKey({});
const section = (at: string, ttlMs?: number): CatalogSection => ({tools: [tool('a')] as unknown as Array<Record<string, unknown>>, era: 'modern', protocolVersion: '2026-07-28', filter: FILTER, at, ...(ttlMs === undefined ? {} : {ttlMs})});

describe('the cached catalog', () => {
  it('is used without a ttlMs, and while its ttlMs lasts; not after, nor with ttlMs 0, nor under other filters', () => {
    const at = '2026-12-01T00:00:00.000Z';
    const t0 = Date.parse(at);
    expect(freshCachedTools(section(at), t0 + 10 * 86_400_000, FILTER)?.map((t) => t.name)).toEqual(['a']);
    expect(freshCachedTools(section(at, 60_000), t0 + 59_999)).toBeDefined();
    expect(freshCachedTools(section(at, 60_000), t0 + 60_000)).toBeUndefined();
    expect(freshCachedTools(section(at, 0), t0)).toBeUndefined();
    expect(freshCachedTools(section('not a time', 60_000), t0)).toBeUndefined();
    expect(freshCachedTools(undefined, t0)).toBeUndefined();
    expect(freshCachedTools(section(at), t0, filterKey({excludeTools: ['a']}))).toBeUndefined();
  });

  it('finds a live list equal to the cached one (a warm start) from one text per tool, with no sorted copy (#17)', () => {
    // Two lists equal in content, as the record's parsed list and the live one are: fresh objects, one per side.
    const listing = (n: number, from: number): Tool[] =>
      Array.from({length: n}, (_, i) => ({name: `tool_${from + i}`, description: `Tool ${from + i}.`, inputSchema: {type: 'object', properties: {text: {type: 'string', description: 'Any text.'}, n: {type: 'number'}}, required: ['text']}}));
    const asSection = (tools: Tool[]): CatalogSection => ({tools: tools as unknown as Array<Record<string, unknown>>, era: 'modern', protocolVersion: '2026-07-28', filter: FILTER, at: '2026-12-01T00:00:00.000Z'});
    const kept: unknown[] = [];
    // What SlotCache.confirm asks of a warm start: is the record to be written, and what differs.
    const bytes = leastAllocated(5, (rep) => {
      const cached = listing(1000, 1000 * rep);
      const live = listing(1000, 1000 * rep);
      return () => void kept.push(sectionChanged(asSection(cached), asSection(live)), diffTools(cached, live));
    }) / 1000;
    expect(kept.filter((k) => typeof k === 'boolean')).toEqual([false, false, false, false, false]);
    expect(kept.filter((k) => typeof k === 'object')).toEqual(Array(5).fill({added: [], removed: [], changed: []}));
    // ~1,100 bytes a tool now (each side's text of each tool, once); ~12,500 with the whole section's
    // text twice and every tool again as a text with its keys sorted, through a JS replacer.
    expect(bytes).toBeLessThan(3_000);
  });

  it('names what was added, removed and changed; key order and list order are no change', () => {
    const before = [tool('a', {description: 'x'}), tool('b'), tool('c')];
    const after = [tool('c'), {inputSchema: {type: 'object'}, description: 'x', name: 'a'} as Tool, tool('b', {description: 'new'}), tool('d')];
    expect(diffTools(before, after)).toEqual({added: ['d'], removed: [], changed: ['b']});
    expect(diffTools(before, [tool('a', {description: 'x'})])).toEqual({added: [], removed: ['b', 'c'], changed: []});
    expect(diffText({added: ['d'], removed: ['a', 'b', 'c', 'e'], changed: []})).toBe('1 added (d), 4 removed (a, b, c and 1 more)');
  });

  it('is rewritten only when something a later start reads changed (the time counts only with a ttlMs)', () => {
    expect(sectionChanged(section('2026-01-01T00:00:00Z'), section('2026-02-01T00:00:00Z'))).toBe(false);
    expect(sectionChanged(section('2026-01-01T00:00:00Z', 60_000), section('2026-02-01T00:00:00Z', 60_000))).toBe(true);
    expect(sectionChanged(undefined, section('2026-01-01T00:00:00Z'))).toBe(true);
    expect(sectionChanged(section('x'), {...section('x'), protocolVersion: '2026-09-01'})).toBe(true);
  });
});

describe("a slot's cache in its record", () => {
  const fingerprint = serverFingerprint({kind: 'stdio', alias: 'n', command: 'node', args: ['n.mjs'], env: {}});
  const facts = {era: 'modern' as const, protocolVersion: '2026-07-28', serverName: 'n-server'};

  it("respects the listing's ttlMs on an injected clock; ttlMs 0 removes the cache", () => {
    const store = new ServerRecordStore(tempDir('bb-slotcache-'));
    let now = Date.parse('2026-12-01T00:00:00Z');
    new SlotCache(store.record(fingerprint), FILTER, () => now).save([tool('a'), tool('b')], {...facts, ttlMs: 60_000, cacheScope: 'private'});
    expect(store.record(fingerprint).get('catalog')).toMatchObject({ttlMs: 60_000, cacheScope: 'private', serverName: 'n-server', at: '2026-12-01T00:00:00.000Z'});
    now += 59_999;
    const fresh = new SlotCache(store.record(fingerprint), FILTER, () => now);
    expect(fresh.load()?.tools.map((t) => t.name)).toEqual(['a', 'b']);
    expect(fresh.offered?.map((t) => t.name)).toEqual(['a', 'b']);
    now += 1;
    const expired = new SlotCache(store.record(fingerprint), FILTER, () => now);
    expect(expired.load()).toBeUndefined();
    expect(expired.hasFresh()).toBe(false);
    expired.save([tool('a')], {...facts, ttlMs: 0});
    expect(store.record(fingerprint).get('catalog')).toBeUndefined();
  });

  it('tells the difference once, when the live list confirms what was offered', () => {
    const store = new ServerRecordStore(tempDir('bb-slotcache-'));
    const now = () => Date.parse('2026-12-01T00:00:00Z');
    new SlotCache(store.record(fingerprint), FILTER, now).save([tool('a'), tool('b')], facts);
    const cache = new SlotCache(store.record(fingerprint), FILTER, now);
    cache.load();
    expect(cache.confirm([tool('a'), tool('c')], facts)).toEqual({added: ['c'], removed: ['b'], changed: []});
    expect(cache.offered).toBeUndefined();
    expect(cache.confirm([tool('a')], facts)).toBeUndefined();
    expect(store.record(fingerprint).get('catalog')?.tools.map((t) => t.name)).toEqual(['a']);
  });

  it('a malformed section is ignored with a warning, never a crash', () => {
    const store = new ServerRecordStore(tempDir('bb-slotcache-'));
    const warnings: string[] = [];
    const record = store.record(fingerprint, (w) => warnings.push(w));
    record.set('era', {era: 'modern', protocolVersion: '2026-07-28', decidedBy: 'probe', at: 'x'});
    record.set('catalog', {...section('x'), tools: [{nope: 1}]} as unknown as CatalogSection);
    expect(new SlotCache(record, FILTER, Date.now).load()).toBeUndefined();
    expect(warnings.join('\n')).toMatch(/"catalog" section is malformed/);
  });
});
