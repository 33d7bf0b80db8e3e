// Modern calls without progress share one `_meta` object, made once per log
// level (#17: building it per call was ~250 bytes a call at 64 in flight).
import {afterEach, describe, expect, it} from 'vitest';
import {META, McpSession} from '../../src/session/session.js';
import {MemoryTransport} from '../../src/transport/memory.js';

const open: McpSession[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function modernSession() {
  const [client, server] = MemoryTransport.pair();
  const calls: any[] = [];
  server.onmessage = (m: any) => {
    if (m.method === 'server/discover') void server.send({jsonrpc: '2.0', id: m.id, result: {supportedVersions: ['2026-07-28'], capabilities: {tools: {}}}});
    if (m.method === 'tools/call') {
      calls.push(m.params);
      void server.send({jsonrpc: '2.0', id: m.id, result: {resultType: 'complete', content: []}});
    }
  };
  const s = await McpSession.open(client, {label: 'm', clientInfo: {name: 't', version: '1'}, features: {roots: () => []}});
  open.push(s);
  // What the session hands the connection, before the memory transport copies it.
  const sent: any[] = [];
  const requestTo = s.connection.requestTo.bind(s.connection);
  s.connection.requestTo = (method, params, options, answer) => (sent.push(params), requestTo(method, params, options, answer));
  return {s, calls, sent};
}

describe('the modern _meta of a call', () => {
  it('is one object for every call at one log level, and a new one after the level changes', async () => {
    const {s, calls, sent} = await modernSession();
    await Promise.all([s.callTool('a', {}), s.callTool('b', {})]);
    expect(sent[0]._meta).toBe(sent[1]._meta);
    expect(calls[0]._meta).toEqual({
      [META.protocolVersion]: '2026-07-28',
      [META.clientInfo]: {name: 't', version: '1'},
      [META.clientCapabilities]: {roots: {listChanged: false}},
      [META.logLevel]: 'warning',
    });
    await s.setLogLevel('debug');
    await s.callTool('c', {});
    expect(sent[2]._meta).not.toBe(sent[0]._meta);
    expect(calls[2]._meta[META.logLevel]).toBe('debug');
  });

  it('of a call with progress is its own, with the token and the era keys', async () => {
    const {s, calls, sent} = await modernSession();
    await s.callTool('a', {});
    await s.callTool('b', {}, {onProgress: () => {}});
    expect(sent[1]._meta).not.toBe(sent[0]._meta);
    expect(calls[1]._meta).toEqual({...calls[0]._meta, progressToken: 'bb-1'});
  });
});
