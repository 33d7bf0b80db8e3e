import {afterEach, describe, expect, it, vi} from 'vitest';
import type {ModelMessage, ModelTool} from '../../../src/agent/model.js';
import {createAnthropicModel, DEFAULT_ANTHROPIC_MODEL, resolveAnthropicModel} from '../../../src/agent/models/anthropic.js';
import {ModelError} from '../../../src/agent/models/model-error.js';
import {startFakeAnthropic, type FakeAnthropic, type FakeHandler} from '../../helpers/fake-anthropic.js';
import {expectAbortMidStream} from './abort-mid-stream.js';

const TOOLS: ModelTool[] = [
  {
    name: 'mcp__notes__search',
    description: '[notes] Search notes by keyword.',
    input_schema: {type: 'object', properties: {query: {type: 'string'}, limit: {type: 'integer', default: 10}}, required: ['query']},
  },
  // Unusual key order on purpose: it must survive byte for byte.
  {
    input_schema: {required: ['id'], type: 'object', properties: {id: {type: 'string'}}},
    description: '[tickets] Find a ticket.',
    name: 'mcp__tickets__find',
  } as ModelTool,
  {name: 'mcp__clock__now', description: '[clock] The time.', input_schema: {type: 'object', properties: {}}},
];

const QUESTION: ModelMessage[] = [{role: 'user', content: [{type: 'text', text: 'search my notes for pagination'}]}];

let fake: FakeAnthropic | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  vi.unstubAllEnvs();
});

async function setup(handler: FakeHandler, extra: {maxRetries?: number} = {maxRetries: 0}) {
  fake = await startFakeAnthropic(handler);
  const model = createAnthropicModel({apiKey: 'sk-test', model: 'claude-test', baseURL: fake.url, ...extra});
  return {fake, model};
}

