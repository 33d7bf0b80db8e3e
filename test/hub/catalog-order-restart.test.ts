// The tool table across restarts after a server added a tool mid-run: that
// run appended it at the end of the table, the record remembers where, and
// the next start sends the very same bytes (the prompt cache stays warm). A
// removed tool breaks the cache anyway: the next start is in canonical order.
import {afterEach, describe, expect, it} from 'vitest';
import {buildParams} from '../../src/agent/models/anthropic.js';
import {buildRequest} from '../../src/agent/request.js';
import type {ToolSearchSettings} from '../../src/agent/tool-search/settings.js';
import {Hub} from '../../src/hub/hub.js';
import type {Tool} from '../../src/session/mcp-types.js';
import {ServerRecordStore} from '../../src/util/server-record.js';
import {tempDir} from '../helpers/hub.js';
import {waitFor} from '../helpers/wait.js';
import {fakeServer, type FakeServer} from './trust/fake-server.js';

const tool = (name: string): Tool => ({name, description: `Does ${name} with care.`, inputSchema: {type: 'object', properties: {q: {type: 'string'}}}});

const hubs: Hub[] = [];
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((h) => h.close()));
});

/** A hub over the two fakes, with the records in `store`. */
function hubOver(fakes: FakeServer[], store: ServerRecordStore): Hub {
  const byAlias = new Map(fakes.map((f) => [f.config().alias, f]));
  const hub = new Hub({servers: fakes.map((f) => f.config()), makeTransport: (s) => byAlias.get(s.alias)!.makeTransport(), probeWaitMs: 200, listDebounceMs: 10, records: store});
  hubs.push(hub);
  return hub;
}

/** The `tools` array of the first request to the Messages API, as bytes: the whole table, or the loaded part around search_tools. */
function sentTools(hub: Hub, search: ToolSearchSettings = {mode: 'off'}): string {
  const {request} = buildRequest([{role: 'user', content: [{type: 'text', text: 'hi'}]}], hub, search);
  return JSON.stringify(buildParams('m', request).tools);
}
const names = (hub: Hub) => hub.catalog.entries.map((e) => e.name);
/** `notes` loaded, `tickets` deferred: the client-side table splits around search_tools. */
const someDeferred: ToolSearchSettings = {mode: 'auto', deferTools: {tickets: true}};

