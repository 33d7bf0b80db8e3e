// The call path makes one promise per call, the hub's: the slot, the session
// and the connection hand the answer down to an object each instead of
// chaining a promise per layer (#17: the chain's promises, closures and
// reactions were most of the hub's bytes per call at 64 in flight). Counted,
// not timed: every promise made while calls run, against a bare request on
// the same connection.
import {createHook} from 'node:async_hooks';
import {afterEach, describe, expect, it} from 'vitest';
import {MemoryTransport} from '../../src/transport/memory.js';
import {testHub} from '../helpers/hub.js';
import type {Hub} from '../../src/hub/hub.js';
import type {McpSession} from '../../src/session/session.js';

const hubs: Hub[] = [];
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((h) => h.close()));
});

/** A modern server in memory with one tool, `echo`. */
function echoServer(): MemoryTransport {
  const [client, server] = MemoryTransport.pair();
  server.onmessage = (m: any) => {
    if (m.id === undefined) return;
    const result =
      m.method === 'server/discover'
        ? {supportedVersions: ['2026-07-28'], capabilities: {tools: {}}}
        : m.method === 'tools/list'
          ? {tools: [{name: 'echo', inputSchema: {type: 'object'}}]}
          : {content: [{type: 'text', text: String(m.params?.arguments?.text)}]};
    void server.send({jsonrpc: '2.0', id: m.id, result: {resultType: 'complete', ...result}});
  };
  return client;
}

/** Promises made while `run` runs `n` times in turn, per run. */
async function promisesPer(n: number, run: () => Promise<unknown>): Promise<number> {
  let made = 0;
  const hook = createHook({
    init(_id, type) {
      if (type === 'PROMISE') made++;
    },
  }).enable();
  try {
    for (let i = 0; i < n; i++) await run();
  } finally {
    hook.disable();
  }
  return made / n;
}

describe('a call through the hub', () => {
  it('makes no promise beyond one of its own: as many as a bare request on its connection', async () => {
    const {hub} = testHub([{alias: 'm', command: 'unused', args: [], env: {}, startupTimeoutMs: 5_000, callTimeoutMs: 5_000}], {makeTransport: () => echoServer()});
    hubs.push(hub);
    await hub.start();
    const session = (hub as any).byAlias.get('m').session as McpSession;
    const name = hub.catalog.entries[0]!.name;
    expect(await hub.call(name, {text: 'hi'})).toMatchObject({content: [{type: 'text', text: 'hi'}]});
    // Warm both paths once, then count.
    await session.connection.request('tools/call', {name: 'echo', arguments: {text: 'hi'}});
    const bare = await promisesPer(50, () => session.connection.request('tools/call', {name: 'echo', arguments: {text: 'hi'}}));
    const viaSession = await promisesPer(50, () => session.callTool('echo', {text: 'hi'}));
    const viaHub = await promisesPer(50, () => hub.call(name, {text: 'hi'}));
    // Rounded: a stray promise of the runtime's now and then is not the call's.
    expect(Math.round(viaSession)).toBe(Math.round(bare));
    expect(Math.round(viaHub)).toBe(Math.round(bare));
  });

  it('makes its promise with one executor for every call, not a closure per call over its arguments', async () => {
    const {hub} = testHub([{alias: 'm', command: 'unused', args: [], env: {}, startupTimeoutMs: 5_000, callTimeoutMs: 5_000}], {makeTransport: () => echoServer()});
    hubs.push(hub);
    await hub.start();
    const entry = hub.catalog.entries[0]!;
    // Every `new Promise(executor)` made while the calls start, by its executor.
    const executors = new Set<unknown>();
    const Original = globalThis.Promise;
    class Spy<T> extends Original<T> {
      constructor(executor: (resolve: (value: T) => void, reject: (reason?: unknown) => void) => void) {
        executors.add(executor);
        super(executor);
      }
    }
    const started: Array<Promise<unknown>> = [];
    globalThis.Promise = Spy as PromiseConstructor;
    try {
      for (let i = 0; i < 8; i++) started.push(hub.callEntry(entry, {text: String(i)}));
    } finally {
      globalThis.Promise = Original;
    }
    const results = await Original.all(started);
    expect(results.map((r: any) => r.content[0].text)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
    // The runtime's own (a `then` on a spied promise makes one) are not the call path's.
    const ours = [...executors].filter((e) => !String(e).includes('[native code]'));
    expect(ours).toHaveLength(1);
  });

  it('still gets a result when shaping it throws (a bug), instead of waiting for ever', async () => {
    const {hub} = testHub([{alias: 'm', command: 'unused', args: [], env: {}, startupTimeoutMs: 5_000, callTimeoutMs: 5_000}], {makeTransport: () => echoServer()});
    hubs.push(hub);
    await hub.start();
    // The answer is handed over as it is read: nothing above the hub's call may be left waiting on a throw.
    (hub as any).settleCall = () => {
      throw new Error('shaping broke');
    };
    const result = await hub.call(hub.catalog.entries[0]!.name, {text: 'hi'});
    expect(result).toMatchObject({isError: true, failure: 'internal', alias: 'm', tool: 'echo'});
    expect(result.content[0]).toMatchObject({text: expect.stringContaining('shaping broke')});
  });
});
