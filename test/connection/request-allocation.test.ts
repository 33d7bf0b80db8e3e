import {describe, expect, it} from 'vitest';
import {Connection, PendingRequest} from '../../src/connection/connection.js';
import {SENT, type Transport} from '../../src/transport/types.js';
import {leastAllocated} from '../helpers/allocated.js';

/** A transport that takes every message at once and keeps nothing: only the connection allocates. */
function sink(): Transport {
  return {
    kind: 'memory',
    start: async () => {},
    send: () => SENT,
    close: async () => {},
    diagnosticsTail: () => [],
  };
}

describe("the connection's bytes per request (#17)", () => {
  it('keeps a pending request in one object with its deadlines unboxed, the options read where they are', () => {
    const transport = sink();
    const conn = new Connection(transport, 60_000);
    let answered = 0;
    // The caller's entry, with nothing of its own: what is left is the connection's.
    class Counted extends PendingRequest {
      resolve(): void {
        answered++;
      }
      reject(err: Error): void {
        throw err;
      }
    }
    const options = Object.freeze({timeoutMs: 120_000, maxTotalMs: 1_200_000});
    const params = {name: 'echo', arguments: {}};
    const n = 20_000;
    let nextId = 1;
    let rounds = 0;
    // 64 in flight, as the yardstick's concurrent run: a request goes out, the oldest is answered.
    // The answers are made outside the count: a server's parsed messages are not the connection's bytes.
    const prepare = () => {
      const answers = Array.from({length: n}, (_, i) => ({jsonrpc: '2.0', id: nextId + i, result: {}}));
      nextId += n;
      rounds++;
      return () => {
        let next = 0;
        for (let i = 0; i < 64; i++) conn.requestTo('tools/call', params, options, new Counted());
        for (let i = 0; i < n - 64; i++) {
          conn.requestTo('tools/call', params, options, new Counted());
          transport.onmessage!(answers[next++]);
        }
        for (let i = 0; i < 64; i++) transport.onmessage!(answers[next++]);
      };
    };
    prepare()(); // warm and optimise first
    const bytes = leastAllocated(5, prepare, 192 * n);
    expect(answered).toBe(rounds * n);
    // The request message (56 bytes), the caller's entry (88: the timeout is
    // read from the options, not kept) and the time read (16): 160 counted.
    // The entry was a literal copying the total cap, the progress token and
    // its listener, with its two deadlines as fractional times in fields,
    // each boxed on every store: 208 counted (22078f6); 176 when the
    // connection made its own entry beside the caller's answer (3b7a583).
    expect(bytes / n).toBeLessThan(192);
    void conn.close();
  });
});
