// Deferred tools with an Anthropic key: the tools go with `defer_loading`
// behind the API's own BM25 search tool, the API searches and the model calls
// the found tool by its usual name; the search shows as a card. A provider or
// gateway that refuses those fields makes the session fall back, once, to
// breakerbox's own search_tools, and says so. All against the fake Messages API.
import {afterEach, describe, expect, it} from 'vitest';
import {createAnthropicModel} from '../../src/agent/models/anthropic.js';
import {Driver} from '../../src/driver/driver.js';
import {initialState} from '../../src/state/app-state.js';
import {turnCalls} from '../../src/state/selectors.js';
import {createStore} from '../../src/state/store.js';
import {costLabel} from '../../src/state/tool-tokens.js';
import {promptCache} from '../helpers/fake-prompt-cache.js';
import {startFakeAnthropic, type FakeAnthropicOptions, type FakeHandler} from '../helpers/fake-anthropic.js';
import {nodeServer, testHub} from '../helpers/hub.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function setup(handler: FakeHandler, options: FakeAnthropicOptions = {}) {
  const fake = await startFakeAnthropic(handler, options);
  cleanups.push(() => fake.close());
  const {hub} = testHub([nodeServer('notes', 'notes.mjs'), nodeServer('tickets', 'tickets.mjs')]);
  cleanups.push(() => hub.close());
  await hub.start();
  const model = createAnthropicModel({apiKey: 'k', baseURL: fake.url, maxRetries: 0, model: 'claude-test'});
  const store = createStore(initialState({servers: hub.statuses(), limits: {previewChars: Infinity}}));
  const recorded: any[] = [];
  const recorder = {user: () => {}, assistant: () => {}, call: (c: unknown) => void recorded.push(c)};
  const driver = new Driver({store, hub, model, maxSteps: 10, rules: {yes: true, allow: [], autoApprove: {}}, interactive: false, toolSearch: {mode: 'on'}, recorder});
  return {fake, store, driver, recorded};
}

/** The last message's blocks of one request body. */
const lastBlocks = (body: any): any[] => body.messages.at(-1).content;
const answered = (body: any) => lastBlocks(body).some((b: any) => b.type === 'tool_result');