describe('anthropic model against the fake Messages API', () => {
  it('sends the tools verbatim with cache_control on the last one only, and a cached system block', async () => {
    const {fake, model} = await setup(() => ({text: 'ok'}));
    const before = JSON.stringify(TOOLS);
    await model.respond({system: 'You are breakerbox.', tools: TOOLS, messages: QUESTION, maxTokens: 321});

    const body = fake.requests[0];
    expect(body.model).toBe('claude-test');
    expect(body.max_tokens).toBe(321);
    expect(body.stream).toBe(true);
    expect(body.tools).toHaveLength(3);
    for (let i = 0; i < 2; i++) expect(JSON.stringify(body.tools[i])).toBe(JSON.stringify(TOOLS[i]));
    expect(JSON.stringify(body.tools[2])).toBe(JSON.stringify({...TOOLS[2], cache_control: {type: 'ephemeral'}}));
    expect(body.system).toEqual([{type: 'text', text: 'You are breakerbox.', cache_control: {type: 'ephemeral'}}]);
    expect(body.messages).toEqual(QUESTION);
    // The caller's table is not touched.
    expect(JSON.stringify(TOOLS)).toBe(before);
  });

  it('leaves out tools and system when there are none', async () => {
    const {fake, model} = await setup(() => ({text: 'ok'}));
    await model.respond({system: '', tools: [], messages: QUESTION});
    expect(fake.requests[0]).not.toHaveProperty('tools');
    expect(fake.requests[0]).not.toHaveProperty('system');
  });

  it('streams text deltas in order through onText', async () => {
    const deltas = ['Pagination ', 'is ', 'covered ', 'in ', 'note ', '7', '.'];
    const {model} = await setup(() => ({deltas}));
    const seen: string[] = [];
    const response = await model.respond({system: 's', tools: TOOLS, messages: QUESTION, onText: (d) => seen.push(d)});
    expect(seen).toEqual(deltas);
    expect(response.content).toEqual([{type: 'text', text: deltas.join('')}]);
    expect(response.stopReason).toBe('end_turn');
  });

  it('splits plain text into several deltas', async () => {
    const {model} = await setup(() => ({text: 'one two three four'}));
    const seen: string[] = [];
    await model.respond({system: 's', tools: [], messages: QUESTION, onText: (d) => seen.push(d)});
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.join('')).toBe('one two three four');
  });

  it('returns tool_use blocks with parsed input and usage with cache tokens', async () => {
    const input = {query: 'pagination', limit: 5, nested: {tags: ['a', 'b'], exact: true}};
    const {model} = await setup(() => ({
      text: 'Let me look.',
      toolUses: [
        {id: 'toolu_1', name: 'mcp__notes__search', input},
        {id: 'toolu_2', name: 'mcp__clock__now', input: {}},
      ],
      usage: {input_tokens: 50, output_tokens: 9, cache_read_input_tokens: 1200, cache_creation_input_tokens: 30},
    }));
    const response = await model.respond({system: 's', tools: TOOLS, messages: QUESTION});
    expect(response.content).toEqual([
      {type: 'text', text: 'Let me look.'},
      {type: 'tool_use', id: 'toolu_1', name: 'mcp__notes__search', input},
      {type: 'tool_use', id: 'toolu_2', name: 'mcp__clock__now', input: {}},
    ]);
    expect(response.stopReason).toBe('tool_use');
    expect(response.usage).toEqual({inputTokens: 50, outputTokens: 9, cacheReadTokens: 1200, cacheWriteTokens: 30});
  });

  it('a call cut off by max_tokens keeps its arguments as the text sent, not the part that parses', async () => {
    const {model} = await setup(() => ({
      toolUses: [{id: 'toolu_cut', name: 'mcp__notes__search', input: undefined, inputText: '{"query": "pagination", "limit": 5'}],
      stopReason: 'max_tokens',
    }));
    const response = await model.respond({system: 's', tools: TOOLS, messages: QUESTION});
    expect(response.content).toEqual([{type: 'tool_use', id: 'toolu_cut', name: 'mcp__notes__search', input: '{"query": "pagination", "limit": 5'}]);
    expect(response.stopReason).toBe('max_tokens');
  });

  it('arguments with text after the JSON (a gateway model\'s slip) fail that call, not the whole answer', async () => {
    const {model} = await setup(() => ({
      text: 'Searching.',
      toolUses: [
        {id: 'toolu_bad', name: 'mcp__notes__search', input: undefined, inputText: '{"query": "x"} and more'},
        {id: 'toolu_ok', name: 'mcp__clock__now', input: {}},
      ],
    }));
    const response = await model.respond({system: 's', tools: TOOLS, messages: QUESTION});
    expect(response.content).toEqual([
      {type: 'text', text: 'Searching.'},
      {type: 'tool_use', id: 'toolu_bad', name: 'mcp__notes__search', input: '{"query": "x"} and more'},
      {type: 'tool_use', id: 'toolu_ok', name: 'mcp__clock__now', input: {}},
    ]);
  });

  it('sends an earlier call whose arguments were not JSON back with {} (the API takes only objects)', async () => {
    const {fake, model} = await setup(() => ({text: 'ok'}));
    const history: ModelMessage[] = [
      ...QUESTION,
      {role: 'assistant', content: [{type: 'tool_use', id: 'toolu_bad', name: 'mcp__notes__search', input: '{"query": "x"'}, {type: 'tool_use', id: 'toolu_ok', name: 'mcp__clock__now', input: {}}]},
      {role: 'user', content: [{type: 'tool_result', tool_use_id: 'toolu_bad', content: [{type: 'text', text: 'not run'}], is_error: true}, {type: 'tool_result', tool_use_id: 'toolu_ok', content: [{type: 'text', text: 'noon'}]}]},
    ];
    await model.respond({system: 's', tools: TOOLS, messages: history});
    expect(fake.requests[0].messages[1].content.map((b: {input: unknown}) => b.input)).toEqual([{}, {}]);
    expect(history[1]!.content[0]).toMatchObject({input: '{"query": "x"'});
  });

  it('a connection cut in the middle of the answer says so, not "cannot reach"', async () => {
    const {model} = await setup(() => ({text: 'the first words of an answer', cut: true}));
    const seen: string[] = [];
    const error = await model.respond({system: 's', tools: TOOLS, messages: QUESTION, onText: (d) => seen.push(d)}).catch((e: unknown) => e);
    expect(seen.join('')).toBe('the first words of an answer');
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).message).toMatch(/^Anthropic API: the connection closed in the middle of the answer — try again/);
    expect((error as ModelError).retryable).toBe(true);
  });

  it('a stream that ends cleanly before message_stop is a cut answer, said once', async () => {
    const {model} = await setup(() => ({text: 'the first words', cut: 'clean'}));
    const error = await model.respond({system: 's', tools: TOOLS, messages: QUESTION}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).message).toBe('Anthropic API: the answer stopped before its end (the stream closed without message_stop) — try again');
  });

  it('a gateway without token counting gets a sentence, not the SDK\'s JSON dump', async () => {
    fake = await startFakeAnthropic(() => ({text: 'ok'}), {noTokenCounting: true});
    const model = createAnthropicModel({apiKey: 'sk-test', model: 'claude-test', baseURL: fake.url, maxRetries: 0});
    const error = await model.countToolTokens!({notes: TOOLS}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).message).toBe(`Anthropic API: ${fake.url} does not count tokens (404 on /v1/messages/count_tokens)`);
  });

  it('renames a call id an earlier call of the conversation has (a gateway numbering from zero)', async () => {
    const {model} = await setup(() => ({toolUses: [{id: 'toolu_0', name: 'mcp__clock__now', input: {}}]}));
    const history: ModelMessage[] = [
      ...QUESTION,
      {role: 'assistant', content: [{type: 'tool_use', id: 'toolu_0', name: 'mcp__clock__now', input: {}}]},
      {role: 'user', content: [{type: 'tool_result', tool_use_id: 'toolu_0', content: [{type: 'text', text: 'noon'}]}]},
    ];
    const response = await model.respond({system: 's', tools: TOOLS, messages: history});
    expect(response.content).toEqual([{type: 'tool_use', id: 'toolu_0_2', name: 'mcp__clock__now', input: {}}]);
  });

  it('passes tool_result blocks, is_error included, through unchanged', async () => {
    const {fake, model} = await setup(() => ({text: 'The search failed.'}));
    const messages: ModelMessage[] = [
      ...QUESTION,
      {role: 'assistant', content: [{type: 'tool_use', id: 'toolu_1', name: 'mcp__notes__search', input: {query: 'pagination'}}]},
      {
        role: 'user',
        content: [{type: 'tool_result', tool_use_id: 'toolu_1', content: [{type: 'text', text: 'index locked'}], is_error: true}],
      },
    ];
    await model.respond({system: 's', tools: TOOLS, messages});
    expect(fake.requests[0].messages).toEqual(messages);
    expect(fake.requests[0].messages[2].content[0].is_error).toBe(true);
  });

  it('honours ANTHROPIC_BASE_URL when no baseURL is given', async () => {
    fake = await startFakeAnthropic(() => ({text: 'via env'}));
    vi.stubEnv('ANTHROPIC_BASE_URL', fake.url);
    const model = createAnthropicModel({apiKey: 'sk-test', model: 'claude-test', maxRetries: 0});
    const response = await model.respond({system: 's', tools: [], messages: QUESTION});
    expect(response.content).toEqual([{type: 'text', text: 'via env'}]);
    expect(fake.headers[0].authorization ?? fake.headers[0]['x-api-key']).toContain('sk-test');
  });
});

