import {afterEach, describe, expect, it} from 'vitest';
import type {Hub} from '../../src/hub/hub.js';
import {MemoryTransport} from '../../src/transport/memory.js';
import {chaos, nodeServer, tempDir, testHub, textOf} from '../helpers/hub.js';
import {waitFor} from '../helpers/wait.js';

const hubs: Hub[] = [];
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((h) => h.close()));
});
function started(...args: Parameters<typeof testHub>) {
  const t = testHub(args[0], {listExtras: true, trace: true, ...args[1]});
  hubs.push(t.hub);
  return t;
}

describe('resources and prompts through the hub', () => {
  it('lists resources and prompts per server once online; prompts get names by the tool rules, with their own table', async () => {
    const {hub, events} = started([nodeServer('notes', 'notes.mjs'), nodeServer('notes2', 'notes.mjs'), nodeServer('tickets', 'tickets.mjs')]);
    await hub.start();
    await hub.inspect.settled();
    const byAlias = Object.fromEntries(hub.inspect.resources().map((r) => [r.alias, r.resources.length]));
    expect(byAlias).toEqual({notes: 9, notes2: 9, tickets: 0});
    expect(hub.inspect.prompts.entries.map((p) => [p.name, p.alias, p.prompt])).toEqual([
      ['mcp__notes__summarize_note', 'notes', 'summarize_note'],
      ['mcp__notes2__summarize_note', 'notes2', 'summarize_note'],
    ]);
    expect(events.some((e) => e.type === 'prompts/rebuilt')).toBe(true);
    expect(events.filter((e) => e.type === 'server/resources-listed').map((e) => (e as {alias: string}).alias).sort()).toEqual(['notes', 'notes2']);
  });

  it('reads a resource, gets a prompt and completes its argument; every failure is an outcome with its reason', async () => {
    const {hub} = started([nodeServer('notes', 'notes.mjs'), nodeServer('tickets', 'tickets.mjs'), chaos('down', 'spawn_fail')]);
    await hub.start();
    await hub.inspect.settled();
    const read = await hub.inspect.readResource('notes', 'notes://n2');
    expect(read.ok && read.value[0]!.text).toContain('MCP pagination notes');
    const prompt = await hub.inspect.getPrompt('mcp__notes__summarize_note', {id: 'n2'});
    expect(prompt.ok && prompt.value.messages).toHaveLength(2);
    const done = await hub.inspect.complete({prompt: 'mcp__notes__summarize_note'}, {name: 'style', value: 'b'});
    expect(done.ok && done.value.values).toEqual(['brief']);

    expect(await hub.inspect.readResource('notes', 'notes://n404')).toMatchObject({ok: false, failure: 'protocol', protocolError: {code: -32602}});
    expect(await hub.inspect.readResource('tickets', 'x://1')).toMatchObject({ok: false, failure: 'capability', error: 'tickets does not offer resources (its capabilities have no "resources")'});
    expect(await hub.inspect.readResource('down', 'x://1')).toMatchObject({ok: false, failure: 'offline'});
    expect(await hub.inspect.readResource('nope', 'x://1')).toMatchObject({ok: false, failure: 'unknown-server', error: expect.stringContaining('configured: notes, tickets, down')});
    expect(await hub.inspect.getPrompt('mcp__notes__nothing', {})).toMatchObject({ok: false, failure: 'unknown-tool'});
    expect(await hub.inspect.getPrompt('mcp__notes__summarize_note', {})).toMatchObject({ok: false, failure: 'protocol'});
  });

  it('watches a resource across eras and reports updates as events', async () => {
    const {hub, events} = started([nodeServer('notes', 'notes.mjs', {NOTES_UPDATE_MS: '50'})]);
    await hub.start();
    expect(await hub.inspect.watch('notes', 'notes://n1')).toMatchObject({ok: true});
    await waitFor(() => events.find((e) => e.type === 'server/resource-updated'), 'the update event');
    expect(hub.inspect.watching('notes')).toEqual(['notes://n1']);
  });
});

describe('log levels and entries', () => {
  it('legacy: /loglevel sends logging/setLevel, and the entries it lets through are kept with their level', async () => {
    const {hub} = started([nodeServer('tickets', 'tickets.mjs')]);
    await hub.start();
    await hub.call('mcp__tickets__search', {query: 'login'});
    expect(hub.inspect.logs('tickets')).toEqual([]);
    const set = await hub.setLogLevel('tickets', 'debug');
    expect(set).toMatchObject({ok: true, value: 'sent logging/setLevel debug'});
    await hub.call('mcp__tickets__search', {query: 'login'});
    await waitFor(() => hub.inspect.logs('tickets').length === 2, 'two entries');
    expect(hub.inspect.logs('tickets').map((l) => [l.level, l.text.slice(0, 20)])).toEqual([['info', 'tickets: tools/call '], ['debug', 'tickets: {"tool":"se']]);
    expect(hub.inspect.detail('tickets')!.logLevel).toBe('debug');
  });

  it('modern: the level goes in _meta of later calls; an unknown level is refused', async () => {
    const {hub} = started([nodeServer('notes', 'notes.mjs')]);
    await hub.start();
    expect(await hub.setLogLevel('notes', 'loud')).toMatchObject({ok: false, error: expect.stringContaining('use one of debug, info')});
    expect(await hub.setLogLevel('notes', 'debug')).toMatchObject({ok: true, value: expect.stringContaining('_meta')});
    await hub.call('mcp__notes__list_recent', {});
    await waitFor(() => hub.inspect.logs('notes').length === 1, 'a debug entry');
    expect(hub.inspect.logs('notes')[0]).toMatchObject({level: 'debug', text: expect.stringContaining('tools/call "list_recent"')});
  });
});

