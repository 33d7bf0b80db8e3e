import v8 from 'node:v8';
import {runInNewContext} from 'node:vm';
import {describe, expect, it} from 'vitest';
import {Connection} from '../../src/connection/connection.js';
import {MemoryTransport} from '../../src/transport/memory.js';

/**
 * Bytes that scavenges moved to the old generation while `work` ran, after a
 * full collection (which puts every long-lived object, the connection's
 * tables included, in the old generation, as a busy startup does). Counted,
 * not timed: the same on a loaded machine.
 */
async function promotedDuring(work: () => Promise<void>): Promise<number> {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  const profiler = new v8.GCProfiler();
  profiler.start();
  await work();
  const {statistics} = profiler.stop();
  const old = (s: {heapSpaceStatistics: Array<{spaceName: string; spaceUsedSize: number}>}) => s.heapSpaceStatistics.find((x) => x.spaceName === 'old_space')!.spaceUsedSize;
  return statistics.filter((g) => g.gcType === 'Scavenge').reduce((sum, g) => sum + Math.max(0, old(g.afterGC) - old(g.beforeGC)), 0);
}

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
