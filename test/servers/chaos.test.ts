import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RawClient, type Message } from './raw-client.js';

let client: RawClient;
afterEach(async () => { await client?.close(); });

const chaos = (mode: string, env: Record<string, string> = {}) => {
  client = RawClient.start('chaos.mjs', { env: { CHAOS_MODE: mode, ...env } });
  return client;
};
const callTool = (name: string, args: object = {}) => client.request('tools/call', { name, arguments: args });
const names = (res: Message) => res.result.tools.map((t: any) => t.name);

describe('chaos server: process faults', () => {
  it('spawn_fail exits 1 and exit_in_handshake exits 2 with a reason', async () => {
    expect((await chaos('spawn_fail').waitForExit()).code).toBe(1);
    chaos('exit_in_handshake').startRequest('initialize', { protocolVersion: '2025-11-25' });
    expect((await client.waitForExit()).code).toBe(2);
    expect(client.stderrLines.join('\n')).toMatch(/exit_in_handshake: got initialize/);
    expect(client.messages).toEqual([]);
    expect((await chaos('no_such_mode').waitForExit()).code).toBe(64);
  });

  it('--mode on argv works too; die exits mid-call without answering', async () => {
    client = RawClient.start('chaos.mjs', { args: ['--mode', 'ok'] });
    await client.initialize();
    const id = client.startRequest('tools/call', { name: 'die', arguments: {} });
    expect((await client.waitForExit()).code).toBe(3);
    expect(client.responsesTo(id)).toEqual([]);
  });

  it('silent answers nothing, but still logs cancellations', async () => {
    chaos('silent');
    const id = client.startRequest('initialize', { protocolVersion: '2025-11-25' });
    client.notify('notifications/cancelled', { requestId: id, reason: 'probe timeout' });
    await client.waitForStderr(new RegExp(`^cancelled ${id} probe timeout$`));
    await client.close();
    expect(client.messages).toEqual([]);
  });

  it('CHAOS_IGNORE_EOF and CHAOS_IGNORE_SIGTERM leave only SIGKILL', async () => {
    chaos('ok', { CHAOS_IGNORE_EOF: '1', CHAOS_IGNORE_SIGTERM: '1' });
    await client.waitForStderr(/^ready /);
    client.proc.stdin.end();
    await client.waitForStderr(/stdin closed; staying alive/);
    client.proc.kill('SIGTERM');
    await client.waitForStderr(/got SIGTERM; ignoring it/);
    client.proc.kill('SIGKILL');
    expect((await client.waitForExit()).signal).toBe('SIGKILL');
  });
});