describe('relist and server detail', () => {
  it('relists page by page with trace lines and a diff against the catalog', async () => {
    const fake = pagedFake();
    const {hub, events} = started([{alias: 'fake', command: 'unused', args: [], env: {}, startupTimeoutMs: 5_000, callTimeoutMs: 5_000}], {makeTransport: () => fake.transport()});
    await hub.start();
    expect(hub.catalog.entries.map((e) => e.name)).toEqual(['mcp__fake__a', 'mcp__fake__b', 'mcp__fake__c']);
    fake.tools = [{name: 'a', inputSchema: {type: 'object'}}, {name: 'c', description: 'now described', inputSchema: {type: 'object'}}, {name: 'd', inputSchema: {type: 'object'}}];
    const out = await hub.relist('fake');
    expect(out.ok).toBe(true);
    const report = out.ok ? out.value : undefined!;
    expect(report.pages.map((p) => [p.index, p.count, p.cursorIn ?? null, p.names])).toEqual([
      [1, 2, null, ['a', 'c']],
      [2, 1, 'p2', ['d']],
    ]);
    expect({added: report.added, removed: report.removed, changed: report.changed, unchanged: report.unchanged}).toEqual({
      added: [{name: 'mcp__fake__d', tool: 'd'}],
      removed: [{name: 'mcp__fake__b', tool: 'b'}],
      changed: [{name: 'mcp__fake__c', tool: 'c', what: ['description']}],
      unchanged: 1,
    });
    // c changed its description since it was pinned: still listed, but withheld from the model (#21).
    expect(hub.catalog.entries.map((e) => e.name)).toEqual(['mcp__fake__a', 'mcp__fake__d']);
    expect(hub.catalog.withheld!.map((e) => e.name)).toEqual(['mcp__fake__c']);
    const notes = events.filter((e) => e.type === 'trace/recorded').map((e) => (e as {entry: {summary: string}}).entry.summary);
    expect(notes).toEqual(expect.arrayContaining([expect.stringMatching(/^tools\/list page 2: 1 tool, cursor in p2 → out \(none: end\), \d+ ms$/), 'relist: + mcp__fake__d (d)', 'relist: - mcp__fake__b (b)', 'relist: ~ mcp__fake__c: description', 'relist: withheld mcp__fake__c (/trust mcp__fake__c accepts it)']));
    expect(hub.inspect.detail('fake')!.listing.map((p) => p.index)).toEqual([1, 2]);
  });

  it('details one server: era decision, capabilities, instructions, pages, dropped tools, log file, restarts, circuit', async () => {
    const {hub} = started([nodeServer('notes', 'notes.mjs'), chaos('bad', 'malformed_tools'), chaos('crashy', 'ok')], {logDir: tempDir()});
    await hub.start();
    const notes = hub.inspect.detail('notes')!;
    expect(notes).toMatchObject({status: {state: 'online', era: 'modern'}, capabilities: {resources: {subscribe: true}}, instructions: expect.stringContaining('Team notes'), circuit: {state: 'closed', threshold: 3}, restarts: []});
    expect(notes.eraDecision).toBeTruthy();
    expect(notes.listing.map((p) => [p.index, p.count])).toEqual([[1, 2], [2, 1]]);
    expect(notes.logFile).toMatch(/notes\.log$/);
    expect(hub.inspect.detail('bad')!.droppedTools.length).toBeGreaterThan(2);
    await hub.call('mcp__crashy__die', {code: 3});
    await waitFor(() => hub.statuses().find((s) => s.alias === 'crashy')?.state === 'online' && hub.inspect.detail('crashy')!.restarts.length === 1, 'a restart');
    expect(hub.inspect.detail('crashy')!.restarts[0]).toMatchObject({attempt: 1, reason: expect.stringContaining('code 3')});
    expect(hub.inspect.detail('nope')).toBeUndefined();
    const r = await hub.call('mcp__crashy__echo', {text: 'back'});
    expect(textOf(r)).toContain('back');
  });
});

/** A legacy server in memory listing `tools` two per page, never announcing changes. */
function pagedFake() {
  const state = {
    tools: [{name: 'a', inputSchema: {type: 'object'}}, {name: 'b', inputSchema: {type: 'object'}}, {name: 'c', inputSchema: {type: 'object'}}] as Array<Record<string, unknown>>,
    transport(): MemoryTransport {
      const [client, server] = MemoryTransport.pair();
      server.onmessage = (m: any) => {
        const reply = (result: unknown) => void server.send({jsonrpc: '2.0', id: m.id, result});
        if (m.method === 'server/discover') return void server.send({jsonrpc: '2.0', id: m.id, error: {code: -32601, message: 'no'}});
        if (m.method === 'initialize') return reply({protocolVersion: '2025-11-25', capabilities: {tools: {}}, serverInfo: {name: 'fake'}});
        if (m.method === 'tools/list') return reply(m.params?.cursor === 'p2' ? {tools: state.tools.slice(2)} : {tools: state.tools.slice(0, 2), nextCursor: 'p2'});
      };
      return client;
    },
  };
  return state;
}
