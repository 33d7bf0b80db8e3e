import {describe, expect, it} from 'vitest';
import {Connection} from '../../src/connection/connection.js';
import {MemoryTransport} from '../../src/transport/memory.js';
import {promotedDuring} from '../helpers/promoted.js';

describe('the connection under many calls in flight (#17)', () => {
  it('lets each answered request die young: scavenges promote next to nothing', async () => {
    const [client, server] = MemoryTransport.pair();
    server.onmessage = (m: any) => void server.send({jsonrpc: '2.0', id: m.id, result: {content: [{type: 'text', text: 'x'.repeat(64)}]}});
    const conn = new Connection(client);
    const calls = 30_000;
    let started = 0;
    const worker = async () => {
      while (started < calls) {
        started++;
        await conn.request('tools/call', {name: 'echo', arguments: {n: started}});
      }
    };
    const promoted = await promotedDuring(() => Promise.all(Array.from({length: 64}, worker)).then(() => undefined));
    // A Map of pending requests kept ~0.5 MB a scavenge alive here (its dead hash tables chain to their successors).
    expect(promoted).toBeLessThan(1_000_000);
  });
});
