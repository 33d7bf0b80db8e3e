// Legacy server → client requests (roots/list, sampling/createMessage,
// elicitation/create) and progress, against the real server-everything.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {configFeatures} from '../../src/cli/setup.js';
import {McpError} from '../../src/connection/errors.js';
import type {RequestContext} from '../../src/session/server-requests.js';
import {waitFor} from '../helpers/wait.js';
import {descendants, hubFromConfig, modelName, rawMessages, ROOT, scratch, stillAlive, toolsOf, writeConfig, type StartedHub} from './helpers.js';

const STARTUP = 30_000;
const CANNED = {role: 'assistant', content: {type: 'text', text: 'canned: the capital of France is Paris'}, model: 'breakerbox-test-model', stopReason: 'endTurn'};

let tmp: ReturnType<typeof scratch>;
/** Roots from the config, plus sampling and elicitation handlers whose answers a test can switch. */
let full: StartedHub;
/** Exactly what the CLI builds from the config: roots only, no sampling, no elicitation. */
let plain: StartedHub;

let elicitAnswer: Record<string, unknown> = {action: 'decline'};
let sampleMode: 'canned' | 'refuse' = 'canned';
const elicitCalls: Array<{params: Record<string, unknown>; ctx: RequestContext}> = [];
const sampleCalls: Array<Record<string, unknown>> = [];

const call = (s: StartedHub, tool: string, args: unknown, options = {}) => {
  const name = modelName(s.hub, 'everything', tool);
  expect(name, `everything/${tool} is in the catalog`).toBeTruthy();
  return s.hub.call(name!, args, options);
};
const textOf = (r: {content: Array<{type: string}>}) => r.content.map((c) => (c as {text?: string}).text ?? '').join('\n');

beforeAll(async () => {
  tmp = scratch('everything');
  const {config} = writeConfig(tmp.dir, {
    everything: {command: 'node_modules/.bin/mcp-server-everything', cwd: ROOT, roots: ['${BB_ROOT_DIR}'], startupTimeoutMs: STARTUP},
  }, {...process.env, BB_ROOT_DIR: tmp.dir});
  expect(config.servers[0]!.roots).toEqual([tmp.dir]);
  full = hubFromConfig(config, {
    features: (s) => ({
      ...configFeatures(config.servers.find((c) => c.alias === s.alias)!),
      sample: async (params) => {
        sampleCalls.push(params);
        if (sampleMode === 'refuse') throw new McpError(-32601, 'sampling is not enabled for this server');
        return CANNED;
      },
      elicit: async (params, ctx) => {
        elicitCalls.push({params, ctx});
        return elicitAnswer;
      },
    }),
  });
  plain = hubFromConfig(config);
  await Promise.all([full.hub.start(), plain.hub.start()]);
  for (const s of [full, plain]) expect(s.hub.statuses()[0]!.state, s.hub.statuses()[0]!.reason).toBe('online');
}, 120_000);

afterAll(async () => {
  await Promise.all([full?.hub.close(), plain?.hub.close()]);
  tmp?.cleanup();
});

