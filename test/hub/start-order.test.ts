// Hub.start compiles the JSON Schema meta-schema before it makes any
// transport: compiled after the sessions' objects exist (at the first catalog
// build, as it used to be), it made every later call 1-3 µs dearer
// (BENCHMARKS.md, finding 4).
import {expect, it, vi} from 'vitest';
import {MemoryTransport} from '../../src/transport/memory.js';

const order = vi.hoisted(() => [] as string[]);
vi.mock('../../src/hub/output-validator.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/hub/output-validator.js')>();
  return {
    ...actual,
    warmMetaSchema: () => {
      order.push('meta-schema');
      actual.warmMetaSchema();
    },
  };
});
const {Hub} = await import('../../src/hub/hub.js');

it('compiles the meta-schema before it starts any server', async () => {
  const server = (alias: string) => ({alias, command: 'none', args: [], env: {}, startupTimeoutMs: 200, callTimeoutMs: 1_000});
  const hub = new Hub({
    servers: [server('a'), server('b')],
    // Nobody answers on the other end: both servers go offline at their startup timeout.
    makeTransport: () => {
      order.push('transport');
      return MemoryTransport.pair()[0];
    },
  });
  await hub.start();
  expect(order).toEqual(['meta-schema', 'transport', 'transport']);
  expect(hub.statuses().map((s) => s.state)).toEqual(['offline', 'offline']);
  await hub.close();
});
