import {afterEach, describe, expect, it} from 'vitest';
import type {ModelMessage, ModelTool} from '../../../src/agent/model.js';
import {ModelError} from '../../../src/agent/models/model-error.js';
import {createOpenAIModel} from '../../../src/agent/models/openai.js';
import {Driver} from '../../../src/driver/driver.js';
import {initialState} from '../../../src/state/app-state.js';
import {turnCalls} from '../../../src/state/selectors.js';
import {createStore} from '../../../src/state/store.js';
import {startFakeOpenAI, type FakeChatAnswer, type FakeOpenAI} from '../../helpers/fake-openai.js';
import {nodeServer, testHub} from '../../helpers/hub.js';
import {expectAbortMidStream} from './abort-mid-stream.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function fake(handler: (body: any) => FakeChatAnswer): Promise<FakeOpenAI> {
  const f = await startFakeOpenAI(handler);
  cleanups.push(() => f.close());
  return f;
}

async function controllerWith(f: FakeOpenAI, o: {maxSteps?: number; yes?: boolean} = {}) {
  const {hub} = testHub([nodeServer('notes', 'notes.mjs'), nodeServer('tickets', 'tickets.mjs')]);
  cleanups.push(() => hub.close());
  await hub.start();
  const store = createStore(initialState({servers: hub.statuses(), maxSteps: o.maxSteps ?? 10, limits: {previewChars: Infinity}}));
  const model = createOpenAIModel({apiKey: 'sk-test', baseURL: f.url, model: 'gpt-test', maxRetries: 0});
  const driver = new Driver({store, hub, model, maxSteps: o.maxSteps ?? 10, rules: {yes: o.yes ?? true, allow: [], autoApprove: {}}, interactive: false});
  return {
    /** Runs one turn; its outcome as the store has it. */
    async submit(question: string) {
      await driver.submit(question);
      const s = store.getState();
      const calls = turnCalls(s).map((c) => ({name: c.name, server: c.outcome?.alias, tool: c.outcome?.tool, isError: c.outcome?.isError === true}));
      return {stopReason: s.turn.outcome, answer: s.turn.answer, error: s.turn.error, calls};
    },
  };
}

const QUESTION: ModelMessage[] = [{role: 'user', content: [{type: 'text', text: 'hi'}]}];

describe('the OpenAI-compatible provider in a whole turn', () => {
  it('runs two parallel calls and sends their results back as role "tool" messages in order', async () => {
    const f = await fake((body) =>
      body.messages.at(-1).role === 'tool'
        ? {text: 'Notes and tickets both mention pagination.'}
        : {text: 'Looking.', calls: [{id: 'call_a', name: 'mcp__notes__search', arguments: {query: 'pagination'}}, {id: 'call_b', name: 'mcp__tickets__search', arguments: {query: 'pagination'}}]},
    );
    const controller = await controllerWith(f);
    const outcome = (await controller.submit('search everything for pagination'))!;
    expect(outcome.stopReason).toBe('end_turn');
    expect(outcome.answer).toBe('Notes and tickets both mention pagination.');
    expect(outcome.calls.map((c) => [c.name, c.server, c.tool, c.isError])).toEqual([
      ['mcp__notes__search', 'notes', 'search', false],
      ['mcp__tickets__search', 'tickets', 'search', false],
    ]);

    const [first, second] = f.requests;
    expect(first.stream).toBe(true);
    expect(first.messages[0].role).toBe('system');
    const tool = first.tools.find((t: any) => t.function.name === 'mcp__notes__search');
    expect(Object.keys(tool)).toEqual(['type', 'function']);
    expect(tool.function.parameters.type).toBe('object');
    expect(tool.function).not.toHaveProperty('input_schema');
    expect(typeof tool.function.strict).toBe('boolean');
    const tail = second.messages.slice(-3);
    expect(tail[0]).toMatchObject({role: 'assistant', content: 'Looking.', tool_calls: [{id: 'call_a', type: 'function', function: {name: 'mcp__notes__search', arguments: '{"query":"pagination"}'}}, {id: 'call_b'}]});
    expect(tail.slice(1).map((m: any) => [m.role, m.tool_call_id])).toEqual([['tool', 'call_a'], ['tool', 'call_b']]);
    expect(tail[1].content).toMatch(/^notes\/search received "search"/);
    // The tool table is byte-identical between the two requests (cache-friendly).
    expect(JSON.stringify(second.tools)).toBe(JSON.stringify(first.tools));
  });

  it('keeps every call apart when the server numbers call ids from zero in each answer', async () => {
    const answers: FakeChatAnswer[] = [
      {calls: [{id: 'call_0', name: 'mcp__notes__search', arguments: {query: 'runbook'}}, {id: 'call_0', name: 'mcp__tickets__search', arguments: {query: 'login'}}]},
      {calls: [{id: 'call_0', name: 'mcp__tickets__get_ticket', arguments: {id: 'T-102'}}]},
      {text: 'done'},
    ];
    const f = await fake(() => answers.shift()!);
    const outcome = (await (await controllerWith(f)).submit('look everywhere'))!;
    expect(outcome.calls.map((c) => [c.name, c.server, c.tool])).toEqual([
      ['mcp__notes__search', 'notes', 'search'],
      ['mcp__tickets__search', 'tickets', 'search'],
      ['mcp__tickets__get_ticket', 'tickets', 'get_ticket'],
    ]);
    const last = f.requests.at(-1).messages;
    const ids = last.flatMap((m: any) => (m.tool_calls ?? []).map((c: any) => c.id));
    expect(ids).toEqual(['call_0', 'call_0_2', 'call_0_3']);
    expect(last.filter((m: any) => m.role === 'tool').map((m: any) => [m.tool_call_id, m.content.slice(0, 14)])).toEqual([
      ['call_0', 'notes/search r'],
      ['call_0_2', 'tickets/search'],
      ['call_0_3', 'T-102 [open, h'],
    ]);
  });

  it('keeps the step limit and denials as with Anthropic', async () => {
    const f = await fake(() => ({calls: [{name: 'mcp__tickets__close_ticket', arguments: {id: 'T-101'}}]}));
    const controller = await controllerWith(f, {maxSteps: 2, yes: false});
    const outcome = (await controller.submit('close it'))!;
    expect(outcome.stopReason).toBe('step_limit');
    expect(f.requests).toHaveLength(2);
    const denied = f.requests[1].messages.at(-1);
    expect(denied.role).toBe('tool');
    expect(denied.content).toMatch(/^\[tool error\] .*--yes|--allow/);
  });

  it('ends the turn with a readable message on an API error', async () => {
    const f = await fake(() => ({status: 401, error: {message: 'Incorrect API key provided: sk-test', type: 'invalid_request_error', code: 'invalid_api_key'}}));
    const controller = await controllerWith(f);
    const outcome = (await controller.submit('hi'))!;
    expect(outcome.stopReason).toBe('error');
    expect(outcome.error).toBe('OpenAI-compatible API: 401 authentication failed — check OPENAI_API_KEY (Incorrect API key provided: sk-test)');
  });
});

