// Lazy servers (issue #18): `"start": "lazy"` with a cached list is not
// spawned with the hub; its cached tools are offered; the first call starts
// it and then runs; calls meanwhile wait for the same start; with no cache it
// starts at once. `idleStopMs` stops it after that long without a call (an
// injected clock), and the next call brings it back.
import {readFileSync, readdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import type {Hub, HubServer, StdioHubServer} from '../../src/hub/hub.js';
import {StdioTransport} from '../../src/transport/stdio.js';
import {canonicalJson, definitionHash, pinnedDefinition} from '../../src/hub/trust/canonical.js';
import {ServerRecordStore} from '../../src/util/server-record.js';
import {fakeClock} from '../helpers/clock.js';
import {nodeServer, tempDir, testHub, textOf} from '../helpers/hub.js';
import {waitFor} from '../helpers/wait.js';

const hubs: Hub[] = [];
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((h) => h.close()));
});

const tickets = (extra: Partial<StdioHubServer> = {}) => nodeServer('tickets', 'tickets.mjs', {}, extra);

/** A hub that counts the processes it spawns. */
function countingHub(servers: HubServer[], store: ServerRecordStore, options: Parameters<typeof testHub>[1] = {}) {
  const spawned = {count: 0};
  const made = testHub(servers, {
    records: store,
    makeTransport: (s) => (spawned.count++, new StdioTransport({command: (s as StdioHubServer).command, args: (s as StdioHubServer).args, env: (s as StdioHubServer).env, closeGraceMs: 500})),
    ...options,
  });
  hubs.push(made.hub);
  return {...made, spawned};
}

/** A store that already holds the tickets server's catalog (one eager start). */
async function storeWithCache(): Promise<ServerRecordStore> {
  const store = new ServerRecordStore(tempDir('bb-lazy-'));
  const {hub} = countingHub([tickets()], store);
  await hub.start();
  await hub.close();
  return store;
}

