// A server slot's restart policy on a fake clock: the backoff between
// restarts, giving up, and a fresh set of tries after a stable run. The
// "server" is an in-memory peer that speaks the legacy handshake.
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import type {HubEvent} from '../../src/hub/hub-events.js';
import {ServerSlot} from '../../src/hub/server-slot.js';
import {MemoryTransport} from '../../src/transport/memory.js';

/** A legacy server with one tool, on the far end of an in-memory pair. */
function fakeServer(): {client: MemoryTransport; server: MemoryTransport} {
  const [client, server] = MemoryTransport.pair();
  server.onmessage = (m: any) => {
    const answer = (result: unknown) => void server.send({jsonrpc: '2.0', id: m.id, result});
    if (m.method === 'server/discover') void server.send({jsonrpc: '2.0', id: m.id, error: {code: -32601, message: 'Method not found'}});
    else if (m.method === 'initialize') answer({protocolVersion: '2025-11-25', capabilities: {tools: {}}, serverInfo: {name: 'fake'}});
    else if (m.method === 'tools/list') answer({tools: [{name: 'echo', inputSchema: {type: 'object'}}]});
  };
  return {client, server};
}

beforeEach(() => vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval']}));
afterEach(() => vi.useRealTimers());

function slot(restart = {baseMs: 1_000, maxMs: 4_000, maxTries: 3, stableMs: 30_000}) {
  const clock = {now: 0};
  const events: HubEvent[] = [];
  const servers: MemoryTransport[] = [];
  const s = new ServerSlot(
    {alias: 'fake', startupTimeoutMs: 10_000, callTimeoutMs: 10_000},
    {
      clientInfo: {name: 'test', version: '0'},
      features: {},
      makeTransport: () => {
        const {client, server} = fakeServer();
        servers.push(server);
        return client;
      },
      ondiagnostic: () => {},
      probeWaitMs: 500,
      restart,
      circuit: {threshold: 3, cooldownMs: 30_000},
      listDebounceMs: 200,
      listMaxWaitMs: 2_000,
      now: () => clock.now,
      emit: (e) => events.push(e),
      trace: false,
    },
  );
  /** Lets the in-memory exchanges (microtasks) run without moving the clock. */
  const settle = () => vi.advanceTimersByTimeAsync(0);
  /** The server's process dies. */
  const kill = async () => {
    await servers.at(-1)!.close({code: 1, stderrTail: ''});
    await settle();
  };
  return {s, clock, events, servers, settle, kill};
}

describe('ServerSlot restarts', () => {
  it('restarts after baseMs, doubling up to maxMs, and gives up after maxTries', async () => {
    const {s, events, servers, settle, kill} = slot();
    expect(await s.start()).toBe(true);
    expect(s.status.state).toBe('online');

    for (const [attempt, wait] of [[1, 1_000], [2, 2_000], [3, 4_000]] as const) {
      await kill();
      expect(s.status).toMatchObject({state: 'restarting', attempt});
      const before = servers.length;
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(servers).toHaveLength(before); // not a moment early
      await vi.advanceTimersByTimeAsync(1);
      await settle();
      expect(servers).toHaveLength(before + 1);
      expect(s.status.state).toBe('online');
    }
    await kill();
    expect(s.status).toMatchObject({state: 'offline', phase: 'exit'});
    expect(s.status.reason).toMatch(/gave up after 3 restarts/);
    expect(events.filter((e) => e.type === 'server/restarting').map((e) => (e as {attempt: number}).attempt)).toEqual([1, 2, 3]);
    expect(events.filter((e) => e.type === 'server/exited')).toHaveLength(4);
  });

  it('a server that ran for stableMs earns a fresh set of tries', async () => {
    const {s, clock, settle, kill} = slot();
    await s.start();
    await kill();
    await vi.advanceTimersByTimeAsync(1_000);
    await settle();
    expect(s.status.state).toBe('online');
    await kill();
    expect(s.status.attempt).toBe(2);
    await vi.advanceTimersByTimeAsync(2_000);
    await settle();
    // Up for 30 s on the slot's clock: the next crash starts counting from 1 again.
    clock.now += 30_000;
    await kill();
    expect(s.status).toMatchObject({state: 'restarting', attempt: 1});
    await s.close();
  });

  it('a reconnect by hand starts at once and resets the tries', async () => {
    const {s, servers, kill} = slot();
    await s.start();
    await kill();
    expect(s.status.attempt).toBe(1);
    const before = servers.length;
    expect(await s.reconnect()).toBe(true);
    expect(servers).toHaveLength(before + 1);
    expect(s.status.state).toBe('online');
    await kill();
    expect(s.status.attempt).toBe(1);
    await s.close();
  });
});