describe('roots/list (legacy server → client request)', () => {
  it('server-everything asks for roots after the handshake and breakerbox answers with the configured roots', async () => {
    for (const s of [full, plain]) {
      // The request shows up in the trace (~350 ms after initialized), followed by our result under the same id.
      const request = await waitFor(() => s.rec.trace.get('everything')?.find((l) => /^← #\S+ roots\/list$/.test(l.summary)), 'roots/list in the trace', 20_000);
      const id = /#(\S+)/.exec(request.summary)![1];
      await waitFor(() => s.rec.trace.get('everything')!.some((l) => l.summary === `→ #${id} result`), 'our answer in the trace', 10_000);
      const answer = (s.rec.raw.get('everything') ?? []).find((m) => m.direction === 'out' && String(m.message.id) === id && 'result' in m.message);
      expect(answer?.message.result).toEqual({roots: [{uri: `file://${tmp.dir}`, name: tmp.dir}]});
      // breakerbox asked for warning and above once, right after the handshake (so the server's
      // info-level "Roots updated" confirmation is filtered out at the source).
      expect(rawMessages(s.rec, 'everything', 'logging/setLevel').map((m) => m.message.params)).toEqual([{level: 'warning'}]);
    }
  }, 60_000);

  it('get-roots-list (offered because roots were declared) reports the configured root', async () => {
    const r = await call(plain, 'get-roots-list', {});
    expect(r.isError).toBeFalsy();
    expect(textOf(r)).toContain(`URI: file://${tmp.dir}`);
  });

});

describe('sampling/createMessage', () => {
  it('without features.sample breakerbox declares no sampling, so server-everything does not offer trigger-sampling-request at all', async () => {
    await waitFor(() => toolsOf(plain.hub, 'everything').includes('get-roots-list'), 'settled list', 20_000);
    expect(toolsOf(plain.hub, 'everything')).not.toContain('trigger-sampling-request');
    const r = await plain.hub.call('mcp__everything__trigger-sampling-request', {prompt: 'hi'});
    expect(r.isError).toBe(true);
    expect(r.failure).toBe('unknown-tool');
    const init = rawMessages(plain.rec, 'everything', 'initialize')[0]!.message.params as {capabilities: Record<string, unknown>};
    expect(init.capabilities).toEqual({roots: {listChanged: false}});
  });

  it('with features.sample returning a canned CreateMessageResult, the tool result contains it', async () => {
    sampleMode = 'canned';
    const r = await call(full, 'trigger-sampling-request', {prompt: 'What is the capital of France?', maxTokens: 20});
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(textOf(r)).toContain('canned: the capital of France is Paris');
    expect(textOf(r)).toContain('breakerbox-test-model');
    const asked = sampleCalls.at(-1)! as {messages: Array<{content: {text: string}}>; maxTokens: number};
    expect(asked.maxTokens).toBe(20);
    expect(asked.messages[0]!.content.text).toContain('What is the capital of France?');
  });

  it('when the client answers sampling with -32601, the tool comes back as an isError result', async () => {
    sampleMode = 'refuse';
    const r = await call(full, 'trigger-sampling-request', {prompt: 'anything'});
    expect(r.isError).toBe(true);
    expect(r.protocolError).toBeUndefined();
    expect(textOf(r)).toMatch(/-32601/);
    // On the wire: the server's request, then our JSON-RPC error under its id.
    const req = rawMessages(full.rec, 'everything', 'sampling/createMessage').at(-1)!;
    const reply = full.rec.raw.get('everything')!.find((m) => m.direction === 'out' && m.message.id === req.message.id && 'error' in m.message);
    expect((reply!.message.error as {code: number}).code).toBe(-32601);
  });
});

describe('elicitation/create', () => {
  it('accept with content: the tool result reflects the answer', async () => {
    elicitAnswer = {action: 'accept', content: {name: 'Ada Lovelace', check: true, email: 'ada@example.com'}};
    const r = await call(full, 'trigger-elicitation-request', {});
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(textOf(r)).toContain('User provided the requested information');
    expect(textOf(r)).toContain('- Name: Ada Lovelace');
    expect(textOf(r)).toContain('- Email: ada@example.com');
    const last = elicitCalls.at(-1)!;
    expect(last.ctx.alias).toBe('everything');
    expect((last.params.requestedSchema as {required: string[]}).required).toEqual(['name']);
  });

  it('decline: the tool result reflects the decline', async () => {
    elicitAnswer = {action: 'decline'};
    const r = await call(full, 'trigger-elicitation-request', {});
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(textOf(r)).toContain('User declined');
  });

  it('legacy elicitation/create is attributed to the one tool call in flight, with an abort signal', async () => {
    elicitAnswer = {action: 'decline'};
    await call(full, 'trigger-elicitation-request', {});
    const last = elicitCalls.at(-1)!;
    expect(last.ctx.tool).toBe('trigger-elicitation-request');
    expect(last.ctx.signal).toBeInstanceOf(AbortSignal);
  });
});

describe('progress', () => {
  it('trigger-long-running-operation reports increasing progress through onProgress', async () => {
    const seen: Array<{progress: number; total?: number}> = [];
    const r = await call(full, 'trigger-long-running-operation', {duration: 1, steps: 4}, {onProgress: (p: {progress: number; total?: number}) => seen.push(p)});
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(textOf(r)).toContain('Long running operation completed');
    expect(seen.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.progress).toBeGreaterThan(seen[i - 1]!.progress);
    expect(seen.at(-1)).toEqual({progress: 4, total: 4, message: undefined});
    // The token went out in _meta and came back on every notification.
    const sent = rawMessages(full.rec, 'everything', 'tools/call').at(-1)!.message.params as {_meta?: {progressToken?: unknown}};
    expect(sent._meta?.progressToken).toBeDefined();
    expect(rawMessages(full.rec, 'everything', 'notifications/progress').every((m) => (m.message.params as {progressToken: unknown}).progressToken === sent._meta!.progressToken)).toBe(true);
  }, 30_000);
});

describe('shutdown while the server has timers running', () => {
  it('toggle-simulated-logging keeps server-everything alive past stdin close; hub.close() still ends it (SIGTERM step)', async () => {
    const mine = descendants().filter((p) => p.args.includes('mcp-server-everything'));
    expect(mine.length).toBe(2);
    const r = await call(plain, 'toggle-simulated-logging', {});
    expect(textOf(r)).toContain('Started simulated');
    const started = Date.now();
    await Promise.all([plain.hub.close(), full.hub.close()]);
    const tookMs = Date.now() - started;
    expect(stillAlive(mine)).toEqual([]);
    // Ending stdin was not enough: the transport waited its 2 s grace, then sent SIGTERM.
    expect(tookMs).toBeGreaterThanOrEqual(1_900);
  }, 30_000);
});
