import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {adaptHistory} from '../../src/agent/models/adapt-history.js';
import {providerLosses} from '../../src/agent/models/provider-losses.js';
import type {ModelMessage} from '../../src/agent/model.js';
import {resolveProvider} from '../../src/cli/setup.js';
import {startFakeAnthropic, type FakeAnthropic} from '../helpers/fake-anthropic.js';
import {startFakeOpenAI, type FakeOpenAI} from '../helpers/fake-openai.js';
import {runCli} from '../helpers/cli.js';
import {tempDir} from '../helpers/hub.js';

describe('choosing the provider', () => {
  it.each([
    [undefined, {ANTHROPIC_API_KEY: 'a', OPENAI_API_KEY: 'o'}, 'anthropic'],
    [undefined, {OPENAI_API_KEY: 'o'}, 'openai'],
    [undefined, {OPENAI_BASE_URL: 'http://localhost:11434/v1'}, 'offline'],
    [undefined, {}, 'offline'],
    ['openai', {ANTHROPIC_API_KEY: 'a', OPENAI_API_KEY: 'o'}, 'openai'],
  ] as const)('--provider %s with %j → %s', (flag, env, expected) => expect(resolveProvider(flag, env)).toBe(expected));

  it('refuses a provider whose key is missing, a base URL without http(s)://, and an unknown provider, with exit 2', async () => {
    const a = await runCli(['--print', 'hi', '--provider', 'anthropic'], {env: {XDG_STATE_HOME: tempDir('bb-prov-')}});
    expect(a.code).toBe(2);
    expect(a.stderr).toBe('breakerbox: --provider anthropic needs ANTHROPIC_API_KEY\n');
    const o = await runCli(['--print', 'hi', '--provider', 'openai'], {env: {XDG_STATE_HOME: tempDir('bb-prov-')}});
    expect(o.stderr).toMatch(/--provider openai needs OPENAI_API_KEY \(or OPENAI_BASE_URL/);
    const u = await runCli(['--print', 'hi', '--provider', 'openai'], {env: {XDG_STATE_HOME: tempDir('bb-prov-'), OPENAI_BASE_URL: 'localhost:11434/v1'}});
    expect(u.code).toBe(2);
    expect(u.stderr).toBe('breakerbox: OPENAI_BASE_URL must be an http:// or https:// URL, got "localhost:11434/v1" (e.g. http://localhost:11434/v1)\n');
    const v = await runCli(['--print', 'hi'], {env: {XDG_STATE_HOME: tempDir('bb-prov-'), ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: 'api.anthropic.com'}});
    expect(v.code).toBe(2);
    expect(v.stderr).toMatch(/^breakerbox: ANTHROPIC_BASE_URL must be an http:\/\/ or https:\/\/ URL, got "api\.anthropic\.com"/);
    const x = await runCli(['--print', 'hi', '--provider', 'gemini']);
    expect(x.code).toBe(2);
    expect(x.stderr).toMatch(/--provider "gemini": use anthropic, openai/);
  });
});

describe('a session recorded with one provider and resumed with another', () => {
  let openai: FakeOpenAI;
  let anthropic: FakeAnthropic;
  beforeAll(async () => {
    openai = await startFakeOpenAI((body) =>
      body.messages.at(-1).role === 'tool' ? {text: 'Found it in the notes.'} : {calls: [{id: 'call.with.dots/and-a-very-long-tail-0001', name: 'mcp__notes__search', arguments: {query: 'pagination'}}]},
    );
    anthropic = await startFakeAnthropic(() => ({text: 'Continuing with Claude.'}));
  });
  afterAll(async () => {
    await openai?.close();
    await anthropic?.close();
  });

  // Two runs of the CLI, each allowed runCli's 60 s: more than the default test timeout on a busy machine.
  it('runs a turn with OPENAI_API_KEY, then continues it with Claude, converting the call ids', {timeout: 150_000}, async () => {
    const state = tempDir('bb-prov-');
    const first = await runCli(['--print', 'search my notes for pagination'], {env: {XDG_STATE_HOME: state, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.url, OPENAI_MODEL: 'gpt-test'}});
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout.trim()).toBe('Found it in the notes.');
    expect(openai.requests[0].model).toBe('gpt-test');

    const second = await runCli(['--print', 'and tickets?', '--resume'], {env: {XDG_STATE_HOME: state, ANTHROPIC_API_KEY: 'sk-ant', ANTHROPIC_BASE_URL: anthropic.url}});
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout.trim()).toBe('Continuing with Claude.');
    expect(second.stderr).toMatch(/• session recorded with openai, continued with anthropic \(claude-[^)]+\): 1 call id rewritten to fit the anthropic API/);
    const messages = anthropic.requests[0].messages;
    const use = messages[1].content.find((b: any) => b.type === 'tool_use');
    const result = messages[2].content.find((b: any) => b.type === 'tool_result');
    expect(use.id).toMatch(/^call_[0-9a-f]{24}$/);
    expect(result.tool_use_id).toBe(use.id);
    expect(messages.at(-1).content.at(-1)).toEqual({type: 'text', text: 'and tickets?'});
  });
});

describe('adaptHistory', () => {
  const history = (): ModelMessage[] => [
    {role: 'user', content: [{type: 'text', text: 'q'}]},
    {role: 'assistant', content: [{type: 'thinking', thinking: 'hm'} as never, {type: 'tool_use', id: 'toolu_' + 'x'.repeat(40), name: 't', input: 'not json'}]},
    {role: 'user', content: [{type: 'tool_result', tool_use_id: 'toolu_' + 'x'.repeat(40), content: [{type: 'text', text: 'r'}]}]},
  ];
  it('shortens ids for Chat Completions and leaves out blocks only the other API reads', () => {
    const h = history();
    expect(adaptHistory(h, 'anthropic', 'openai')).toEqual(['1 call id rewritten to fit the openai API', '1 block only anthropic reads left out']);
    const use = h[1]!.content[0] as {id: string; input: unknown};
    expect(use.id.length).toBeLessThanOrEqual(40);
    expect(use.input).toBe('not json');
    expect((h[2]!.content[0] as {tool_use_id: string}).tool_use_id).toBe(use.id);
  });
  it('gives Claude object arguments, and changes nothing for the same provider or the offline model', () => {
    const h = history();
    expect(adaptHistory(h, 'openai', 'anthropic')).toContain('1 earlier call whose arguments were not JSON shown with empty arguments');
    expect((h[1]!.content.find((b) => b.type === 'tool_use') as {input: unknown}).input).toEqual({});
    expect(adaptHistory(history(), 'openai', 'openai')).toEqual([]);
    expect(adaptHistory(history(), 'openai', 'offline')).toEqual([]);
  });
});

describe('providerLosses (shown per tool in --list-tools --json)', () => {
  it('says how each tool fared under strict mode, and that Claude takes the schema as it is', () => {
    const open = {inputSchema: {type: 'object', properties: {meta: {type: 'object', additionalProperties: true}}}};
    const plain = {inputSchema: {type: 'object', properties: {q: {type: 'string'}, n: {type: 'integer'}}, required: ['q']}};
    expect(providerLosses(open, 'openai')).toEqual(['not strict (the API does not enforce its arguments): $.meta: an object that takes any keys (additionalProperties)']);
    expect(providerLosses(plain, 'openai')).toEqual(['strict mode: 1 optional property made nullable (nulls are removed before the call)', 'strict mode: 1 object closed (additionalProperties: false)']);
    expect(providerLosses(open, 'anthropic')).toEqual([]);
  });
});
