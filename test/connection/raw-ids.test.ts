// Ids a server chooses are echoed back exactly as it wrote them, even those
// JavaScript numbers cannot hold; and the reader of top-level members that
// makes it possible (also used on the first/last bytes of oversize lines).
import {describe, expect, it} from 'vitest';
import {Connection} from '../../src/connection/connection.js';
import {TimeoutError} from '../../src/connection/errors.js';
import {parseIdToken, tailId, topLevelMembers} from '../../src/connection/json-members.js';
import {MemoryTransport} from '../../src/transport/memory.js';
import {PreEncoded} from '../../src/transport/types.js';
import {waitFor} from '../helpers/wait.js';

/** A connection; the test plays the server and sees the exact text of what comes back. */
function setup() {
  const [client, server] = MemoryTransport.pair();
  const replies: string[] = [];
  server.onmessage = (_m, raw) => replies.push(raw!);
  const conn = new Connection(client);
  return {conn, server, replies};
}

describe('server request ids', () => {
  it.each([
    ['9007199254740993', 'beyond 2^53'],
    ['-9223372036854775809', 'beyond 64 bits, negative'],
    ['12345678901234567890123', 'far beyond'],
    ['1.0', 'a fraction written with a zero'],
    ['1e3', 'an exponent'],
    ['-0', 'negative zero'],
  ])('%s (%s) comes back byte for byte, for ping and for unknown methods', async (token) => {
    const {server, replies} = setup();
    await server.send(new PreEncoded(`{"jsonrpc":"2.0","method":"ping","params":{"id":1},"id":${token}}`));
    await server.send(new PreEncoded(`{"jsonrpc":"2.0","id":${token},"method":"no/such"}`));
    await waitFor(() => replies.length === 2);
    expect(replies[0]).toBe(`{"jsonrpc":"2.0","id":${token},"result":{}}`);
    expect(JSON.parse(replies[1]!.replace(token, '"T"'))).toEqual({jsonrpc: '2.0', id: 'T', error: {code: -32601, message: 'Method not found: no/such'}});
  });

  it('ordinary ids (small integers, strings) are sent as before', async () => {
    const {server, replies} = setup();
    await server.send({jsonrpc: '2.0', id: 7, method: 'ping'});
    await server.send({jsonrpc: '2.0', id: 'a"b', method: 'ping'});
    await waitFor(() => replies.length === 2);
    expect(replies).toEqual(['{"jsonrpc":"2.0","id":7,"result":{}}', '{"jsonrpc":"2.0","id":"a\\"b","result":{}}']);
  });

  it('a server request over the line limit is answered with an error, by its exact id', async () => {
    const [client, server] = MemoryTransport.pair();
    const replies: string[] = [];
    server.onmessage = (_m, raw) => replies.push(raw!);
    const conn = new Connection(client);
    client.onoversize!({bytes: 70_000_000, limit: 67_108_864, head: '{"jsonrpc":"2.0","id":9007199254740993,"method":"sampling/createMessage","params":{"messages":[{"x":"', tail: '', complete: false});
    expect(conn.stats.noise).toBe(1);
    client.onoversize!({bytes: 70_000_000, limit: 67_108_864, head: '{"jsonrpc":"2.0","id":9007199254740993,"method":"sampling/createMessage","params":{"messages":[{"x":"', tail: '"}]}}', complete: true});
    await waitFor(() => replies.length === 1);
    expect(replies[0]).toBe('{"jsonrpc":"2.0","id":9007199254740993,"error":{"code":-32600,"message":"request too large (70000000 bytes; limit 67108864)"}}');
  });
});

describe('an answer over the line limit whose id cannot be read', () => {
  it('fails nothing by guessing; each request in flight times out saying what came', async () => {
    const [client] = MemoryTransport.pair();
    const conn = new Connection(client);
    const a = conn.request('tools/call', {}, {timeoutMs: 50}).catch((e) => e);
    const b = conn.request('tools/list', {}, {timeoutMs: 50}).catch((e) => e);
    const info = {bytes: 5_000, limit: 2_000, head: '{"jsonrpc":"2.0","result":{"text":"yyyy', tail: 'yyy"},"id":1,"extra":{}}', complete: true};
    client.onoversize!({...info, complete: false, tail: ''});
    client.onoversize!(info);
    for (const [err, method] of [[await a, 'tools/call'], [await b, 'tools/list']] as const) {
      expect(err).toBeInstanceOf(TimeoutError);
      expect(err.message).toBe(`${method} timed out after 50 ms; the server sent a message too large to read (5000 bytes; limit 2000) whose id could not be found; it may have been this answer`);
    }
  });

  it('a line still arriving when the time runs out is named by the timeout of the request it answers', async () => {
    const [client] = MemoryTransport.pair();
    const conn = new Connection(client);
    const a = conn.request('tools/call', {}, {timeoutMs: 50}).catch((e) => e);
    client.onoversize!({bytes: 3_000, limit: 2_000, head: '{"jsonrpc":"2.0","id":1,"result":{"text":"yyyy', tail: '', complete: false});
    expect((await a).message).toBe('tools/call timed out after 50 ms; its answer was still arriving, already over the 2000-byte limit');
  });
});

describe('topLevelMembers / tailId', () => {
  it('reads top-level scalars exactly and skips nested values, strings with escapes included', () => {
    const m = topLevelMembers('{"jsonrpc":"2.0","params":{"id":1,"s":"}\\"{"},"x":[1,{"id":2}],"id":9007199254740993,"method":"ping"}');
    expect([...m.names]).toEqual(['jsonrpc', 'params', 'x', 'id', 'method']);
    expect(m.scalars.get('id')).toBe('9007199254740993');
    expect(m.scalars.get('method')).toBe('"ping"');
  });

  it('stops at a cut without inventing anything', () => {
    expect(topLevelMembers('{"jsonrpc":"2.0","id":12').scalars.has('id')).toBe(false); // the number may go on
    const m = topLevelMembers('{"result":{"content":[{"text":"aaaa');
    expect([...m.names]).toEqual(['result']);
    expect(m.scalars.size).toBe(0);
    expect(topLevelMembers('not json').names.size).toBe(0);
  });

  it('finds an id that ends the object, and nothing nested', () => {
    expect(tailId('aaaa"}]},"jsonrpc":"2.0","id":42}')).toBe('42');
    expect(tailId('aa","id":"req-7" }  ')).toBe('"req-7"');
    expect(tailId('aaa","inner":{"id":5}}')).toBeUndefined();
    expect(tailId('aaa\\",\\"id\\":5}"}')).toBeUndefined();
    expect(parseIdToken('"req-7"')).toBe('req-7');
    expect(parseIdToken('true')).toBeUndefined();
  });
});
