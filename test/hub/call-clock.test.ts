// How often a call through the hub reads the clock (#17): once at its start,
// for its duration and for the connection's deadlines, and once at its end.
// Each read is ~50 ns and a 16-byte number; the connection read it again.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {Hub} from '../../src/hub/hub.js';
import {answeringTransport} from '../helpers/answering-transport.js';

const hubs: Hub[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(hubs.splice(0).map((h) => h.close()));
});

describe("a hub call's clock reads", () => {
  it('are two: the start (shared with the deadlines) and the end', async () => {
    const transport = answeringTransport(() => ({content: [{type: 'text', text: 'hi'}], isError: false, resultType: 'complete'}));
    const hub = new Hub({servers: [{alias: 'm', command: 'unused', args: [], env: {}, startupTimeoutMs: 5_000, callTimeoutMs: 5_000}], makeTransport: () => transport, probeWaitMs: 50});
    hubs.push(hub);
    await hub.start();
    const name = hub.catalog.entries[0]!.name;
    await hub.call(name, {}); // arms the connection's timer, which later calls leave as it is
    const now = vi.spyOn(performance, 'now');
    const results = [];
    for (let i = 0; i < 100; i++) results.push(hub.call(name, {}));
    const reads = now.mock.calls.length;
    now.mockRestore();
    for (const r of await Promise.all(results)) {
      expect(r).toMatchObject({content: [{type: 'text', text: 'hi'}], alias: 'm'});
      expect(r.durationMs).toBeGreaterThanOrEqual(0);
    }
    expect(reads).toBe(200);
  });
});
