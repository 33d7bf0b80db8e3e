// The tool table of a request with tool search on is a pure function of the
// catalog (config order, each server's order, the tools appended later) and
// the history, and a tool a server adds later goes after everything already
// sent, so the prompt cache keeps the whole earlier table.
import {afterEach, describe, expect, it} from 'vitest';
import type {ModelMessage} from '../../../src/agent/model.js';
import {buildParams, createAnthropicModel} from '../../../src/agent/models/anthropic.js';
import {buildRequest} from '../../../src/agent/request.js';
import {requestTools, type SearchPlacement} from '../../../src/agent/tool-search/request-tools.js';
import type {ToolSearchSettings} from '../../../src/agent/tool-search/settings.js';
import {buildCatalog, type ServerTools} from '../../../src/hub/catalog.js';
import type {Catalog} from '../../../src/hub/types.js';
import {startFakeAnthropic, type FakeAnthropic} from '../../helpers/fake-anthropic.js';
import {promptCache} from '../../helpers/fake-prompt-cache.js';

const tool = (name: string) => ({name, description: `Does ${name} with care.`, inputSchema: {type: 'object', properties: {q: {type: 'string'}}}});
const servers = (kept: string[], deferred: string[]): ServerTools[] => [
  {alias: 'kept', trusted: false, tools: kept.map(tool)},
  {alias: 'big', trusted: false, tools: deferred.map(tool)},
];
const bigTools = Array.from({length: 30}, (_, i) => `t${i}`);
// `kept` always loaded, `big` always behind search.
const settings: ToolSearchSettings = {mode: 'on', deferTools: {kept: false}};
const question: ModelMessage = {role: 'user', content: [{type: 'text', text: 'hi'}]};
// The history after one search that found big's t3.
const searched: ModelMessage[] = [
  question,
  {role: 'assistant', content: [{type: 'tool_use', id: 's1', name: 'search_tools', input: {query: 't3'}}]},
  {role: 'user', content: [{type: 'tool_result', tool_use_id: 's1', content: [{type: 'text', text: 'Found 1 tool; call them by these names:\nmcp__big__t3 — Does t3.'}]}]},
];
const body = (c: Catalog, history: ModelMessage[], placement: SearchPlacement = 'client') => {
  const {tools, serverDeferred} = requestTools(c, history, settings, undefined, placement);
  return buildParams('m', {system: 's', tools, ...(serverDeferred ? {deferred: serverDeferred} : {}), messages: history});
};
const toolBytes = (c: Catalog, history: ModelMessage[], placement: SearchPlacement = 'client') => JSON.stringify(body(c, history, placement).tools);
/** The bytes the cache holds: the table without its breakpoint marker and closing bracket. */
const prefixOf = (bytes: string) => bytes.replace(/,"cache_control":\{"type":"ephemeral"\}\}/, '}').slice(0, -1);
const names = (c: Catalog, history: ModelMessage[]) => requestTools(c, history, settings).tools.map((t) => t.name);

const start = buildCatalog(servers(['a', 'b'], bigTools)).catalog;
const grownKept = buildCatalog(servers(['a', 'new', 'b'], bigTools), start, true).catalog;
const grownBig = buildCatalog(servers(['a', 'b'], [...bigTools, 'late']), start, true).catalog;

