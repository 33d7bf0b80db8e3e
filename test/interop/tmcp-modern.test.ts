// breakerbox against a modern-era (2026-07-28) server built with tmcp
// (test/fixtures/tmcp-server.ts): discovery, pagination, calls, MRTR
// elicitation and list changes over subscriptions/listen.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {configFeatures} from '../../src/cli/setup.js';
import type {Config} from '../../src/config/index.js';
import type {RequestContext} from '../../src/session/server-requests.js';
import {waitFor} from '../helpers/wait.js';
import {descendants, hubFromConfig, modelName, rawMessages, ROOT, scratch, stillAlive, toolsOf, writeConfig, type StartedHub} from './helpers.js';

const STARTUP = 30_000;
const TOOLS = ['echo', 'add', 'whoami', 'link', 'work', 'ask_name', 'nag', 'reveal'];

let tmp: ReturnType<typeof scratch>;
let config: Config;
/** Declares elicitation (answers switchable per test); pages of 3. */
let modern: StartedHub;
/** What the CLI builds from the config: no elicitation; pages of 2. */
let plain: StartedHub;

let elicitAnswer: Record<string, unknown> = {action: 'decline'};
const elicitCalls: Array<{params: Record<string, unknown>; ctx: RequestContext}> = [];

const call = (s: StartedHub, alias: string, tool: string, args: unknown) => {
  const name = modelName(s.hub, alias, tool);
  expect(name, `${alias}/${tool} is in the catalog`).toBeTruthy();
  return s.hub.call(name!, args);
};
const textOf = (r: {content: Array<{type: string}>}) => r.content.map((c) => (c as {text?: string}).text ?? '').join('\n');
const tmcpEntry = (pageSize: string) => ({
  command: 'node',
  args: ['--import', 'tsx', 'test/fixtures/tmcp-server.ts'],
  cwd: ROOT,
  env: {TMCP_PAGE_SIZE: pageSize},
  startupTimeoutMs: STARTUP,
});

beforeAll(async () => {
  tmp = scratch('tmcp');
  ({config} = writeConfig(tmp.dir, {tmcp: tmcpEntry('3'), 'tmcp-small': tmcpEntry('2')}));
  const tmcp = config.servers.filter((s) => s.alias === 'tmcp');
  const small = config.servers.filter((s) => s.alias === 'tmcp-small');
  modern = hubFromConfig({...config, servers: tmcp}, {
    features: (s) => ({
      ...configFeatures(config.servers.find((c) => c.alias === s.alias)!),
      elicit: async (params, ctx) => {
        elicitCalls.push({params, ctx});
        return elicitAnswer;
      },
    }),
  });
  plain = hubFromConfig({...config, servers: small});
  await Promise.all([modern.hub.start(), plain.hub.start()]);
}, 120_000);

afterAll(async () => {
  await Promise.all([modern?.hub.close(), plain?.hub.close()]);
  tmp?.cleanup();
});