describe('anthropic model errors', () => {
  const ask = (model: ReturnType<typeof createAnthropicModel>) => model.respond({system: 's', tools: TOOLS, messages: QUESTION});

  it('401 becomes a readable authentication error', async () => {
    const {fake, model} = await setup(() => ({status: 401, error: {message: 'invalid x-api-key'}}));
    const error = await ask(model).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).message).toBe(
      'Anthropic API: 401 authentication failed — check ANTHROPIC_API_KEY (invalid x-api-key)',
    );
    expect((error as ModelError).code).toBe('auth');
    expect(fake.requests).toHaveLength(1);
  });

  it('500 with maxRetries 0 becomes a readable server error after one attempt', async () => {
    const {fake, model} = await setup(() => ({status: 500, error: {message: 'Internal server error'}}));
    await expect(ask(model)).rejects.toThrow(/^Anthropic API: 500 server error — .*\(Internal server error\)$/);
    expect(fake.requests).toHaveLength(1);
  });

  it('429 and 529 name the problem', async () => {
    const {model} = await setup(() => (fake!.requests.length === 1 ? {status: 429} : {status: 529}));
    await expect(ask(model)).rejects.toThrow(/429 rate limited/);
    await expect(ask(model)).rejects.toThrow(/529 overloaded/);
  });

  it('an overloaded error event in the middle of the stream is readable', async () => {
    const {model} = await setup(() => ({text: 'half', streamError: {type: 'overloaded_error', message: 'Overloaded'}}));
    await expect(ask(model)).rejects.toThrow(/^Anthropic API: .*overloaded/);
  });

  it('a dropped connection is a network error naming the URL', async () => {
    const {fake, model} = await setup(() => ({drop: true}));
    await expect(ask(model)).rejects.toThrow(new RegExp(`network error — cannot reach ${fake.url}`));
  });

  it('keeps the SDK retries by default', async () => {
    const {fake, model} = await setup(
      () => (fake!.requests.length === 1 ? {status: 529, headers: {'retry-after-ms': '5'}} : {text: 'second time lucky'}),
      {},
    );
    const response = await ask(model);
    expect(response.content).toEqual([{type: 'text', text: 'second time lucky'}]);
    expect(fake.requests).toHaveLength(2);
  });

  it('abort mid-stream rejects with an AbortError', async () => {
    const {model} = await setup(() => ({text: 'this will never finish', hang: true}));
    await expectAbortMidStream(model, {system: 's', tools: TOOLS, messages: QUESTION});
  });

  it('an already aborted signal rejects without a request', async () => {
    const {fake, model} = await setup(() => ({text: 'unused'}));
    const controller = new AbortController();
    controller.abort();
    await expect(model.respond({system: 's', tools: [], messages: QUESTION, signal: controller.signal})).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('a missing key is a readable error', async () => {
    const model = createAnthropicModel({apiKey: '', model: 'claude-test'});
    await expect(ask(model)).rejects.toThrow(/no API key — set ANTHROPIC_API_KEY/);
  });
});

describe('model id', () => {
  it('prefers --model, then ANTHROPIC_MODEL, then the default Sonnet', () => {
    expect(resolveAnthropicModel('claude-flag', {ANTHROPIC_MODEL: 'claude-env'})).toBe('claude-flag');
    expect(resolveAnthropicModel(undefined, {ANTHROPIC_MODEL: 'claude-env'})).toBe('claude-env');
    expect(resolveAnthropicModel(undefined, {})).toBe(DEFAULT_ANTHROPIC_MODEL);
    expect(DEFAULT_ANTHROPIC_MODEL).toMatch(/^claude-sonnet-/);
  });

  it('labels the model with its id', () => {
    vi.stubEnv('ANTHROPIC_MODEL', '');
    expect(createAnthropicModel({apiKey: 'k'}).label).toBe(DEFAULT_ANTHROPIC_MODEL);
    expect(createAnthropicModel({apiKey: 'k', model: 'claude-x'}).label).toBe('claude-x');
  });
});
