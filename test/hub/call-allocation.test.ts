// Bytes a call allocates below the transport: the hub, the slot, the session
// and the connection, with the server's answers made beforehand (#17: at 64
// calls in flight, bytes per call are what the young generation fills with).
// Counted, not timed. The transport answers each request as it is sent, so
// a whole call runs synchronously and `leastAllocated` can count it.
import {afterEach, describe, expect, it} from 'vitest';
import {Hub} from '../../src/hub/hub.js';
import {answeringTransport} from '../helpers/answering-transport.js';
import {leastAllocated} from '../helpers/allocated.js';

const hubs: Hub[] = [];
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((h) => h.close()));
});

describe('bytes per call through the hub (#17)', () => {
  it('stay within what the call needs: no context for closures of rare paths, no copy of the result', async () => {
    // The answers are made before each count, so the count holds only what a call makes.
    let results: unknown[] = [];
    let next = 0;
    const transport = answeringTransport(() => results[next++]);
    const hub = new Hub({servers: [{alias: 'm', command: 'unused', args: [], env: {}, startupTimeoutMs: 5_000, callTimeoutMs: 5_000}], makeTransport: () => transport, probeWaitMs: 50});
    hubs.push(hub);
    await hub.start();
    const name = hub.catalog.entries[0]!.name;
    const n = 10_000;
    const args = {text: 'hello'};
    // As the yardstick's server answers: a complete result with its own members beside content.
    const answer = () => ({content: [{type: 'text', text: 'hello'}], isError: false, resultType: 'complete'});
    let last: Promise<unknown> | undefined;
    const prepare = () => {
      results = Array.from({length: n}, answer);
      next = 0;
      return () => {
        for (let i = 0; i < n; i++) last = hub.call(name, args);
      };
    };
    prepare()(); // warm and optimise first
    const bytes = leastAllocated(5, prepare, 880 * n);
    expect(await last).toMatchObject({content: [{type: 'text', text: 'hello'}], alias: 'm', tool: 'echo'});
    // ~703 counted: the hub's promise and HubCall, the session's ToolCall
    // (also the connection's pending entry: ~768 when they were two objects)
    // and params, the connection's message, the hub's result and two clock
    // reads (the connection made a third: ~720).
    // Shaping into a result of its own with a warnings list made for every
    // result, then copying it into the hub's, was ~800; closures on the rare
    // paths of the slot's, the session's and the hub's call functions had
    // each call allocate the context they would capture, made or not, and the
    // session copied each result: 947 and 984. The bound is above the ~800
    // of the shaping copy on purpose: counted alone that copy is 30–95 B per
    // call on Nodes 20, 22 and 24 (763 against 796, 759 against 800, 729
    // against 824), but inside the whole suite Node 22 counted 821 for the
    // current code (other files' work in the same worker). So this guards the
    // closures' contexts and the session's copy; the shaping is counted in
    // BENCHMARKS.md §11 (h23e).
    expect(bytes / n).toBeLessThan(880);
  });
});