describe('the tool table after a restart', () => {
  it('is byte-identical to the one sent after a mid-run append, and stays so when the live lists confirm it', async () => {
    const store = new ServerRecordStore(tempDir('bb-order-'));
    const notes = fakeServer('notes', [tool('search'), tool('read')]);
    const tickets = fakeServer('tickets', [tool('get')]);
    const first = hubOver([notes, tickets], store);
    await first.start();
    expect(names(first)).toEqual(['mcp__notes__search', 'mcp__notes__read', 'mcp__tickets__get']);
    notes.tools = [tool('search'), tool('count'), tool('read')];
    notes.announce();
    await waitFor(() => first.catalog.byName.has('mcp__notes__count'), 'the appended tool');
    // Appended after tickets' tool, not in notes' place.
    expect(names(first)).toEqual(['mcp__notes__search', 'mcp__notes__read', 'mcp__tickets__get', 'mcp__notes__count']);
    const sent = sentTools(first);
    const sentAround = sentTools(first, someDeferred);
    expect(JSON.parse(sentAround).map((t: Tool) => t.name)).toEqual(['mcp__notes__search', 'mcp__notes__read', 'search_tools', 'mcp__notes__count']);
    await first.close();

    const second = hubOver([notes, tickets], store);
    const starting = second.start();
    // From the cache, before either fake has answered.
    expect(sentTools(second)).toBe(sent);
    const cached = second.catalog;
    await starting;
    // The live lists agreed: the same table, so the same bytes.
    expect(second.catalog).toBe(cached);
    expect(sentTools(second)).toBe(sent);
    expect(sentTools(second, someDeferred)).toBe(sentAround);
    await second.close();

    // A third start still remembers (confirming wrote nothing away).
    const third = hubOver([notes, tickets], store);
    await third.start();
    expect(sentTools(third)).toBe(sent);
  });

  it('goes back to the canonical order once a tool was removed, mid-run or between runs', async () => {
    // What a first start without records sends, over copies of the fakes (they keep their own clients).
    const canonical = async (fakes: FakeServer[]) => {
      const hub = hubOver(fakes.map((f) => fakeServer(f.config().alias, [...f.tools])), new ServerRecordStore(tempDir('bb-order-')));
      await hub.start();
      const bytes = sentTools(hub);
      await hub.close();
      return bytes;
    };
    const store = new ServerRecordStore(tempDir('bb-order-'));
    const notes = fakeServer('notes', [tool('search'), tool('read')]);
    const tickets = fakeServer('tickets', [tool('get'), tool('list')]);
    const first = hubOver([notes, tickets], store);
    await first.start();
    notes.tools = [tool('search'), tool('count'), tool('read')];
    notes.announce();
    await waitFor(() => first.catalog.byName.has('mcp__notes__count'), 'the appended tool');
    await first.close();

    // Between runs another server's list lost a tool: the whole table is canonical, notes' appended tool included.
    tickets.tools = [tool('get')];
    const second = hubOver([notes, tickets], store);
    await second.start();
    expect(names(second)).toEqual(['mcp__notes__search', 'mcp__notes__count', 'mcp__notes__read', 'mcp__tickets__get']);
    expect(sentTools(second)).toBe(await canonical([notes, tickets]));
    // Appended again during this run, then a removal mid-run: the next start is canonical too.
    notes.tools = [tool('search'), tool('count'), tool('read'), tool('write')];
    notes.announce();
    await waitFor(() => second.catalog.byName.has('mcp__notes__write'), 'the second appended tool');
    expect(names(second)).toEqual(['mcp__notes__search', 'mcp__notes__count', 'mcp__notes__read', 'mcp__tickets__get', 'mcp__notes__write']);
    notes.tools = [tool('count'), tool('read'), tool('write')];
    notes.announce();
    await waitFor(() => !second.catalog.byName.has('mcp__notes__search'), 'the removal');
    await second.close();
    const third = hubOver([notes, tickets], store);
    await third.start();
    expect(names(third)).toEqual(['mcp__notes__count', 'mcp__notes__read', 'mcp__notes__write', 'mcp__tickets__get']);
    expect(sentTools(third)).toBe(await canonical([notes, tickets]));
  });

  it('appends a tool the live list adds to the cached one at start, and the next start keeps it there', async () => {
    const store = new ServerRecordStore(tempDir('bb-order-'));
    const notes = fakeServer('notes', [tool('search'), tool('read')]);
    const tickets = fakeServer('tickets', [tool('get')]);
    const first = hubOver([notes, tickets], store);
    await first.start();
    const lastRun = sentTools(first);
    await first.close();

    // Between runs notes gained a tool: the cached table goes out first, then the live list only adds to it.
    notes.tools = [tool('search'), tool('count'), tool('read')];
    const second = hubOver([notes, tickets], store);
    const starting = second.start();
    expect(sentTools(second)).toBe(lastRun);
    await starting;
    expect(names(second)).toEqual(['mcp__notes__search', 'mcp__notes__read', 'mcp__tickets__get', 'mcp__notes__count']);
    const sent = sentTools(second);
    // The last run's table is a byte-identical prefix of this one (the cache breakpoint moved to the new last tool).
    const unmarked = (bytes: string) => JSON.stringify(JSON.parse(bytes).map(({cache_control: _, ...t}: Tool & {cache_control?: unknown}) => t));
    expect(unmarked(sent).startsWith(unmarked(lastRun).slice(0, -1))).toBe(true);
    await second.close();

    const third = hubOver([notes, tickets], store);
    const again = third.start();
    expect(sentTools(third)).toBe(sent);
    await again;
    expect(sentTools(third)).toBe(sent);
  });
});