describe('the OpenAI-compatible provider, request by request', () => {
  const model = (f: FakeOpenAI) => createOpenAIModel({apiKey: 'k', baseURL: f.url, model: 'm', maxRetries: 0});

  it('streams text deltas in order', async () => {
    const deltas = ['Pagi', 'nation ', 'is ', 'in note ', '7.'];
    const f = await fake(() => ({deltas}));
    const seen: string[] = [];
    const r = await model(f).respond({system: '', tools: [], messages: QUESTION, onText: (d) => seen.push(d)});
    expect(seen).toEqual(deltas);
    expect(r.content).toEqual([{type: 'text', text: deltas.join('')}]);
    expect(r.stopReason).toBe('end_turn');
    expect(r.usage).toEqual({inputTokens: 100, outputTokens: 10});
    expect(f.requests[0]).not.toHaveProperty('tools');
  });

  it('sends a schema strict mode can take as strict, and one it cannot as non-strict, per tool', async () => {
    const tools: ModelTool[] = [
      {name: 'a', description: 'd', input_schema: {type: 'object', properties: {q: {type: 'string', title: 'Q'}, limit: {type: 'integer', default: 10}}, required: ['q']}},
      {name: 'b', description: 'd', input_schema: {type: 'object', properties: {meta: {type: 'object', additionalProperties: {type: 'string'}}}}},
    ];
    const f = await fake(() => ({calls: [{name: 'a', arguments: {q: 'x', limit: null}}, {name: 'b', arguments: {meta: null}}]}));
    const r = await model(f).respond({system: 's', tools, messages: QUESTION});
    const [a, b] = f.requests[0].tools;
    expect(a.function).toEqual({
      name: 'a',
      description: 'd',
      strict: true,
      parameters: {type: 'object', properties: {q: {type: 'string'}, limit: {type: ['integer', 'null'], description: '(default: 10)'}}, required: ['q', 'limit'], additionalProperties: false},
    });
    expect(b.function.strict).toBe(false);
    expect(b.function.parameters).toEqual(tools[1]!.input_schema);
    // The null strict mode made the model send for the optional `limit` is gone; the non-strict tool's input is untouched.
    expect(r.content).toEqual([
      {type: 'tool_use', id: 'call_fake_1', name: 'a', input: {q: 'x'}},
      {type: 'tool_use', id: 'call_fake_2', name: 'b', input: {meta: null}},
    ]);
    expect(r.stopReason).toBe('tool_use');
  });

  it('reads tool calls from servers that leave out index, id and type', async () => {
    const f = await fake(() => ({sloppy: true, calls: [{id: '', name: 'a', arguments: {q: 1}}, {id: '', name: 'b', arguments: '{"broken": '}]}));
    const r = await model(f).respond({system: '', tools: [], messages: QUESTION});
    expect(r.content).toEqual([
      {type: 'tool_use', id: 'call_1', name: 'a', input: {q: 1}},
      // Not JSON: passed on as text, so the hub answers "the arguments are not valid JSON (…)" to the model.
      {type: 'tool_use', id: 'call_2', name: 'b', input: '{"broken": '},
    ]);
  });

  it('turns images in tool results into a placeholder and marks error results', async () => {
    const f = await fake(() => ({text: 'ok'}));
    await model(f).respond({
      system: '',
      tools: [],
      messages: [
        ...QUESTION,
        {role: 'assistant', content: [{type: 'tool_use', id: 't1', name: 'shot', input: {}}, {type: 'tool_use', id: 't2', name: 'fail', input: {}}]},
        {role: 'user', content: [
          {type: 'tool_result', tool_use_id: 't1', content: [{type: 'text', text: 'here'}, {type: 'image', source: {type: 'base64', media_type: 'image/png', data: 'AAAA'}}]},
          {type: 'tool_result', tool_use_id: 't2', content: [{type: 'text', text: 'no such file'}], is_error: true},
          {type: 'text', text: 'and now?'},
        ]},
      ],
    });
    expect(f.requests[0].messages.slice(1)).toEqual([
      {role: 'assistant', content: null, tool_calls: [{id: 't1', type: 'function', function: {name: 'shot', arguments: '{}'}}, {id: 't2', type: 'function', function: {name: 'fail', arguments: '{}'}}]},
      {role: 'tool', tool_call_id: 't1', content: 'here\n[image image/png: not shown — this API takes tool results as text only]'},
      {role: 'tool', tool_call_id: 't2', content: '[tool error] no such file'},
      {role: 'user', content: 'and now?'},
    ]);
  });

  it.each([
    [{status: 429, error: {message: 'slow down'}}, 'rate-limit', /429 rate limited/],
    [{status: 500, error: {message: 'boom'}}, 'server', /500 server error/],
    [{status: 404, error: {message: 'The model `m` does not exist'}}, 'not-found', /404 not found — is the model id "m" right\?/],
  ])('maps HTTP %j to a ModelError', async (answer, code, text) => {
    const f = await fake(() => answer as FakeChatAnswer);
    const err = await model(f).respond({system: '', tools: [], messages: QUESTION}).catch((e) => e);
    expect(err).toBeInstanceOf(ModelError);
    expect(err.code).toBe(code);
    expect(err.message).toMatch(text);
  });

  it('reports an error sent inside the stream', async () => {
    const f = await fake(() => ({text: 'partial', streamError: {message: 'backend crashed'}}));
    const err = await model(f).respond({system: '', tools: [], messages: QUESTION}).catch((e) => e);
    expect(err).toBeInstanceOf(ModelError);
    expect(err.message).toMatch(/^OpenAI-compatible API: .*backend crashed/);
  });

  it('a call cut off by the output limit keeps max_tokens as the stop reason, and its text as arguments', async () => {
    const f = await fake(() => ({calls: [{id: 'call_cut', name: 'mcp__notes__search', arguments: '{"query": "pagin'}], finishReason: 'length'}));
    const response = await model(f).respond({system: '', tools: [], messages: QUESTION});
    expect(response.stopReason).toBe('max_tokens');
    expect(response.content).toEqual([{type: 'tool_use', id: 'call_cut', name: 'mcp__notes__search', input: '{"query": "pagin'}]);
  });

  it('abort mid-stream rejects with an AbortError, not the answer so far as a finished one', async () => {
    const f = await fake(() => ({text: 'this will never finish', hang: true}));
    await expectAbortMidStream(model(f), {system: '', tools: [], messages: QUESTION});
  });

  it('a connection cut in the middle of the answer says so, not "cannot reach"', async () => {
    const f = await fake(() => ({text: 'the first words of an answer', cut: true}));
    const seen: string[] = [];
    const err = await model(f).respond({system: '', tools: [], messages: QUESTION, onText: (d) => seen.push(d)}).catch((e) => e);
    expect(seen.join('')).toBe('the first words of an answer');
    expect(err).toBeInstanceOf(ModelError);
    expect(err.message).toMatch(/^OpenAI-compatible API: the connection closed in the middle of the answer — try again/);
    expect(err.retryable).toBe(true);
  });

  it('says which host it cannot reach', async () => {
    const f = await fake(() => ({text: 'x'}));
    await f.close();
    const err = await model(f).respond({system: '', tools: [], messages: QUESTION}).catch((e) => e);
    expect(err.code).toBe('network');
    expect(err.message).toMatch(/network error — cannot reach http:\/\/127\.0\.0\.1:\d+\/v1/);
  });
});
