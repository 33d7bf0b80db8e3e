import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RawClient } from './raw-client.js';

let client: RawClient;
beforeEach(() => { client = RawClient.start('tickets.mjs'); });
afterEach(async () => { await client.close(); });

const call = async (name: string, args: object) => (await client.request('tools/call', { name, arguments: args })).result;

describe('tickets server (legacy era)', () => {
  it('answers the discover probe with -32601 and gates requests on initialize', async () => {
    expect((await client.modern('server/discover')).error?.code).toBe(-32601);
    expect((await client.request('tools/list')).error?.code).toBe(-32002);
    expect((await client.request('ping')).result).toEqual({});
    const init = await client.initialize('2025-06-18');
    expect(init.result).toEqual({
      protocolVersion: '2025-06-18',
      capabilities: { tools: { listChanged: false }, logging: {} },
      serverInfo: { name: 'tickets-server', version: '1.0.0' },
      instructions: expect.any(String),
    });
    expect((await client.request('tools/list')).result).not.toHaveProperty('resultType');
  });

  it('answers an unknown protocol version with its latest', async () => {
    expect((await client.initialize('2099-01-01')).result.protocolVersion).toBe('2025-11-25');
  });

  it('lists all tools on one page with annotations', async () => {
    await client.initialize();
    const list = (await client.request('tools/list')).result;
    expect(list.tools.map((t: any) => t.name)).toEqual(['search', 'create_ticket', 'close_ticket', 'get_ticket']);
    expect(list).not.toHaveProperty('nextCursor');
    const byName = Object.fromEntries(list.tools.map((t: any) => [t.name, t]));
    expect(byName.close_ticket.annotations.destructiveHint).toBe(true);
    expect(byName.get_ticket.annotations.readOnlyHint).toBe(true);
    expect(byName.create_ticket.inputSchema.properties.priority.enum).toEqual(['low', 'normal', 'high']);
  });

  it('explains a bad due date as a tool error the model can fix', async () => {
    await client.initialize();
    const res = await call('create_ticket', { title: 'Plan Q3', due: 'next friday' });
    expect(res.isError).toBe(true);
    expect(res.content[0].text).toContain('due must be a date in YYYY-MM-DD form, e.g. 2026-12-01; got "next friday"');
    const unknown = await call('get_ticket', { id: 'T-999' });
    expect(unknown.isError).toBe(true);
    expect(unknown.content[0].text).toContain('T-101');
    expect((await call('create_ticket', { title: 'x', priority: 'urgent' })).content[0].text).toContain('one of low, normal, high');
  });

  it('creates, reads and closes a ticket; search names the tool it received', async () => {
    await client.initialize();
    const created = await call('create_ticket', { title: 'Renew TLS certificate', due: '2026-12-01', priority: 'high' });
    const id = /Created (T-\d+)/.exec(created.content[0].text)![1];
    expect((await call('get_ticket', { id })).content[0].text).toContain('[open, high] Renew TLS certificate (due 2026-12-01)');
    expect((await call('close_ticket', { id, resolution: 'done' })).isError).toBeUndefined();
    expect((await call('get_ticket', { id })).content[0].text).toContain('[closed');
    const found = await call('search', { query: 'tls' });
    expect(found.content[0].text).toMatch(/^tickets\/search received "search" \(query "tls"\): 1 match\n/);
  });

  it('accepts cancellation and logging/setLevel', async () => {
    await client.initialize();
    client.notify('notifications/cancelled', { requestId: 77, reason: 'user' });
    await client.waitForStderr(/^cancelled 77 user$/);
    expect((await client.request('logging/setLevel', { level: 'debug' })).result).toEqual({});
    expect((await client.request('tools/call', { name: 'nope' })).error).toMatchObject({ code: -32602, message: 'Unknown tool: nope' });
  });
});
