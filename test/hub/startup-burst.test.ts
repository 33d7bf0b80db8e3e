// Servers started together come online in a burst; the tool table is built
// once per burst, not once per server (each build scans and translates every
// tool of every server online so far), and reading it never gives a stale one.
import {afterEach, describe, expect, it} from 'vitest';
import {Hub, type HubServer} from '../../src/hub/hub.js';
import type {HubEvent} from '../../src/hub/hub-events.js';
import {MemoryTransport} from '../../src/transport/memory.js';

/** An in-memory legacy server listing `tools` tools: answers at once, as fast as a server can. */
function memoryServer(tools: number): MemoryTransport {
  const [client, server] = MemoryTransport.pair();
  const list = Array.from({length: tools}, (_, i) => ({name: `t${i}`, description: `Tool ${i}.`, inputSchema: {type: 'object', properties: {q: {type: 'string'}}}}));
  server.onmessage = (m: any) => {
    if (m.id === undefined) return;
    const answer = (result: object) => void server.send({jsonrpc: '2.0', id: m.id, result});
    if (m.method === 'initialize') answer({protocolVersion: m.params.protocolVersion, capabilities: {tools: {}}, serverInfo: {name: 'mem', version: '1'}});
    else if (m.method === 'tools/list') answer({tools: list});
    else void server.send({jsonrpc: '2.0', id: m.id, error: {code: -32601, message: 'Method not found'}});
  };
  return client;
}

const hubs: Hub[] = [];
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((h) => h.close()));
});

function burst(servers: number, onEvent: (hub: Hub, e: HubEvent) => void = () => {}) {
  const config: HubServer[] = Array.from({length: servers}, (_, i) => ({alias: `s${i}`, command: 'unused', args: [], env: {}, startupTimeoutMs: 10_000, callTimeoutMs: 10_000}));
  const hub: Hub = new Hub({servers: config, makeTransport: () => memoryServer(20), probeWaitMs: 500, onEvent: (e) => onEvent(hub, e)});
  hubs.push(hub);
  return hub;
}

describe('servers coming online together', () => {
  it('make one tool table per burst, with every server in it when start() resolves', async () => {
    const tables: number[] = [];
    const hub = burst(8, (_, e) => void (e.type === 'catalog/rebuilt' && tables.push(e.catalog.entries.length)));
    await hub.start();
    expect(hub.catalog.entries).toHaveLength(160);
    // One table per server was eight, each scanning every tool so far.
    expect(tables.length).toBeLessThanOrEqual(2);
    expect(tables.at(-1)).toBe(160);
  });

  it('never give a reader a table without a server that is already online', async () => {
    const seen: Array<[string, number]> = [];
    // Read just after the event (the event itself goes out before the table moves, as it always has).
    const hub = burst(4, (h, e) => {
      if (e.type === 'server/online') queueMicrotask(() => seen.push([e.alias, h.catalog.entries.filter((x) => x.alias === e.alias).length]));
    });
    await hub.start();
    expect(seen).toHaveLength(4);
    expect(seen.every(([, n]) => n === 20)).toBe(true);
  });
});