describe('discovery', () => {
  it('is detected as modern 2026-07-28 through server/discover', () => {
    for (const [s, alias] of [[modern, 'tmcp'], [plain, 'tmcp-small']] as const) {
      const status = s.hub.statuses()[0]!;
      expect(status.state, status.reason).toBe('online');
      expect([status.era, status.protocolVersion, status.serverName]).toEqual(['modern', '2026-07-28', 'breakerbox-tmcp-fixture']);
      expect(status.instructions).toContain('A test server');
      // No assertion on initialize here: a cold `node --import tsx` start can outlast the 1.5 s probe wait,
      // and then breakerbox sends initialize beside the probe (see the slow-start test below).
      expect(s.rec.trace.get(alias)!.map((l) => l.summary)).toContain('modern: server/discover answered; using 2026-07-28');
    }
  });

  it('lists every tool across pages, in the server’s order, following the cursor verbatim', () => {
    expect(toolsOf(modern.hub, 'tmcp')).toEqual(TOOLS);
    expect(toolsOf(plain.hub, 'tmcp-small')).toEqual(TOOLS);
    expect(modern.hub.statuses()[0]!.pages).toBe(3); // 3 + 3 + 2
    expect(plain.hub.statuses()[0]!.pages).toBe(4); // 2 + 2 + 2 + 2
    for (const [s, alias] of [[modern, 'tmcp'], [plain, 'tmcp-small']] as const) {
      const out = rawMessages(s.rec, alias, 'tools/list').filter((m) => m.direction === 'out');
      const answers = out.map((req) => s.rec.raw.get(alias)!.find((m) => m.direction === 'in' && m.message.id === req.message.id)!.message.result as {nextCursor?: string});
      // Request n+1 carries exactly the nextCursor of answer n; the last answer has none.
      out.slice(1).forEach((req, i) => expect((req.message.params as {cursor?: string}).cursor).toBe(answers[i]!.nextCursor));
      expect(answers.at(-1)!.nextCursor).toBeUndefined();
      // Modern requests carry the version, identity and capabilities in _meta.
      const meta = (out[0]!.message.params as {_meta: Record<string, unknown>})._meta;
      expect(meta['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
      expect(meta['io.modelcontextprotocol/clientInfo']).toEqual({name: 'breakerbox', version: '0.1.0'});
      expect(meta['io.modelcontextprotocol/clientCapabilities']).toEqual(alias === 'tmcp' ? {elicitation: {form: {}, url: {}}} : {});
    }
  });

  it('a dual-era server that starts slower than the probe wait is still detected as modern', async () => {
    const slow = hubFromConfig({...config, servers: config.servers.filter((s) => s.alias === 'tmcp')}, {probeWaitMs: 1});
    try {
      await slow.hub.start();
      const status = slow.hub.statuses()[0]!;
      expect([status.state, status.era, status.protocolVersion]).toEqual(['online', 'modern', '2026-07-28']);
      // With a 1 ms probe wait, initialize went out beside server/discover; the DiscoverResult still won.
      expect(rawMessages(slow.rec, 'tmcp', 'initialize').length).toBe(1);
    } finally {
      await slow.hub.close();
    }
  }, 60_000);

});

describe('calls', () => {
  it('echo returns text', async () => {
    const r = await call(modern, 'tmcp', 'echo', {text: 'hi ✓'});
    expect(r.isError).toBeFalsy();
    expect(r.content).toEqual([{type: 'text', text: 'echo: hi ✓'}]);
  });

  it('add returns structuredContent that passes its (draft-07) outputSchema', async () => {
    const r = await call(modern, 'tmcp', 'add', {a: 2, b: 40});
    expect(r.failure).toBeUndefined();
    expect(r.warnings).toBeUndefined();
    expect(r.structuredContent).toEqual({sum: 42});
  });

  it('link returns a resource_link', async () => {
    const r = await call(modern, 'tmcp', 'link', {});
    expect(r.content).toEqual([{type: 'resource_link', uri: 'file:///fixture/readme.txt', name: 'readme', mimeType: 'text/plain'}]);
  });

  it('the server saw the version and client identity from _meta on the call', async () => {
    const r = await call(plain, 'tmcp-small', 'whoami', {});
    expect(JSON.parse(textOf(r))).toEqual({protocolVersion: '2026-07-28', clientInfo: {name: 'breakerbox', version: '0.1.0'}, clientCapabilities: {}});
  });

  it('a wrong argument comes back as an isError result for the model, not a protocol error', async () => {
    const r = await call(modern, 'tmcp', 'add', {a: 'two'});
    expect(r.isError).toBe(true);
    expect(r.protocolError).toBeUndefined();
    expect(r.failure).toBeUndefined();
    expect(textOf(r)).toContain('Invalid arguments for tool add');
  });
});

describe('request-scoped progress and logs (modern)', () => {
  it('progress arrives through onProgress, and only logs at or above the requested level come back as log events', async () => {
    const seen: Array<{progress: number; total?: number; message?: string}> = [];
    const logsBefore = modern.rec.events.filter((e) => e.type === 'server/logged').length;
    const name = modelName(modern.hub, 'tmcp', 'work')!;
    const r = await modern.hub.call(name, {}, {onProgress: (p) => seen.push(p)});
    expect(textOf(r)).toBe('worked');
    expect(seen).toEqual([1, 2, 3].map((n) => ({progress: n, total: 3, message: `step ${n}`})));
    const sent = rawMessages(modern.rec, 'tmcp', 'tools/call').at(-1)!.message.params as {_meta: Record<string, unknown>};
    expect(sent._meta['io.modelcontextprotocol/logLevel']).toBe('warning');
    expect(typeof sent._meta.progressToken).toBe('string');
    await waitFor(() => modern.rec.events.filter((e) => e.type === 'server/logged').length > logsBefore, 'a log event', 10_000);
    const logs = modern.rec.events.filter((e) => e.type === 'server/logged').slice(logsBefore);
    expect(logs).toEqual([{type: 'server/logged', alias: 'tmcp', level: 'warning', text: 'work: disk almost full (not really)'}]);
  });
});

describe('MRTR elicitation (input_required → retry with inputResponses)', () => {
  it('accept: the call completes and the model sees the answer', async () => {
    elicitAnswer = {action: 'accept', content: {name: 'Ada'}};
    const before = elicitCalls.length;
    const r = await call(modern, 'tmcp', 'ask_name', {});
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(r.content).toEqual([{type: 'text', text: 'Hello, Ada!'}]);
    expect(elicitCalls.length - before).toBe(1);
    const asked = elicitCalls.at(-1)!;
    expect(asked.params.message).toBe('What is your name?');
    expect(asked.ctx).toMatchObject({alias: 'tmcp', tool: 'ask_name'});

    // Wire: first attempt → input_required with an elicitation/create request and requestState;
    // the retry has a new id, the answer under the same key, and the state echoed verbatim.
    const calls = rawMessages(modern.rec, 'tmcp', 'tools/call').filter((m) => (m.message.params as {name: string}).name === 'ask_name').slice(-2);
    expect(calls).toHaveLength(2);
    const [first, retry] = calls as [(typeof calls)[0], (typeof calls)[0]];
    const firstAnswer = modern.rec.raw.get('tmcp')!.find((m) => m.direction === 'in' && m.message.id === first.message.id)!.message.result as Record<string, unknown>;
    expect(firstAnswer.resultType).toBe('input_required');
    expect((firstAnswer.inputRequests as Record<string, {method: string}>).name!.method).toBe('elicitation/create');
    expect(typeof firstAnswer.requestState).toBe('string');
    expect(retry.message.id).not.toBe(first.message.id);
    const retryParams = retry.message.params as Record<string, unknown>;
    expect(retryParams.inputResponses).toEqual({name: {action: 'accept', content: {name: 'Ada'}}});
    expect(retryParams.requestState).toBe(firstAnswer.requestState);
    expect(retryParams.arguments).toEqual({});
  });

  it('decline: the model sees the decline', async () => {
    elicitAnswer = {action: 'decline'};
    const r = await call(modern, 'tmcp', 'ask_name', {});
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(textOf(r)).toBe('No name: the user chose decline.');
  });

  it('a server that keeps asking is given up after 5 rounds as an isError result', async () => {
    elicitAnswer = {action: 'accept', content: {sure: true}};
    const before = elicitCalls.length;
    const sentBefore = rawMessages(modern.rec, 'tmcp', 'tools/call').length;
    const r = await call(modern, 'tmcp', 'nag', {});
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/after 5 rounds/);
    expect(rawMessages(modern.rec, 'tmcp', 'tools/call').length - sentBefore).toBe(5);
    expect(elicitCalls.length - before).toBe(4);
    // Marked as the client giving up, not the server's own isError.
    expect(r.failure).toBe('input-rounds');
  });

  it('without features.elicit breakerbox declares no elicitation and tmcp refuses with -32021 (a protocol error)', async () => {
    const r = await call(plain, 'tmcp-small', 'ask_name', {});
    expect(r.isError).toBe(true);
    expect(r.failure).toBe('protocol');
    expect(r.protocolError?.code).toBe(-32021);
  });
});

describe('list changes over subscriptions/listen', () => {
  it('breakerbox opens a tools subscription, and a change re-lists into the catalog', async () => {
    const listen = rawMessages(modern.rec, 'tmcp', 'subscriptions/listen')[0]!;
    expect((listen.message.params as {notifications: unknown}).notifications).toEqual({toolsListChanged: true});
    await waitFor(() => rawMessages(modern.rec, 'tmcp', 'notifications/subscriptions/acknowledged').length > 0, 'acknowledged', 10_000);
    const version = modern.hub.catalog.version;
    expect(textOf(await call(modern, 'tmcp', 'reveal', {}))).toBe('revealed');
    await waitFor(() => toolsOf(modern.hub, 'tmcp').includes('hidden'), 'hidden tool in the catalog', 20_000);
    expect(toolsOf(modern.hub, 'tmcp')).toEqual([...TOOLS, 'hidden']);
    expect(modern.hub.catalog.version).toBeGreaterThan(version);
    expect(textOf(await call(modern, 'tmcp', 'hidden', {}))).toBe('found me');
  }, 30_000);
});

describe('shutdown', () => {
  it('hub.close() ends both tmcp processes', async () => {
    const mine = descendants().filter((p) => p.args.includes('tmcp-server.ts'));
    expect(mine.length).toBe(2);
    await Promise.all([modern.hub.close(), plain.hub.close()]);
    expect(stillAlive(mine)).toEqual([]);
  }, 30_000);
});
