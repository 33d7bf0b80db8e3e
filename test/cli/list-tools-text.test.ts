// `--list-tools` text (issue #14): counts in words, a column that fits long aliases, shared names marked.
import {describe, expect, it} from 'vitest';
import {listToolsText} from '../../src/cli/list-tools.js';
import {buildCatalog} from '../../src/hub/catalog.js';
import {initialState} from '../../src/state/app-state.js';
import {reduce} from '../../src/state/reduce.js';

const tool = (name: string) => ({name, inputSchema: {type: 'object' as const}});

describe('listToolsText', () => {
  it('says 1 tool / 1 page, keeps its columns for long aliases and marks shared names', () => {
    const long = 'a-rather-long-alias-name-here';
    let state = initialState({servers: [{alias: long, trusted: false}, {alias: 'b', trusted: false}]});
    for (const alias of [long, 'b']) {
      state = reduce(state, {type: 'server/online', alias, era: 'legacy', protocolVersion: '2025-11-25', serverName: 's', toolCount: 1, pages: 1, discoveryMs: 5});
    }
    const {catalog} = buildCatalog([{alias: long, trusted: false, tools: [tool('search')]}, {alias: 'b', trusted: false, tools: [tool('search')]}]);
    state = reduce(state, {type: 'catalog/rebuilt', catalog});
    const text = listToolsText(state);
    expect(text).toContain('1 tool over 1 page in 5 ms');
    expect(text).not.toMatch(/page\(s\)|1 tools/);
    const [first, second] = text.split('\n').filter((l) => l.includes('online'));
    expect(first!.indexOf('online')).toBe(second!.indexOf('online'));
    expect(text).toMatch(/mcp__b__search +→ b \/ search {2}⇄ shared/);
  });
});
