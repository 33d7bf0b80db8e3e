import {describe, expect, it, vi} from 'vitest';
import {Connection} from '../../src/connection/connection.js';
import {McpError, ServerExitedError, TimeoutError, AbortError} from '../../src/connection/errors.js';
import {MemoryTransport} from '../../src/transport/memory.js';
import {waitFor} from '../helpers/wait.js';

/** A connection plus the raw other end, where the test plays the server. */
function setup(timeoutMs = 60_000) {
  const [client, server] = MemoryTransport.pair();
  const received: any[] = [];
  server.onmessage = (m) => received.push(m);
  const conn = new Connection(client, timeoutMs);
  return {conn, server, received};
}

describe('Connection', () => {
  it('matches responses to requests by id, out of order', async () => {
    const {conn, server, received} = setup();
    const a = conn.request('a', {});
    const b = conn.request('b', {});
    await waitFor(() => received.length === 2);
    await server.send({jsonrpc: '2.0', id: received[1].id, result: {which: 'b'}});
    await server.send({jsonrpc: '2.0', id: received[0].id, result: {which: 'a'}});
    expect(await a).toEqual({which: 'a'});
    expect(await b).toEqual({which: 'b'});
    expect(new Set(received.map((m) => m.id)).size).toBe(2);
  });

  it('rejects on an error response at once, not at the timeout', async () => {
    const {conn, server, received} = setup(20_000);
    const p = conn.request('tools/call', {});
    await waitFor(() => received.length === 1);
    const sent = Date.now();
    await server.send({jsonrpc: '2.0', id: received[0].id, error: {code: -32602, message: 'Unknown tool: x', data: {x: 1}}});
    const err = await p.catch((e) => e);
    expect(Date.now() - sent).toBeLessThan(100);
    expect(err).toBeInstanceOf(McpError);
    expect(err).toMatchObject({code: -32602, message: 'Unknown tool: x', data: {x: 1}});
  });

  it('on timeout sends notifications/cancelled, rejects with TimeoutError, and counts a late answer', async () => {
    const {conn, server, received} = setup();
    const err = await conn.request('slow', {}, {timeoutMs: 50}).catch((e) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    const cancel = await waitFor(() => received.find((m) => m.method === 'notifications/cancelled'));
    expect(cancel.params).toMatchObject({requestId: received[0].id});
    expect(cancel.params.reason).toContain('timed out');
    await server.send({jsonrpc: '2.0', id: received[0].id, result: {}});
    await waitFor(() => conn.stats.lateResponses === 1);
  });

  it('aborts through an AbortSignal and tells the server', async () => {
    const {conn, received} = setup();
    const ac = new AbortController();
    const p = conn.request('long', {}, {signal: ac.signal});
    ac.abort('user pressed Ctrl-C');
    const err = await p.catch((e) => e);
    expect(err).toBeInstanceOf(AbortError);
    await waitFor(() => received.find((m) => m.method === 'notifications/cancelled'));
  });

  it('rejects every pending request at once when the stream closes', async () => {
    const {conn, server, received} = setup();
    const ps = [conn.request('a', {}), conn.request('b', {}), conn.request('c', {})].map((p) => p.catch((e) => e));
    await waitFor(() => received.length === 3);
    await server.close({code: 3, stderrTail: 'fatal: database gone\n'});
    const errs = await Promise.all(ps);
    for (const e of errs) {
      expect(e).toBeInstanceOf(ServerExitedError);
      expect(e.message).toContain('exited with code 3');
      expect(e.message).toContain('database gone');
    }
    expect(await conn.request('d', {}).catch((e) => e)).toBeInstanceOf(ServerExitedError);
  });

  it('tells every close listener once, and one added after the end at once', async () => {
    const {conn, server} = setup();
    const seen: string[] = [];
    conn.onClose((exit) => seen.push(`a ${exit.code}`));
    const off = conn.onClose(() => seen.push('removed'));
    conn.onClose((exit) => seen.push(`b ${exit.code}`));
    off();
    await server.close({code: 4});
    await waitFor(() => seen.length === 2);
    conn.onClose((exit) => seen.push(`late ${exit.code}`));
    expect(seen).toEqual(['a 4', 'b 4', 'late 4']);
  });

  it('answers the server: ping with {}, unknown methods with -32601, id 0 and string ids kept', async () => {
    const {conn, server, received} = setup();
    conn.handle('roots/list', () => ({roots: []}));
    await server.send({jsonrpc: '2.0', id: 0, method: 'ping'});
    await server.send({jsonrpc: '2.0', id: 'abc', method: 'sampling/createMessage', params: {}});
    await server.send({jsonrpc: '2.0', id: 7, method: 'roots/list'});
    await waitFor(() => received.length === 3);
    expect(received.find((m) => m.id === 0)).toEqual({jsonrpc: '2.0', id: 0, result: {}});
    expect(received.find((m) => m.id === 'abc').error.code).toBe(-32601);
    expect(received.find((m) => m.id === 7).result).toEqual({roots: []});
  });

  it('delivers notifications to listeners and records noise without stopping', async () => {
    const {conn, server} = setup();
    const seen: string[] = [];
    conn.onNotification((method) => seen.push(method));
    await server.send({hello: 'not json-rpc'});
    await server.send({jsonrpc: '2.0', method: 'notifications/tools/list_changed'});
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual(['notifications/tools/list_changed']);
    expect(conn.stats.noise).toBe(1);
    expect(conn.stats.recentNoise[0]).toContain('jsonrpc');
  });

  it('restarts the idle timer on progress, but the total cap still applies', async () => {
    // Time is the subject: a fake clock moves it (the pair delivers in microtasks, which stay real).
    vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout', 'performance']});
    try {
      const {conn, server, received} = setup();
      const progress: number[] = [];
      const p = conn.request('work', {_meta: {progressToken: 't1'}}, {timeoutMs: 400, maxTotalMs: 1_000, progressToken: 't1', onProgress: (e) => progress.push(e.progress)}).catch((e) => e);
      await vi.advanceTimersByTimeAsync(0);
      expect(received).toHaveLength(1);
      // 4 × 300 ms: past the 400 ms idle timeout, but each progress restarts it.
      for (let i = 1; i <= 3; i++) {
        await vi.advanceTimersByTimeAsync(300);
        await server.send({jsonrpc: '2.0', method: 'notifications/progress', params: {progressToken: 't1', progress: i, total: 9}});
        await vi.advanceTimersByTimeAsync(0);
        expect(progress).toHaveLength(i);
      }
      // The total cap (1,000 ms) ends it however much progress comes.
      await vi.advanceTimersByTimeAsync(300);
      const err = await p;
      expect(err).toBeInstanceOf(TimeoutError);
      expect(err.message).toContain('1000 ms');
      expect(progress).toEqual([1, 2, 3]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a progress notification keeps a request alive past its idle timeout until the answer', async () => {
    vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout', 'performance']});
    try {
      const {conn, server, received} = setup();
      const p = conn.request('work', {_meta: {progressToken: 't2'}}, {timeoutMs: 400, maxTotalMs: 5_000, progressToken: 't2', onProgress: () => {}});
      await vi.advanceTimersByTimeAsync(0);
      expect(received).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(300);
      await server.send({jsonrpc: '2.0', method: 'notifications/progress', params: {progressToken: 't2', progress: 1}});
      await vi.advanceTimersByTimeAsync(300);
      await server.send({jsonrpc: '2.0', id: received[0].id, result: {done: true}});
      expect(await p).toEqual({done: true});
    } finally {
      vi.useRealTimers();
    }
  });
});
