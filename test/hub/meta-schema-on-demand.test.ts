// The meta-schema validator (64 KB of generated code) is loaded only when a
// schema that plainlyValid cannot answer reaches the table (issue #18): a
// start on the bundled servers never loads it, and a schema that needs it is
// still checked, from a listing and from the cache. The module's state is
// the subject, so the tests run in this order, and the cache case imports a
// fresh copy of the hub and the validator's module.
import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {Hub} from '../../src/hub/hub.js';
import type {HubEvent} from '../../src/hub/hub-events.js';
import {metaSchemaLoaded} from '../../src/hub/schema/meta-schema.js';
import {ServerRecordStore} from '../../src/util/server-record.js';
import {nodeServer, tempDir, testHub} from '../helpers/hub.js';

const hubs: Hub[] = [];
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((h) => h.close()));
});

const plainTool = {name: 'plain', description: 'Plain.', inputSchema: {type: 'object', properties: {q: {type: 'string'}}, required: ['q']}};
// `$defs` and `$ref` are not among plainlyValid's keywords: only the meta-schema can say yes.
const definedTool = {name: 'defined', description: 'Uses $defs.', inputSchema: {type: 'object', $defs: {P: {type: 'string'}}, properties: {p: {$ref: '#/$defs/P'}}}};
// A negative minLength is not plain either, and the meta-schema says no.
const brokenTool = {name: 'broken', description: 'Bad bound.', inputSchema: {type: 'object', properties: {a: {type: 'string', minLength: -1}}}};

function rugServer(alias: string, tools: object[]) {
  const file = join(tempDir('bb-meta-'), 'tools.json');
  writeFileSync(file, JSON.stringify(tools));
  return nodeServer(alias, '../test/fixtures/rug-server.mjs', {RUG_TOOLS: file});
}

const namesOf = (hub: Hub) => hub.catalog.entries.map((e) => e.tool);

describe('the meta-schema validator, loaded on demand', () => {
  it('is not loaded by a start on the bundled servers, whose schemas are all plain', async () => {
    const {hub} = testHub([nodeServer('tickets', 'tickets.mjs'), nodeServer('notes', 'notes.mjs')]);
    hubs.push(hub);
    await hub.start();
    expect(hub.catalog.entries.length).toBe(7);
    expect(metaSchemaLoaded()).toBe(false);
  }, 60_000);

  it('is loaded for a listed schema that is not plain, which is still checked: kept when valid, dropped with the reason when not', async () => {
    const {hub} = testHub([rugServer('rug', [plainTool, definedTool, brokenTool])]);
    hubs.push(hub);
    await hub.start();
    expect(metaSchemaLoaded()).toBe(true);
    expect(namesOf(hub)).toEqual(['plain', 'defined']);
    const broken = hub.droppedTools.find((d) => d.tool === 'broken');
    expect(broken?.reason).toMatch(/not valid JSON Schema 2020-12: \/properties\/a\/minLength must be >= 0/);
  }, 60_000);

  it('is loaded before the first table when a cached schema is not plain: the cached table already has the tool', async () => {
    const store = new ServerRecordStore(tempDir('bb-meta-cache-'));
    const server = rugServer('rug', [plainTool, definedTool]);
    const first = testHub([server], {records: store});
    hubs.push(first.hub);
    await first.hub.start();
    await first.hub.close();
    await store.flush();

    // A fresh module graph: the validator is not loaded, as at a new start.
    vi.resetModules();
    const {Hub: FreshHub} = await import('../../src/hub/hub.js');
    const fresh = await import('../../src/hub/schema/meta-schema.js');
    const {ServerRecordStore: FreshStore} = await import('../../src/util/server-record.js');
    expect(fresh.metaSchemaLoaded()).toBe(false);
    const events: HubEvent[] = [];
    const second = new FreshHub({servers: [server], records: new FreshStore(store.dir), onEvent: (e) => events.push(e), probeWaitMs: 500});
    hubs.push(second);
    await second.start();
    const tables = events.filter((e): e is Extract<HubEvent, {type: 'catalog/rebuilt'}> => e.type === 'catalog/rebuilt');
    expect(events.some((e) => e.type === 'server/catalog-cached')).toBe(true);
    // The first table is the cached one, built before the server answered.
    expect(tables[0]!.catalog.entries.map((e) => e.tool)).toEqual(['plain', 'defined']);
    expect(namesOf(second)).toEqual(['plain', 'defined']);
  }, 60_000);
});
