import {afterEach, describe, expect, it} from 'vitest';
import {McpSession} from '../../src/session/session.js';
import {MemoryTransport} from '../../src/transport/memory.js';
import {openBundled} from '../helpers/servers.js';

const open: McpSession[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
const track = (s: McpSession) => (open.push(s), s);

describe('era detection', () => {
  it('notes is modern (2026-07-28) and tickets is legacy (2025-11-25)', async () => {
    const notes = track(await openBundled('notes.mjs'));
    const tickets = track(await openBundled('tickets.mjs'));
    expect([notes.era, notes.protocolVersion, notes.serverInfo?.name]).toEqual(['modern', '2026-07-28', 'notes-server']);
    expect([tickets.era, tickets.protocolVersion, tickets.serverInfo?.name]).toEqual(['legacy', '2025-11-25', 'tickets-server']);
    expect(notes.instructions).toBeTruthy();
  });

  it('a modern server that answers server/discover slowly is still modern', async () => {
    const notes = track(await openBundled('notes.mjs', {NOTES_DISCOVER_DELAY_MS: '1200'}, {probeWaitMs: 200}));
    expect(notes.era).toBe('modern');
    expect((await notes.listAllTools()).tools).toHaveLength(3);
  });

  it('after -32022 it retries only with a version it speaks; a server offering only newer ones is refused by name', async () => {
    const both = track(await openBundled('notes.mjs', {NOTES_SUPPORTED_VERSIONS: '2027-01-01,2026-07-28'}));
    expect([both.era, both.protocolVersion]).toEqual(['modern', '2026-07-28']);
    const err = await openBundled('notes.mjs', {NOTES_SUPPORTED_VERSIONS: '2027-01-01'}).catch((e) => e);
    expect(err.code).toBe('unsupported-version');
    expect(err.message).toBe(
      'server/discover rejected 2026-07-28 (-32022); the server offers only protocol version 2027-01-01; breakerbox speaks 2026-07-28 (modern) and 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05 (legacy)',
    );
  });

  it('a legacy server that ignores server/discover entirely is still reached through initialize', async () => {
    const [client, server] = MemoryTransport.pair();
    const seen: string[] = [];
    server.onmessage = (m: any) => {
      seen.push(m.method ?? 'response');
      if (m.method === 'initialize') void server.send({jsonrpc: '2.0', id: m.id, result: {protocolVersion: '2025-06-18', capabilities: {}, serverInfo: {name: 'silent'}}});
    };
    const s = track(await McpSession.open(client, {label: 'silent', clientInfo: {name: 't'}, probeWaitMs: 50, handshakeTimeoutMs: 5_000}));
    expect([s.era, s.protocolVersion]).toEqual(['legacy', '2025-06-18']);
    expect(seen.slice(0, 3)).toEqual(['server/discover', 'initialize', 'notifications/initialized']);
  });

  it('modern requests carry the three _meta keys; legacy requests carry none', async () => {
    const [client, server] = MemoryTransport.pair();
    const seen: any[] = [];
    server.onmessage = (m: any) => {
      seen.push(m);
      if (m.method === 'server/discover') void server.send({jsonrpc: '2.0', id: m.id, result: {resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: {tools: {}}}});
      if (m.method === 'tools/list') void server.send({jsonrpc: '2.0', id: m.id, result: {tools: []}});
    };
    const s = track(await McpSession.open(client, {label: 'm', clientInfo: {name: 't', version: '1'}}));
    await s.listAllTools();
    const meta = seen.find((m) => m.method === 'tools/list').params._meta;
    expect(Object.keys(meta).sort()).toEqual(['io.modelcontextprotocol/clientCapabilities', 'io.modelcontextprotocol/clientInfo', 'io.modelcontextprotocol/protocolVersion']);
    const tickets = track(await openBundled('tickets.mjs'));
    expect((await tickets.listAllTools()).tools.length).toBeGreaterThan(0);
  });
});

describe('paginated discovery', () => {
  it('lists all 3 notes tools over 2 pages, recording each page', async () => {
    const notes = track(await openBundled('notes.mjs'));
    const pages: any[] = [];
    const listing = await notes.listAllTools({onPage: (p) => pages.push(p)});
    expect(listing.tools.map((t) => t.name)).toEqual(['search', 'read_note', 'list_recent']);
    expect(pages.map((p) => [p.index, p.count, p.cursorIn === undefined, p.cursorOut === undefined])).toEqual([
      [1, 2, true, false],
      [2, 1, false, true],
    ]);
    expect(pages[1].cursorIn).toBe(pages[0].cursorOut);
  });

  it('goes on past an empty page that has a cursor', async () => {
    const listing = await listWith((cursor) => (cursor === undefined ? {tools: [], nextCursor: 'c1'} : {tools: [{name: 'late', inputSchema: {type: 'object'}}]}));
    expect(listing.tools.map((t) => t.name)).toEqual(['late']);
    expect(listing.pages).toHaveLength(2);
  });

  it('stops with a clear error when the server repeats a cursor', async () => {
    const err = await listWith(() => ({tools: [{name: 'x', inputSchema: {type: 'object'}}], nextCursor: 'same'})).catch((e) => e);
    expect(err.message).toMatch(/loopy: tools\/list page 2 returned cursor "same" again/);
  });

  it('stops after the page limit when every cursor is new', async () => {
    let n = 0;
    const err = await listWith(() => ({tools: [], nextCursor: `c${n++}`}), 10).catch((e) => e);
    expect(err.message).toMatch(/loopy: tools\/list did not end after 10 pages/);
  });

  it('drops malformed tools with reasons and keeps the rest', async () => {
    const listing = await listWith(() => ({
      tools: [{inputSchema: {}}, {name: 'ok', inputSchema: {type: 'object'}}, {name: 'bad', inputSchema: 'string'}, {name: 'ok', inputSchema: {}}],
    }));
    expect(listing.tools.map((t) => t.name)).toEqual(['ok']);
    expect(listing.dropped.map((d) => d.reason)).toEqual(['no name', 'inputSchema is not an object', 'duplicate name (the first one is kept)']);
  });
});

/** A legacy in-memory server whose tools/list pages come from `page(cursor)`. */
async function listWith(page: (cursor: string | undefined) => Record<string, unknown>, pageLimit?: number) {
  const [client, server] = MemoryTransport.pair();
  server.onmessage = (m: any) => {
    if (m.method === 'server/discover') void server.send({jsonrpc: '2.0', id: m.id, error: {code: -32601, message: 'nope'}});
    if (m.method === 'initialize') void server.send({jsonrpc: '2.0', id: m.id, result: {protocolVersion: '2025-11-25', capabilities: {tools: {}}, serverInfo: {name: 'loopy'}}});
    if (m.method === 'tools/list') void server.send({jsonrpc: '2.0', id: m.id, result: page(m.params?.cursor)});
  };
  const s = track(await McpSession.open(client, {label: 'loopy', clientInfo: {name: 't'}}));
  return s.listAllTools({pageLimit});
}

describe('logging levels', () => {
  it('modern calls carry the log level in _meta; legacy servers get logging/setLevel once', async () => {
    const [client, server] = MemoryTransport.pair();
    const seen: any[] = [];
    server.onmessage = (m: any) => {
      seen.push(m);
      if (m.method === 'server/discover') void server.send({jsonrpc: '2.0', id: m.id, result: {supportedVersions: ['2026-07-28'], capabilities: {tools: {}}}});
      if (m.method === 'tools/call') void server.send({jsonrpc: '2.0', id: m.id, result: {resultType: 'complete', content: []}});
    };
    const s = track(await McpSession.open(client, {label: 'm', clientInfo: {name: 't'}}));
    await s.callTool('x', {});
    expect(seen.find((m) => m.method === 'tools/call').params._meta['io.modelcontextprotocol/logLevel']).toBe('warning');
    const tickets = track(await openBundled('tickets.mjs'));
    const stderr = (tickets.connection.transport as any).stderr;
    const {waitFor} = await import('../helpers/wait.js');
    await waitFor(() => stderr.text().includes('log level set to warning'));
  });
});

describe('a slow modern server', () => {
  it('is not also put through the legacy handshake once server/discover wins', async () => {
    const [client, server] = MemoryTransport.pair();
    const seen: any[] = [];
    let discoverId: unknown;
    let initId: unknown;
    server.onmessage = (m: any) => {
      seen.push(m);
      // A dual-era server that is slow: discover is answered only once the
      // client has also sent initialize (its probe wait ran out), so both race.
      if (m.method === 'server/discover') discoverId = m.id;
      if (m.method === 'initialize') {
        initId = m.id;
        void server.send({jsonrpc: '2.0', id: discoverId, result: {supportedVersions: ['2026-07-28'], capabilities: {}}});
      }
    };
    const s = track(await McpSession.open(client, {label: 'dual', clientInfo: {name: 't'}, probeWaitMs: 50}));
    expect(s.era).toBe('modern');
    const init = seen.find((m) => m.method === 'initialize');
    expect(init).toBeTruthy();
    const {waitFor, nextTurn} = await import('../helpers/wait.js');
    const cancel = await waitFor(() => seen.find((m) => m.method === 'notifications/cancelled'));
    expect(cancel.params.requestId).toBe(init.id);
    // The initialize answer arrives late, after the cancel, and is read (the pair delivers in a microtask).
    await server.send({jsonrpc: '2.0', id: initId, result: {protocolVersion: '2025-11-25', capabilities: {}, serverInfo: {name: 'dual'}}});
    await nextTurn();
    expect(seen.some((m) => m.method === 'notifications/initialized')).toBe(false);
  });
});
