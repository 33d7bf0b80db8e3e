import { afterEach, describe, expect, it } from 'vitest';
import { RawClient, MODERN_META } from './raw-client.js';

const SUB_ID = 'io.modelcontextprotocol/subscriptionId';
let client: RawClient;
afterEach(async () => { await client?.close(); });

describe('notes server (modern era)', () => {
  it('answers server/discover with versions, capabilities and serverInfo', async () => {
    client = RawClient.start('notes.mjs');
    const res = await client.modern('server/discover');
    expect(res.result).toMatchObject({
      resultType: 'complete',
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: { listChanged: true } },
      instructions: expect.any(String),
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'notes-server', version: '1.0.0' } },
    });
  });

  it('lists tools two per page with an opaque cursor and cache hints', async () => {
    client = RawClient.start('notes.mjs');
    const page1 = (await client.modern('tools/list')).result;
    expect(page1.tools.map((t: any) => t.name)).toEqual(['search', 'read_note']);
    expect(page1).toMatchObject({ resultType: 'complete', ttlMs: expect.any(Number), cacheScope: 'public' });
    expect(typeof page1.nextCursor).toBe('string');
    const page2 = (await client.modern('tools/list', { cursor: page1.nextCursor })).result;
    expect(page2.tools.map((t: any) => t.name)).toEqual(['list_recent']);
    expect(page2).not.toHaveProperty('nextCursor');
    expect(page1.tools[0]).toMatchObject({ title: 'Search notes', annotations: { readOnlyHint: true }, outputSchema: { required: ['matches'] } });
  });

  it('rejects requests without a protocol version in _meta with -32022', async () => {
    client = RawClient.start('notes.mjs');
    const missing = await client.request('tools/list', {});
    expect(missing.error).toMatchObject({ code: -32022, data: { supported: ['2026-07-28'], requested: null } });
    const wrong = await client.request('server/discover', { _meta: { 'io.modelcontextprotocol/protocolVersion': '1999-01-01' } });
    expect(wrong.error).toMatchObject({ code: -32022, data: { supported: ['2026-07-28'], requested: '1999-01-01' } });
    const init = await client.request('initialize', { protocolVersion: '2025-11-25', capabilities: {} });
    expect(init.error?.code).toBe(-32022);
    expect(init.error?.message).toContain('2026-07-28');
  });

  it('search returns structuredContent and names the tool it received', async () => {
    client = RawClient.start('notes.mjs');
    const res = await client.modern('tools/call', { name: 'search', arguments: { query: 'pagination' } });
    expect(res.result.content[0].text).toMatch(/^notes\/search received "search"/);
    expect(res.result.structuredContent.matches).toEqual([expect.objectContaining({ id: 'n2', title: 'MCP pagination notes' })]);
    expect(res.result.isError).toBeUndefined();
  });

  it('separates protocol errors from tool errors', async () => {
    client = RawClient.start('notes.mjs');
    expect((await client.modern('tools/call', { name: 'nope', arguments: {} })).error).toMatchObject({ code: -32602, message: 'Unknown tool: nope' });
    expect((await client.modern('widgets/list')).error?.code).toBe(-32601);
    const bad = await client.modern('tools/call', { name: 'search', arguments: { query: 42 } });
    expect(bad.result).toMatchObject({ isError: true, resultType: 'complete' });
    expect(bad.result.content[0].text).toContain('"query" must be a string');
    const missing = await client.modern('tools/call', { name: 'read_note', arguments: { id: 'n99' } });
    expect(missing.result.isError).toBe(true);
    expect((await client.modern('tools/call', { name: 'read_note', arguments: { id: 'n3' } })).result.content[0].text).toContain('Lisbon');
  });

  it('acknowledges subscriptions/listen, keeps it open, and closes it gracefully on EOF', async () => {
    client = RawClient.start('notes.mjs', { env: { NOTES_CHANGE_TOOLS_MS: '0' } });
    const id = client.startRequest('subscriptions/listen', { _meta: MODERN_META, notifications: { toolsListChanged: true } });
    const ack = await client.waitForMessage((m) => m.method === 'notifications/subscriptions/acknowledged', 'ack');
    expect(ack.params).toEqual({ _meta: { [SUB_ID]: id }, notifications: { toolsListChanged: true } });
    const changed = await client.waitForMessage((m) => m.method === 'notifications/tools/list_changed', 'list_changed');
    expect(changed.params._meta[SUB_ID]).toBe(id);
    // Still open: a later request is answered while the listen request is not.
    await client.modern('tools/list');
    expect(client.responsesTo(id)).toEqual([]);
    client.proc.stdin.end();
    await client.waitForExit();
    expect(client.responsesTo(id)).toEqual([expect.objectContaining({ result: { resultType: 'complete', _meta: { [SUB_ID]: id } } })]);
  });

  it('NOTES_CUT_PAGINATION drops the cursor; NOTES_PAGE_SIZE changes pages', async () => {
    client = RawClient.start('notes.mjs', { env: { NOTES_CUT_PAGINATION: '1' } });
    const cut = (await client.modern('tools/list')).result;
    expect(cut.tools).toHaveLength(2);
    expect(cut).not.toHaveProperty('nextCursor');
    await client.close();
    client = RawClient.start('notes.mjs', { env: { NOTES_PAGE_SIZE: '10' } });
    const all = (await client.modern('tools/list')).result;
    expect(all.tools).toHaveLength(3);
    expect(all).not.toHaveProperty('nextCursor');
  });

  it('NOTES_SUPPORTED_VERSIONS makes 2026-07-28 unsupported; NOTES_DISCOVER_DELAY_MS delays discover', async () => {
    client = RawClient.start('notes.mjs', { env: { NOTES_SUPPORTED_VERSIONS: '2026-09-01' } });
    expect((await client.modern('server/discover')).error).toMatchObject({ code: -32022, data: { supported: ['2026-09-01'], requested: '2026-07-28' } });
    const ok = await client.request('server/discover', { _meta: { ...MODERN_META, 'io.modelcontextprotocol/protocolVersion': '2026-09-01' } });
    expect(ok.result.supportedVersions).toEqual(['2026-09-01']);
    await client.close();

    client = RawClient.start('notes.mjs', { env: { NOTES_DISCOVER_DELAY_MS: '300' } });
    const started = Date.now();
    await client.modern('server/discover');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290); // a lower bound only: safe on slow machines
  });

  it('accepts \\r\\n and a request written in two parts; rejects garbage with -32700', async () => {
    client = RawClient.start('notes.mjs');
    const line = Buffer.from(`${JSON.stringify({ jsonrpc: '2.0', id: 'é', method: 'tools/call', params: { _meta: MODERN_META, name: 'search', arguments: { query: 'café ☕' } } })}\r\n`);
    const cut = line.indexOf(Buffer.from('☕')) + 1; // inside the 3-byte character
    client.sendRaw(line.subarray(0, cut));
    client.sendRaw(line.subarray(cut));
    const res = await client.waitForMessage((m) => m.id === 'é', 'split request');
    expect(res.result.content[0].text).toContain('(query "café ☕"): 0 matches');
    client.sendRaw('not json\n');
    expect((await client.waitForMessage((m) => m.error?.code === -32700, 'parse error')).id).toBeNull();
  });
});
