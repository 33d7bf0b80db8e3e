// The catalog from cache (issue #18): each successful listing goes into the
// `catalog` section of the server's record; the next start offers it at once,
// marked cached, until the server's own list confirms it (the table stays
// byte-identical) or corrects it (the difference is told). A changed config
// entry (another fingerprint) or other filters never find the old cache.
import {readFileSync, readdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import type {Hub, StdioHubServer} from '../../src/hub/hub.js';
import type {HubEvent} from '../../src/hub/hub-events.js';
import {toModelTool} from '../../src/hub/translate.js';
import {MemoryPinStore} from '../../src/hub/trust/pins.js';
import {ServerRecordStore} from '../../src/util/server-record.js';
import {nodeServer, tempDir, testHub} from '../helpers/hub.js';

const hubs: Hub[] = [];
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((h) => h.close()));
});

/** The tool table as the model is sent it, as bytes. */
const table = (hub: Hub) => JSON.stringify(hub.catalog.entries.map(toModelTool));

/** Starts a hub over `servers` with `store`; what the table was the moment start() began, and after. */
async function run(servers: StdioHubServer[], store: ServerRecordStore, pins?: MemoryPinStore) {
  const {hub, events} = testHub(servers, {records: store, trace: true, ...(pins ? {pins} : {})});
  hubs.push(hub);
  const starting = hub.start();
  const atOnce = {table: table(hub), statuses: hub.statuses(), version: hub.catalog.version};
  await starting;
  return {hub, events, atOnce};
}

const rebuilt = (events: HubEvent[]) => events.filter((e) => e.type === 'catalog/rebuilt').length;
/** A server's record as on disk, once the store's background writes are done. */
const recordOf = async (store: ServerRecordStore, alias: string) => {
  await store.flush();
  const file = readdirSync(store.dir).find((f) => f.startsWith(`${alias}-`) && f.endsWith('.json'))!;
  return {path: join(store.dir, file), json: JSON.parse(readFileSync(join(store.dir, file), 'utf8'))};
};

