// A cache-stable tool table: after startup, tools that are only added go at
// the end, so every byte the model saw before is still a prefix; removing or
// altering a tool goes back to the canonical order and says what broke. A
// fake Messages API with a prompt cache shows the hit and the miss.
import {afterEach, describe, expect, it} from 'vitest';
import {buildParams, createAnthropicModel} from '../../src/agent/models/anthropic.js';
import {buildCatalog, type ServerTools} from '../../src/hub/catalog.js';
import {modelTools} from '../../src/hub/translate.js';
import type {Catalog} from '../../src/hub/types.js';
import {reduce} from '../../src/state/reduce.js';
import {initialState} from '../../src/state/app-state.js';
import {cacheHitRate} from '../../src/state/tool-tokens.js';
import {startFakeAnthropic, type FakeAnthropic} from '../helpers/fake-anthropic.js';
import {promptCache} from '../helpers/fake-prompt-cache.js';

const tool = (name: string, description = `Does ${name} with care.`) => ({name, description, inputSchema: {type: 'object', properties: {q: {type: 'string'}}}});
const servers = (a: string[], b: string[]): ServerTools[] => [
  {alias: 'a', trusted: false, tools: a.map((n) => tool(n))},
  {alias: 'b', trusted: false, tools: b.map((n) => tool(n))},
];
const names = (c: Catalog) => c.entries.map((e) => e.name);
const bytes = (c: Catalog) => JSON.stringify(buildParams('m', {system: 's', tools: modelTools(c.entries), messages: []}).tools);

describe('the tool table after startup', () => {
  const first = buildCatalog(servers(['x', 'y'], ['z'])).catalog;

  it('appends added tools at the end, keeping the sent table a byte-identical prefix', () => {
    const {catalog, broke} = buildCatalog(servers(['x', 'new', 'y'], ['z']), first, true);
    expect(broke).toBeUndefined();
    expect(names(catalog)).toEqual(['mcp__a__x', 'mcp__a__y', 'mcp__b__z', 'mcp__a__new']);
    const before = JSON.stringify(modelTools(first.entries)).slice(0, -1);
    expect(JSON.stringify(modelTools(catalog.entries)).startsWith(before)).toBe(true);
    // Without appendOnly (startup) the canonical order is kept instead.
    expect(names(buildCatalog(servers(['x', 'new', 'y'], ['z']), first).catalog)).toEqual(['mcp__a__x', 'mcp__a__new', 'mcp__a__y', 'mcp__b__z']);
  });

  it('goes back to canonical order and names what broke when a tool is removed or altered', () => {
    const removed = buildCatalog(servers(['y'], ['z', 'w']), first, true);
    expect(removed.broke).toEqual({removed: ['mcp__a__x'], changed: []});
    expect(names(removed.catalog)).toEqual(['mcp__a__y', 'mcp__b__z', 'mcp__b__w']);
    const altered = buildCatalog([{alias: 'a', trusted: false, tools: [tool('x', 'Now different.'), tool('y')]}, servers([], ['z'])[1]!], first, true);
    expect(altered.broke).toEqual({removed: [], changed: ['mcp__a__x']});
    // The UI says so.
    const state = reduce({...initialState(), catalog: first}, {type: 'catalog/rebuilt', catalog: removed.catalog, broke: removed.broke!});
    expect(state.notices.at(-1)?.text).toBe("tool table changed: 1 removed (mcp__a__x); the model's prompt cache starts over");
  });
});

describe('prompt cache against a fake Messages API that models it', () => {
  let fake: FakeAnthropic | undefined;
  afterEach(async () => fake?.close());

  it('reads the whole previous table after an append, and misses after a removal', async () => {
    const cache = promptCache();
    fake = await startFakeAnthropic((body) => ({text: 'ok', usage: cache.usage(body)}));
    const model = createAnthropicModel({apiKey: 'k', baseURL: fake.url, maxRetries: 0, model: 'claude-test'});
    const many = (extra: string[] = []) => servers([...Array.from({length: 40}, (_, i) => `t${i}`), ...extra], ['z']);
    const send = (c: Catalog) => model.respond({system: 's', tools: modelTools(c.entries), messages: [{role: 'user', content: [{type: 'text', text: 'hi'}]}]});

    const start = buildCatalog(many()).catalog;
    const cold = await send(start);
    expect(cold.usage?.cacheReadTokens).toBe(0);
    const added = buildCatalog(many(['added']), start, true).catalog;
    const warm = await send(added);
    // Everything sent before is read from the cache; only the appended tool is written.
    expect(warm.usage?.cacheReadTokens).toBe(Math.ceil(JSON.stringify(modelTools(start.entries)).length / 4));
    expect(warm.usage!.cacheReadTokens!).toBeGreaterThan(10 * warm.usage!.cacheWriteTokens!);
    expect(bytes(added).startsWith(bytes(start).replace(/,"cache_control":\{"type":"ephemeral"\}\}\]$/, ''))).toBe(true);
    const {catalog: fewer, broke} = buildCatalog(servers(Array.from({length: 40}, (_, i) => `t${i + 1}`), ['z']), added, true);
    expect(broke?.removed).toEqual(['mcp__a__t0', 'mcp__a__added']);
    const miss = await send(fewer);
    expect(miss.usage?.cacheReadTokens).toBe(0);

    // The status line's hit rate sums what the API reported.
    let state = initialState();
    for (const r of [cold, warm, miss]) state = reduce(state, {type: 'usage/recorded', input: r.usage!.inputTokens, cacheRead: r.usage!.cacheReadTokens!, cacheWrite: r.usage!.cacheWriteTokens!});
    expect(cacheHitRate(state.usage)).toBeCloseTo(warm.usage!.cacheReadTokens! / [cold, warm, miss].reduce((n, r) => n + r.usage!.inputTokens + r.usage!.cacheReadTokens! + r.usage!.cacheWriteTokens!, 0), 5);
  });
});