describe('the table with tool search on', () => {
  it('is the same bytes whenever the same catalog and history are given', () => {
    const again = buildCatalog(servers(['a', 'new', 'b'], bigTools), buildCatalog(servers(['a', 'b'], bigTools)).catalog, true).catalog;
    for (const placement of ['client', 'server'] as const) {
      expect(toolBytes(again, searched, placement)).toBe(toolBytes(grownKept, searched, placement));
      expect(toolBytes(buildCatalog(servers(['a', 'b'], bigTools)).catalog, searched, placement)).toBe(toolBytes(start, searched, placement));
    }
  });

  it('puts a tool a loaded server adds after the search tool and the found tools', () => {
    expect(names(start, searched)).toEqual(['mcp__kept__a', 'mcp__kept__b', 'search_tools', 'mcp__big__t3']);
    expect(names(grownKept, searched)).toEqual(['mcp__kept__a', 'mcp__kept__b', 'search_tools', 'mcp__big__t3', 'mcp__kept__new']);
    expect(toolBytes(grownKept, searched).startsWith(prefixOf(toolBytes(start, searched)))).toBe(true);
    // Without tool search the appended tool simply ends the table.
    expect(requestTools(grownKept, searched, {mode: 'off'}).tools.at(-1)?.name).toBe('mcp__kept__new');
  });

  it('keeps the search tool byte-identical when a deferred tool is added', () => {
    expect(toolBytes(grownBig, searched)).toBe(toolBytes(start, searched));
  });

  it("keeps the API's own search table a prefix too: the added tool ends it", () => {
    const before = toolBytes(start, [question], 'server');
    const after = toolBytes(grownKept, [question], 'server');
    expect(JSON.parse(after).map((t: any) => t.name).slice(-1)).toEqual(['mcp__kept__new']);
    // The breakpoint moves to the new loaded tool; the bytes before it do not change.
    expect(after.startsWith(prefixOf(before).replace(/,"cache_control":\{"type":"ephemeral"\}/g, ''))).toBe(true);
  });
});

describe('the prompt cache of a fake Messages API with tool search on', () => {
  let fake: FakeAnthropic | undefined;
  afterEach(async () => fake?.close());

  it('reads the whole earlier table after an added tool and nothing after a removed one', async () => {
    const cache = promptCache();
    fake = await startFakeAnthropic((b) => ({text: 'ok', usage: cache.usage(b)}));
    const model = createAnthropicModel({apiKey: 'k', baseURL: fake.url, maxRetries: 0, model: 'claude-test'});
    const send = (c: Catalog) => model.respond({system: 's', tools: requestTools(c, searched, settings).tools, messages: searched});
    const cold = await send(start);
    expect(cold.usage?.cacheReadTokens).toBe(0);
    const warm = await send(grownKept);
    expect(warm.usage?.cacheReadTokens).toBe(Math.ceil(JSON.stringify(requestTools(start, searched, settings).tools).length / 4));
    const {catalog: fewer, broke} = buildCatalog(servers(['new', 'b'], bigTools), grownKept, true);
    expect(broke?.removed).toEqual(['mcp__kept__a']);
    const miss = await send(fewer);
    expect(miss.usage?.cacheReadTokens).toBe(0);
  });
});

describe("the API's search blocks in a request that does not use the API's search", () => {
  const history: ModelMessage[] = [
    question,
    {role: 'assistant', content: [{type: 'server_tool_use', id: 'srv1', name: 'tool_search_tool_bm25', input: {query: 't3'}}, {type: 'tool_search_tool_result', tool_use_id: 'srv1', content: {type: 'tool_search_tool_search_result', tool_references: [{type: 'tool_reference', tool_name: 'mcp__big__t3'}]}}]},
    {role: 'assistant', content: [{type: 'text', text: 'found it'}, {type: 'server_tool_use', id: 'srv2', name: 'tool_search_tool_bm25', input: {query: 'x'}}]},
  ];
  const hub = {catalog: start, unavailable: () => [], instructions: () => []};

  it('are left out with search_tools (their references would name tools not deferred there), kept with the API search', () => {
    const client = buildRequest(history, hub, settings, undefined, 'client').request.messages;
    expect(client.map((m) => m.content.map((b) => b.type))).toEqual([['text'], ['text'], ['text']]);
    expect(client[1]!.content).toEqual([{type: 'text', text: '(searched the tools)'}]);
    const server = buildRequest(history, hub, settings, undefined, 'server').request.messages;
    expect(server).toEqual(history);
    expect(history[1]!.content).toHaveLength(2);
  });
});