describe("the API's own tool search", () => {
  it('sends the table deferred behind the search tool; the found tool is called by its name and the search has a card', async () => {
    const cache = promptCache();
    const {fake, store, driver, recorded} = await setup((body) =>
      answered(body)
        ? {text: 'Ticket T-102 is open.', usage: cache.usage(body)}
        : {toolSearch: {query: 'get ticket'}, toolUses: [{name: 'mcp__tickets__get_ticket', input: {id: 'T-102'}}], usage: cache.usage(body)},
    );
    await driver.submit('what is ticket T-102?');
    const first = fake.requests[0];
    // The search tool first (the one loaded tool: the cache breakpoint), then every tool in catalog order, deferred.
    expect(first.tools[0]).toEqual({type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25', cache_control: {type: 'ephemeral'}});
    expect(first.tools.slice(1).map((t: any) => t.name)).toEqual([
      'mcp__notes__search', 'mcp__notes__read_note', 'mcp__notes__list_recent',
      'mcp__tickets__search', 'mcp__tickets__create_ticket', 'mcp__tickets__close_ticket', 'mcp__tickets__get_ticket',
    ]);
    expect(first.tools.slice(1).every((t: any) => t.defer_loading === true && t.cache_control === undefined)).toBe(true);
    expect(first.tools.map((t: any) => t.name)).not.toContain('search_tools');

    const state = store.getState();
    const calls = turnCalls(state);
    expect(calls.map((c) => c.name)).toEqual(['tool_search_tool_bm25', 'mcp__tickets__get_ticket']);
    expect(calls[0]!.args).toEqual({query: 'get ticket'});
    expect(calls[0]!.preview).toMatch(/^Found \d+ tools?; call them by these names:\n(.*\n)*mcp__tickets__get_ticket — /);
    expect(calls[1]!.outcome).toMatchObject({isError: false, alias: 'tickets', tool: 'get_ticket'});
    expect(state.turn.answer).toBe('Ticket T-102 is open.');

    // The search blocks go back to the API as it sent them, before the call they led to.
    const second = fake.requests[1];
    const assistant = second.messages.at(-2).content;
    expect(assistant.map((b: any) => b.type)).toEqual(['server_tool_use', 'tool_search_tool_result', 'tool_use']);
    expect(assistant[1].content.tool_references.map((r: any) => r.tool_name)).toContain('mcp__tickets__get_ticket');
    expect(assistant[1].tool_use_id).toBe(assistant[0].id);
    // The session file keeps the search in the assistant message only: no call record a resume could not match.
    expect(recorded.map((c) => c.name)).toEqual(['mcp__tickets__get_ticket']);
    // Same table, same bytes: the prompt cache reads it, and the status line says so.
    expect(JSON.stringify(second.tools)).toBe(JSON.stringify(first.tools));
    expect(state.usage.cacheRead).toBeGreaterThan(0);
    expect(costLabel(state)).toMatch(/ · cache \d+%$/);
  });

  it('sends the conversation again when the API paused after its search (pause_turn)', async () => {
    const {fake, store, driver} = await setup((body) => {
      if (answered(body)) return {text: 'Ticket T-102 is open.'};
      if (body.messages.at(-1).role === 'assistant') return {toolUses: [{name: 'mcp__tickets__get_ticket', input: {id: 'T-102'}}]};
      return {toolSearch: {query: 'get ticket'}, stopReason: 'pause_turn'};
    });
    await driver.submit('what is ticket T-102?');
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[1].messages.at(-1).content.map((b: any) => b.type)).toEqual(['server_tool_use', 'tool_search_tool_result']);
    expect(turnCalls(store.getState()).map((c) => c.name)).toEqual(['tool_search_tool_bm25', 'mcp__tickets__get_ticket']);
    expect(store.getState().turn.answer).toBe('Ticket T-102 is open.');
  });

  it('shows a search that found nothing as a card', async () => {
    const {store, driver} = await setup((body) =>
      body.messages.length > 1 ? {text: 'none'} : {toolSearch: {query: 'zzz', found: []}, text: 'Nothing found.'},
    );
    await driver.submit('find the frobnicator');
    const calls = turnCalls(store.getState());
    expect(calls.map((c) => [c.name, c.preview])).toEqual([['tool_search_tool_bm25', 'No tool matched.']]);
  });
});

describe('a provider or gateway that refuses deferred loading', () => {
  it('falls back to search_tools for the rest of the session on the first refusal, sending the request again once', async () => {
    const {fake, store, driver} = await setup(
      (body) => {
        const last = lastBlocks(body);
        if (last.some((b: any) => b.type === 'tool_result' && /Found/.test(JSON.stringify(b.content)))) return {toolUses: [{name: 'mcp__tickets__get_ticket', input: {id: 'T-102'}}]};
        if (answered(body)) return {text: 'Ticket T-102 is open.'};
        return {toolUses: [{name: 'search_tools', input: {query: 'get ticket'}}]};
      },
      {rejectToolSearch: true},
    );
    await driver.submit('what is ticket T-102?');
    const state = store.getState();
    // The refused request, then the same step again with the client-side table.
    expect(fake.requests[0].tools.some((t: any) => t.defer_loading)).toBe(true);
    expect(fake.requests[1].tools.map((t: any) => t.name)).toEqual(['search_tools']);
    expect(fake.requests[1].tools.some((t: any) => 'defer_loading' in t || 'type' in t)).toBe(false);
    expect(fake.requests[1].messages).toEqual(fake.requests[0].messages);
    expect(state.notices.map((n) => n.text)).toContainEqual(expect.stringMatching(/^the model API refused its own tool search \(Anthropic API: 400 bad request \(tools\.0: .*\)\); breakerbox searches tools itself \(search_tools\) for the rest of this session$/));
    expect(turnCalls(state).map((c) => c.name)).toEqual(['search_tools', 'mcp__tickets__get_ticket']);
    expect(state.turn.answer).toBe('Ticket T-102 is open.');

    // The next turn goes straight to search_tools: no second refusal.
    const before = fake.requests.length;
    await driver.submit('and ticket T-103?');
    expect(fake.requests.slice(before).some((b) => b.tools.some((t: any) => t.defer_loading))).toBe(false);
    expect(store.getState().notices.filter((n) => /refused its own tool search/.test(n.text))).toHaveLength(1);
  });

  describe('behind a gateway whose 400 names no cause', () => {
    const PAGE = '<html><head><title>400 Bad Request</title></head><body><center><h1>400 Bad Request</h1></center><hr><center>nginx</center></body></html>';
    const deferring = (body: any) => (body.tools ?? []).some((t: any) => t.defer_loading);
    /** Finds get_ticket with search_tools, calls it, answers. */
    const clientSide = (body: any) => {
      const last = lastBlocks(body);
      if (last.some((b: any) => b.type === 'tool_result' && /Found/.test(JSON.stringify(b.content)))) return {toolUses: [{name: 'mcp__tickets__get_ticket', input: {id: 'T-102'}}]};
      if (answered(body)) return {text: 'Ticket T-102 is open.'};
      return {toolUses: [{name: 'search_tools', input: {query: 'get ticket'}}]};
    };

    it('falls back to search_tools when it answers the first request with deferred tools, for the rest of the session', async () => {
      const {fake, store, driver} = await setup((body) => (deferring(body) ? {status: 400, page: PAGE} : clientSide(body)));
      await driver.submit('what is ticket T-102?');
      const state = store.getState();
      expect(fake.requests[0].tools.some((t: any) => t.defer_loading)).toBe(true);
      expect(fake.requests[1].tools.map((t: any) => t.name)).toEqual(['search_tools']);
      expect(fake.requests[1].messages).toEqual(fake.requests[0].messages);
      expect(state.notices.map((n) => n.text)).toContainEqual(
        expect.stringMatching(/^the model API refused the first request with deferred tools with a 400 that names no cause \(Anthropic API: 400 bad request \(400 <html>.*400 Bad Request.*\)\), as a gateway that does not know tool search would; breakerbox searches tools itself \(search_tools\) for the rest of this session$/),
      );
      expect(turnCalls(state).map((c) => c.name)).toEqual(['search_tools', 'mcp__tickets__get_ticket']);
      expect(state.turn.answer).toBe('Ticket T-102 is open.');
      const before = fake.requests.length;
      await driver.submit('and ticket T-103?');
      expect(fake.requests.slice(before).some((b) => deferring(b))).toBe(false);
      expect(store.getState().notices.filter((n) => /tool search/.test(n.text))).toHaveLength(1);
    });

    it('sends the request again once only: the same 400 without deferred tools fails the turn', async () => {
      const {fake, store, driver} = await setup(() => ({status: 400, error: {message: 'Bad Request'}}));
      await driver.submit('hi');
      expect(fake.requests).toHaveLength(2);
      expect(deferring(fake.requests[1])).toBe(false);
      expect(store.getState().turn).toMatchObject({status: 'idle', error: 'Anthropic API: 400 bad request (Bad Request)'});
    });

    it('is an ordinary failure once the API has answered a request with deferred tools, or when it names another cause', async () => {
      let refuse = false;
      const {fake, store, driver} = await setup(() => (refuse ? {status: 400, error: {message: 'Bad Request'}} : {text: 'hello'}));
      await driver.submit('hi');
      expect(deferring(fake.requests[0])).toBe(true);
      refuse = true;
      await driver.submit('again');
      expect(fake.requests).toHaveLength(2);
      expect(store.getState().turn.error).toBe('Anthropic API: 400 bad request (Bad Request)');

      const other = await setup(() => ({status: 400, error: {message: 'max_tokens: must be at most 8192'}}));
      await other.driver.submit('hi');
      expect(other.fake.requests).toHaveLength(1);
      for (const s of [store, other.store]) expect(s.getState().notices.some((n) => /tool search/.test(n.text))).toBe(false);
    });
  });

  it('fails the turn as usual on a 400 that is not about tool search', async () => {
    const {fake, store, driver} = await setup(() => ({status: 400, error: {message: 'messages.0: bad role'}}));
    await driver.submit('hi');
    expect(fake.requests).toHaveLength(1);
    expect(store.getState().notices.some((n) => /refused its own tool search/.test(n.text))).toBe(false);
    expect(store.getState().turn.status).toBe('idle');
  });
});