describe('chaos server: call faults', () => {
  it('hang and slow never answer once cancelled; cancellations reach stderr and CHAOS_LOG_FILE', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'chaos-'));
    const logFile = path.join(dir, 'cancel.log');
    try {
      chaos('ok', { CHAOS_LOG_FILE: logFile });
      await client.initialize();
      const hang = client.startRequest('tools/call', { name: 'hang', arguments: {} });
      const slow = client.startRequest('tools/call', { name: 'slow', arguments: { ms: 60_000 } });
      client.notify('notifications/cancelled', { requestId: hang, reason: 'user pressed esc' });
      client.notify('notifications/cancelled', { requestId: slow });
      await client.waitForStderr(new RegExp(`^cancelled ${hang} user pressed esc$`));
      await client.waitForStderr(new RegExp(`^cancelled ${slow} -$`));
      // A later request is answered; the cancelled ones never are, even after EOF.
      expect((await callTool('slow', { ms: 1 })).result.content[0].text).toBe('slept 1 ms');
      await client.close();
      expect([...client.responsesTo(hang), ...client.responsesTo(slow)]).toEqual([]);
      expect(readFileSync(logFile, 'utf8')).toBe(`cancelled ${hang} user pressed esc\ncancelled ${slow} -\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('twice answers twice; wrong_id answers an unknown id first', async () => {
    chaos('ok');
    await client.initialize();
    const twice = client.startRequest('tools/call', { name: 'twice', arguments: {} });
    await client.waitUntil(() => client.responsesTo(twice).length === 2, 'two answers');
    const wrong = await callTool('wrong_id');
    expect(wrong.result.content[0].text).toBe('wrong_id: this is the real answer');
    expect(client.messages).toContainEqual(expect.objectContaining({ id: (wrong.id as number) + 1_000_000 }));
  });

  it('structured matches its outputSchema only when valid; big returns exact bytes', async () => {
    chaos('ok');
    await client.initialize();
    expect((await callTool('structured', { valid: true })).result.structuredContent).toEqual({ count: 3, label: 'three' });
    expect((await callTool('structured', { valid: false })).result.structuredContent).toEqual({ count: 'three' });
    expect((await callTool('big', { bytes: 3_000_000 })).result.content[0].text).toHaveLength(3_000_000);
  });
});

describe('chaos server: transport faults', () => {
  it('noise: junk lines and split writes around valid messages', async () => {
    chaos('noise');
    const init = await client.initialize();
    expect(init.result.instructions).toContain('☕');
    expect(names(await client.request('tools/list'))).toContain('echo');
    expect(client.junk).toContain('this line is not JSON');
    expect(client.junk.length).toBeGreaterThanOrEqual(2);
  });

  it('huge_line: a 20 MB notification, then normal service', async () => {
    chaos('huge_line');
    await client.initialize();
    expect(client.messages[0].params.data).toHaveLength(20 * 1024 * 1024);
  });

  // Reading 50 MB through a pipe can take half a minute on a loaded two-core machine.
  it('stderr_flood: 50 MB of stderr, then normal service', {timeout: 120_000}, async () => {
    chaos('stderr_flood');
    // The flood is written before the server serves: wait for all of it, then the server must answer.
    await client.waitUntil(() => client.stderrBytes >= 50 * 1024 * 1024, '50 MB of stderr', 100_000);
    await client.waitForStderr(/^ready mode=stderr_flood/, 100_000);
    await client.initialize();
  });

  it('notify_flood: 10,000 notifications after the handshake', async () => {
    chaos('notify_flood');
    await client.initialize();
    await client.waitUntil(() => client.messages.filter((m) => m.method === 'notifications/message').length === 10_000, '10k notifications');
    expect((await client.request('ping')).result).toEqual({});
  });

  it('server_request: sampling and a ping with id 0; answers are logged', async () => {
    chaos('server_request');
    await client.initialize();
    const sampling = await client.waitForMessage((m) => m.method === 'sampling/createMessage', 'sampling request');
    const ping = await client.waitForMessage((m) => m.method === 'ping', 'ping request');
    expect(ping.id).toBe(0);
    client.send({ id: ping.id, result: {} });
    client.send({ id: sampling.id, error: { code: -32601, message: 'sampling not supported' } });
    await client.waitForStderr(/^answer 0 result \{\}$/);
    await client.waitForStderr(/^answer "chaos-sampling-1" error \{"code":-32601/);
  });
});

describe('chaos server: tool list faults', () => {
  it('paginate_same repeats its cursor; paginate_forever never ends', async () => {
    chaos('paginate_same');
    await client.initialize();
    const first = (await client.request('tools/list')).result;
    const second = (await client.request('tools/list', { cursor: first.nextCursor })).result;
    expect(second.nextCursor).toBe(first.nextCursor);
    await client.close();

    chaos('paginate_forever');
    await client.initialize();
    const cursors = new Set<string>();
    let cursor: string | undefined;
    for (let i = 0; i < 5; i++) {
      cursor = (await client.request('tools/list', cursor === undefined ? {} : { cursor })).result.nextCursor;
      cursors.add(cursor!);
    }
    expect(cursors.size).toBe(5);
  });

  it('empty_page and empty_cursor are not the end of the list', async () => {
    chaos('empty_page');
    await client.initialize();
    const empty = (await client.request('tools/list')).result;
    expect(empty.tools).toEqual([]);
    const rest = (await client.request('tools/list', { cursor: empty.nextCursor })).result;
    expect(rest.tools.length).toBeGreaterThan(0);
    expect(rest).not.toHaveProperty('nextCursor');
    await client.close();

    chaos('empty_cursor');
    await client.initialize();
    const one = (await client.request('tools/list')).result;
    expect(one).toMatchObject({ tools: [expect.objectContaining({ name: 'echo' })], nextCursor: '' });
    expect(names(await client.request('tools/list', { cursor: '' }))).toContain('big');
  });

  it('malformed_tools serves broken definitions beside one good tool', async () => {
    chaos('malformed_tools');
    await client.initialize();
    const tools = (await client.request('tools/list')).result.tools;
    expect(tools.some((t: any) => !('name' in t))).toBe(true);
    expect(tools.filter((t: any) => t.name === 'dup')).toHaveLength(2);
    expect(tools.find((t: any) => t.name === 'schema_is_string').inputSchema).toBeTypeOf('string');
    expect(tools.some((t: any) => typeof t.name === 'string' && t.name.length === 200)).toBe(true);
    expect((await callTool('good_tool', { text: 'hi' })).result.content[0].text).toBe('hi');
    expect((await callTool('has spaces in name')).result.content[0].text).toBe('malformed_tools received "has spaces in name"');
  });

  it('escapes puts control characters in serverInfo, tools, results and stderr', async () => {
    chaos('escapes');
    const init = await client.initialize();
    expect(init.result.serverInfo.name).toContain('\u001b[2J');
    const tools = (await client.request('tools/list')).result.tools;
    expect(tools.some((t: any) => t.name.includes('\u001b'))).toBe(true);
    expect((await callTool('osc_result')).result.content[0].text).toContain('\u001b]52;c;');
    expect(client.stderrLines.some((l) => l.includes('\u001b[2J'))).toBe(true);
  });

  it('list_changed (legacy) notifies after the handshake and changes the list', async () => {
    chaos('list_changed');
    expect((await client.initialize()).result.capabilities.tools.listChanged).toBe(true);
    await client.waitForMessage((m) => m.method === 'notifications/tools/list_changed', 'list_changed');
    const list = names(await client.request('tools/list'));
    expect(list).toContain('added_later');
    expect(list).not.toContain('twice');
  });
});

describe('chaos server: modern era', () => {
  it('CHAOS_ERA=modern speaks discover and decorates results; slow_discover waits CHAOS_DELAY_MS', async () => {
    chaos('ok', { CHAOS_ERA: 'modern' });
    expect((await client.modern('server/discover')).result).toMatchObject({ resultType: 'complete', supportedVersions: ['2026-07-28'] });
    expect((await client.request('initialize', { protocolVersion: '2025-11-25' })).error?.code).toBe(-32022);
    const res = await client.modern('tools/call', { name: 'twice', arguments: {} });
    await client.waitUntil(() => client.responsesTo(res.id!).length === 2, 'two answers');
    expect(client.responsesTo(res.id!).every((m) => m.result.resultType === 'complete')).toBe(true);
    await client.close();

    chaos('slow_discover', { CHAOS_DELAY_MS: '300' });
    const started = Date.now();
    await client.modern('server/discover');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('list_changed (modern) notifies on the subscriptions/listen stream', async () => {
    chaos('list_changed', { CHAOS_ERA: 'modern' });
    await client.modern('server/discover');
    const id = client.startRequest('subscriptions/listen', { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' }, notifications: { toolsListChanged: true } });
    const changed = await client.waitForMessage((m) => m.method === 'notifications/tools/list_changed', 'list_changed');
    expect(changed.params._meta['io.modelcontextprotocol/subscriptionId']).toBe(id);
    expect(names(await client.modern('tools/list'))).toContain('added_later');
  });
});