describe('a lazy server', () => {
  it('is not started while its cached tools can be offered; the first call starts it, and calls meanwhile share that start', async () => {
    const store = await storeWithCache();
    const {hub, spawned, events} = countingHub([tickets({start: 'lazy'})], store);
    await hub.start();
    expect(spawned.count).toBe(0);
    expect(hub.statuses()[0]).toMatchObject({state: 'idle', cached: {toolCount: 4}});
    expect(events.find((e) => e.type === 'server/not-started')).toMatchObject({alias: 'tickets', toolCount: 4, reason: 'lazy'});
    expect(hub.catalog.entries.map((e) => e.name)).toContain('mcp__tickets__search');
    const [a, b] = await Promise.all([hub.call('mcp__tickets__search', {query: 'login'}), hub.call('mcp__tickets__get_ticket', {id: 'T-1'})]);
    expect(a.isError).toBeFalsy();
    expect(textOf(a)).toMatch(/search/);
    expect(b.failure).not.toBe('offline');
    expect(spawned.count).toBe(1);
    expect(hub.statuses()[0]).toMatchObject({state: 'online', cached: undefined});
  });

  it('with no cache starts at once like any other', async () => {
    const store = new ServerRecordStore(tempDir('bb-lazy-'));
    const {hub, spawned} = countingHub([tickets({start: 'lazy'})], store);
    await hub.start();
    expect(spawned.count).toBe(1);
    expect(hub.statuses()[0]!.state).toBe('online');
  });

  it('stops after idleStopMs without a call (its tools stay offered) and the next call starts it again', async () => {
    const store = await storeWithCache();
    const clock = fakeClock(Date.now());
    const {hub, spawned, events} = countingHub([tickets({start: 'lazy', idleStopMs: 60_000})], store, {clock});
    await hub.start();
    const table = JSON.stringify(hub.catalog.entries);
    expect((await hub.call('mcp__tickets__search', {query: 'x'})).isError).toBeFalsy();
    expect(spawned.count).toBe(1);
    clock.advance(59_999);
    expect(hub.statuses()[0]!.state).toBe('online');
    clock.advance(1);
    expect(hub.statuses()[0]).toMatchObject({state: 'idle', cached: {toolCount: 4}});
    expect(events.filter((e) => e.type === 'server/not-started').map((e) => (e as {reason: string}).reason)).toEqual(['lazy', 'idle']);
    // Stopping changed nothing the model sees.
    expect(JSON.stringify(hub.catalog.entries)).toBe(table);
    expect((await hub.call('mcp__tickets__search', {query: 'y'})).isError).toBeFalsy();
    expect(spawned.count).toBe(2);
    expect(hub.statuses()[0]!.state).toBe('online');
    // Each call starts the idle time over.
    clock.advance(30_000);
    expect((await hub.call('mcp__tickets__search', {query: 'z'})).isError).toBeFalsy();
    clock.advance(59_999);
    expect(hub.statuses()[0]!.state).toBe('online');
    clock.advance(1);
    await waitFor(() => hub.statuses()[0]!.state === 'idle', 'the idle stop');
  });

  it('a first call that finds its tool gone or its schema changed is an isError that says so, and the table is updated', async () => {
    const store = await storeWithCache();
    await store.flush();
    const file = join(store.dir, readdirSync(store.dir).find((f) => f.endsWith('.json'))!);
    const record = JSON.parse(readFileSync(file, 'utf8'));
    const tools = record.sections.catalog.tools as Array<{name: string; inputSchema: Record<string, unknown>}>;
    record.sections.catalog.tools = [...tools.map((t) => (t.name === 'search' ? {...t, inputSchema: {type: 'object', properties: {q: {type: 'string'}}}} : t)), {name: 'ghost', inputSchema: {type: 'object'}}];
    writeFileSync(file, JSON.stringify(record));

    const gone = countingHub([tickets({start: 'lazy'})], store);
    await gone.hub.start();
    const r = await gone.hub.call('mcp__tickets__ghost', {});
    expect(r).toMatchObject({isError: true, failure: 'unknown-tool'});
    expect(textOf(r)).toMatch(/no longer offers this tool/);
    expect(gone.hub.catalog.entries.map((e) => e.tool)).not.toContain('ghost');
    await gone.hub.close();

    // The live list was saved: write the changed schema back and try the other case.
    writeFileSync(file, JSON.stringify(record));
    const changed = countingHub([tickets({start: 'lazy'})], store);
    await changed.hub.start();
    const c = await changed.hub.call('mcp__tickets__search', {q: 'x'});
    expect(c).toMatchObject({isError: true});
    expect(textOf(c)).toMatch(/input schema changed/);
    expect(changed.hub.catalog.byName.get('mcp__tickets__search')!.inputSchema).toEqual(tools.find((t) => t.name === 'search')!.inputSchema);
  });

  it('a first call of a tool trust withholds (changed since it was pinned) says so, and how long the start took', async () => {
    const store = await storeWithCache();
    await store.flush();
    // Last run, search was described otherwise, and that is what was cached and pinned: the live list differs from both.
    const file = join(store.dir, readdirSync(store.dir).find((f) => f.endsWith('.json'))!);
    const record = JSON.parse(readFileSync(file, 'utf8'));
    const tools = record.sections.catalog.tools as Array<{name: string; description?: string}>;
    const older = {...tools.find((t) => t.name === 'search')!, description: 'an older description'};
    record.sections.catalog.tools = tools.map((t) => (t.name === 'search' ? older : t));
    writeFileSync(file, JSON.stringify(record));
    const definition = canonicalJson(pinnedDefinition(older as never));
    const kept = new Map([['tickets', {tools: {search: {hash: definitionHash(definition), definition, pinnedAt: '2026-01-01T00:00:00.000Z'}}}]]);
    const pins = {load: (alias: string) => kept.get(alias), save: (alias: string, p: never) => void kept.set(alias, p), reset: (alias: string) => void kept.delete(alias)};

    const {hub} = countingHub([tickets({start: 'lazy'})], store, {pins});
    await hub.start();
    const r = await hub.call('mcp__tickets__search', {query: 'login'});
    expect(r).toMatchObject({isError: true, failure: 'withheld'});
    expect(textOf(r)).not.toMatch(/no longer offers/);
    expect(textOf(r)).toMatch(/changed/);
    // The call waited for the server's start: its duration is that wait, not 0.
    expect(r.durationMs).toBeGreaterThan(0);
  });
});
