// tools/list results of 2026-07-28 carry ttlMs and cacheScope; the listing
// keeps the most careful of its pages' hints for the catalog cache.
import {describe, expect, it} from 'vitest';
import {listAllTools} from '../../src/session/list-tools.js';

const tool = (name: string) => ({name, inputSchema: {type: 'object'}});
const pages = (...results: Array<Record<string, unknown>>) => async (cursor: string | undefined) => results[cursor === undefined ? 0 : Number(cursor)]!;

describe('cache hints of a listing', () => {
  it('keeps the shortest ttlMs and "private" when any page says so', async () => {
    const listing = await listAllTools(pages({tools: [tool('a')], nextCursor: '1', ttlMs: 600_000, cacheScope: 'public'}, {tools: [tool('b')], ttlMs: 60_000.7, cacheScope: 'private'}), 'x');
    expect(listing.tools.map((t) => t.name)).toEqual(['a', 'b']);
    expect(listing.ttlMs).toBe(60_000);
    expect(listing.cacheScope).toBe('private');
  });

  it('has none when no page gives one, and ignores ill-formed ones', async () => {
    expect(await listAllTools(pages({tools: [tool('a')]}), 'x')).not.toHaveProperty('ttlMs');
    const odd = await listAllTools(pages({tools: [tool('a')], ttlMs: -5, cacheScope: 'everyone'}, {}), 'x');
    expect(odd.ttlMs).toBeUndefined();
    expect(odd.cacheScope).toBeUndefined();
  });
});