describe('the catalog from cache', () => {
  it('is written after a listing and offered at the next start, marked cached; the table stays byte-identical when the live list agrees', async () => {
    const store = new ServerRecordStore(tempDir('bb-cat-'));
    const servers = [nodeServer('tickets', 'tickets.mjs'), nodeServer('notes', 'notes.mjs')];
    const first = await run(servers, store);
    expect(first.atOnce.table).toBe('[]');
    const live = table(first.hub);
    expect(first.hub.catalog.entries.length).toBe(7);
    const {json} = await recordOf(store, 'notes');
    expect(json.sections.catalog).toMatchObject({era: 'modern', protocolVersion: '2026-07-28', serverName: 'notes-server', ttlMs: 60_000, cacheScope: 'public'});
    expect(json.sections.catalog.tools.map((t: {name: string}) => t.name)).toEqual(first.hub.catalog.entries.filter((e) => e.alias === 'notes').map((e) => e.tool));
    expect((await recordOf(store, 'tickets')).json.sections.catalog).toMatchObject({era: 'legacy', protocolVersion: '2025-11-25', serverName: 'tickets-server'});
    await first.hub.close();

    const second = await run(servers, store);
    // Before either process has answered, the whole table is there, byte for byte, and both rows say cached.
    expect(second.atOnce.table).toBe(live);
    expect(second.atOnce.statuses.map((s) => [s.state, s.cached?.toolCount])).toEqual([
      ['starting', 4],
      ['starting', 3],
    ]);
    expect(second.events.filter((e) => e.type === 'server/catalog-cached').map((e) => (e as {alias: string}).alias)).toEqual(['tickets', 'notes']);
    // The live lists agreed: one table for the whole start, the same bytes, nothing corrected.
    expect(table(second.hub)).toBe(live);
    expect(second.hub.catalog.version).toBe(second.atOnce.version);
    expect(rebuilt(second.events)).toBe(1);
    expect(second.events.some((e) => e.type === 'server/catalog-corrected')).toBe(false);
    expect(second.hub.statuses().map((s) => [s.state, s.cached])).toEqual([
      ['online', undefined],
      ['online', undefined],
    ]);
  });

  it('a stale cache is corrected by the live list, and the difference is told', async () => {
    const store = new ServerRecordStore(tempDir('bb-cat-'));
    const servers = [nodeServer('tickets', 'tickets.mjs')];
    const first = await run(servers, store);
    const live = table(first.hub);
    await first.hub.close();
    const {path, json} = await recordOf(store, 'tickets');
    const tools = json.sections.catalog.tools as Array<{name: string; description?: string}>;
    json.sections.catalog.tools = [...tools.filter((t) => t.name !== 'close_ticket').map((t) => (t.name === 'search' ? {...t, description: 'an older description'} : t)), {name: 'ghost', inputSchema: {type: 'object'}}];
    writeFileSync(path, JSON.stringify(json));

    const second = await run(servers, store);
    expect(second.atOnce.table).toContain('mcp__tickets__ghost');
    expect(second.atOnce.table).toContain('an older description');
    expect(second.events.find((e) => e.type === 'server/catalog-corrected')).toMatchObject({alias: 'tickets', added: ['close_ticket'], removed: ['ghost'], changed: ['search']});
    expect(table(second.hub)).toBe(live);
    // The record holds the live list again.
    expect((await recordOf(store, 'tickets')).json.sections.catalog.tools.map((t: {name: string}) => t.name)).toEqual(tools.map((t) => t.name));
  });

  it('is ignored when the config entry changed (another fingerprint) or its tool filters changed', async () => {
    const store = new ServerRecordStore(tempDir('bb-cat-'));
    const first = await run([nodeServer('tickets', 'tickets.mjs')], store);
    await first.hub.close();
    const changedEnv = await run([nodeServer('tickets', 'tickets.mjs', {TICKETS_EXTRA: '1'})], store);
    expect(changedEnv.atOnce.table).toBe('[]');
    expect(changedEnv.events.some((e) => e.type === 'server/catalog-cached')).toBe(false);
    await changedEnv.hub.close();
    const filtered = await run([nodeServer('tickets', 'tickets.mjs', {}, {excludeTools: ['search']})], store);
    expect(filtered.atOnce.table).toBe('[]');
    expect(filtered.hub.catalog.entries.map((e) => e.tool)).not.toContain('search');
  });

  it('a server that fails to start takes its cached tools out of the table', async () => {
    const store = new ServerRecordStore(tempDir('bb-cat-'));
    const good = nodeServer('tickets', 'tickets.mjs');
    await (await run([good], store)).hub.close();
    // The same fingerprint, but the entry cannot start: the record is found, the server is not.
    const second = testHub([{...good, cannotStart: 'made to fail'}], {records: store});
    hubs.push(second.hub);
    await second.hub.start();
    expect(second.events.find((e) => e.type === 'server/catalog-cached')).toMatchObject({alias: 'tickets', toolCount: 4});
    expect(second.hub.statuses()[0]).toMatchObject({state: 'offline', cached: undefined});
    expect(second.hub.catalog.entries).toEqual([]);
  });
  it('pins nothing from a cache: after the pins were reset, the first sighting is the live list, not the cached one', async () => {
    const store = new ServerRecordStore(tempDir('bb-cat-'));
    const pins = new MemoryPinStore();
    const servers = [nodeServer('tickets', 'tickets.mjs')];
    await (await run(servers, store, pins)).hub.close();
    const pinned = Object.keys(pins.load('tickets')!.tools).sort();
    // Pins forgotten (`breakerbox pins --reset`), the cache kept: the next list seen is a first sighting.
    pins.reset('tickets');
    const {path, json} = await recordOf(store, 'tickets');
    json.sections.catalog.tools = json.sections.catalog.tools.map((t: {name: string}) => (t.name === 'search' ? {...t, description: 'an older description'} : t));
    writeFileSync(path, JSON.stringify(json));

    const second = await run(servers, store, pins);
    expect(second.atOnce.table).toContain('an older description');
    expect(Object.keys(pins.load('tickets')!.tools).sort()).toEqual(pinned);
    expect(second.hub.catalog.entries.map((e) => e.tool).sort()).toEqual(pinned);
    expect(second.hub.catalog.withheld ?? []).toEqual([]);
  });
});
