import {describe, expect, it} from 'vitest';
import {diffTools, freshCachedTools, sameTools} from '../../src/hub/catalog-cache.js';
import type {Tool} from '../../src/session/mcp-types.js';

const tool = (name: string, extra: Partial<Tool> = {}): Tool => ({name, inputSchema: {type: 'object'}, ...extra});
const section = (at: string, ttlMs?: number) => ({tools: [tool('a')] as unknown as Array<Record<string, unknown>>, era: 'modern' as const, protocolVersion: '2026-07-28', at, ...(ttlMs === undefined ? {} : {ttlMs})});

describe('the cached catalog', () => {
  it('is used without a ttlMs, and while its ttlMs lasts; not after, nor with ttlMs 0', () => {
    const at = '2026-12-01T00:00:00.000Z';
    const t0 = Date.parse(at);
    expect(freshCachedTools(section(at), t0 + 10 * 86_400_000)?.map((t) => t.name)).toEqual(['a']);
    expect(freshCachedTools(section(at, 60_000), t0 + 59_999)).toBeDefined();
    expect(freshCachedTools(section(at, 60_000), t0 + 60_000)).toBeUndefined();
    expect(freshCachedTools(section(at, 0), t0)).toBeUndefined();
    expect(freshCachedTools(section('not a time', 60_000), t0)).toBeUndefined();
    expect(freshCachedTools(undefined, t0)).toBeUndefined();
  });

  it('names what was added, removed and changed; key order and list order are no change', () => {
    const before = [tool('a', {description: 'x'}), tool('b'), tool('c')];
    const after = [tool('c'), {inputSchema: {type: 'object'}, description: 'x', name: 'a'} as Tool, tool('b', {description: 'new'}), tool('d')];
    expect(diffTools(before, after)).toEqual({added: ['d'], removed: [], changed: ['b']});
    expect(diffTools(before, [tool('a', {description: 'x'})])).toEqual({added: [], removed: ['b', 'c'], changed: []});
  });

  it('is the same list only byte for byte, in the same order', () => {
    expect(sameTools([tool('a'), tool('b')], [tool('a'), tool('b')])).toBe(true);
    expect(sameTools([tool('a'), tool('b')], [tool('b'), tool('a')])).toBe(false);
    expect(sameTools([tool('a', {description: 'x'})], [tool('a', {description: 'y'})])).toBe(false);
  });
});
