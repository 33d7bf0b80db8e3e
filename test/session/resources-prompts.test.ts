import {resolve} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {McpSession} from '../../src/session/session.js';
import {MemoryTransport} from '../../src/transport/memory.js';
import {StdioTransport} from '../../src/transport/stdio.js';
import {openBundled, ROOT} from '../helpers/servers.js';
import {waitFor} from '../helpers/wait.js';

const open: McpSession[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
const track = (s: McpSession) => (open.push(s), s);

function everything(): Promise<McpSession> {
  const transport = new StdioTransport({command: process.execPath, args: [resolve(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'], env: {PATH: process.env.PATH ?? ''}, closeGraceMs: 500});
  return McpSession.open(transport, {label: 'everything', clientInfo: {name: 'breakerbox-test', version: '0'}, probeWaitMs: 500});
}

describe('resources and prompts on a modern server (notes)', () => {
  it('lists every note as a resource over several pages, and the template', async () => {
    const notes = track(await openBundled('notes.mjs', {NOTES_RESOURCE_PAGE_SIZE: '3'}));
    const pages: Array<{index: number; count: number}> = [];
    const listing = await notes.resources.list({onPage: (p) => pages.push(p)});
    expect(listing.items.map((r) => r.uri)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'n8'].map((id) => `notes://${id}`).concat('notes://attachments/logo.png'));
    expect(pages.map((p) => [p.index, p.count])).toEqual([[1, 3], [2, 3], [3, 3]]);
    expect((await notes.resources.templates()).items).toEqual([expect.objectContaining({uriTemplate: 'notes://{id}'})]);
  });

  it('reads text and binary resources; an unknown URI is a protocol error', async () => {
    const notes = track(await openBundled('notes.mjs'));
    const [text] = await notes.resources.read('notes://n2');
    expect(text).toMatchObject({uri: 'notes://n2', mimeType: 'text/markdown', text: expect.stringContaining('MCP pagination notes')});
    const [png] = await notes.resources.read('notes://attachments/logo.png');
    expect(png).toMatchObject({mimeType: 'image/png', blob: expect.any(String)});
    await expect(notes.resources.read('notes://n99')).rejects.toMatchObject({code: -32602, message: expect.stringContaining('Resource not found')});
  });

  it('gets a prompt with arguments and completes its arguments', async () => {
    const notes = track(await openBundled('notes.mjs'));
    const {items} = await notes.prompts.list();
    expect(items.map((p) => [p.name, p.arguments?.map((a) => a.name)])).toEqual([['summarize_note', ['id', 'style']]]);
    const got = await notes.prompts.get('summarize_note', {id: 'n2', style: 'detailed'});
    expect(got.messages.map((m) => [m.role, m.content.type])).toEqual([['user', 'text'], ['user', 'resource']]);
    expect((await notes.prompts.complete({type: 'ref/prompt', name: 'summarize_note'}, {name: 'style', value: 'd'})).values).toEqual(['detailed']);
    expect((await notes.prompts.complete({type: 'ref/prompt', name: 'summarize_note'}, {name: 'id', value: 'n'})).values).toHaveLength(8);
    await expect(notes.prompts.get('summarize_note', {})).rejects.toMatchObject({code: -32602});
  });

  it('subscribes through subscriptions/listen and hears the update on that stream', async () => {
    const notes = track(await openBundled('notes.mjs', {NOTES_UPDATE_MS: '50'}));
    const updated: string[] = [];
    const stop = await notes.resources.subscribe('notes://n3', (uri) => updated.push(uri));
    await waitFor(() => updated.length === 1, 'the update');
    expect(updated).toEqual(['notes://n3']);
    stop();
    // A URI the server does not know is left out of its acknowledgement: a clear refusal.
    await expect(notes.resources.subscribe('notes://nope', () => {})).rejects.toThrow(/declined the subscription to notes:\/\/nope/);
  });

  it('sends the chosen log level in _meta and receives the entries it allows', async () => {
    const notes = track(await openBundled('notes.mjs'));
    const logs: unknown[] = [];
    notes.onNotification((method, params) => method === 'notifications/message' && logs.push(params));
    await notes.resources.read('notes://n1');
    expect(logs).toEqual([]);
    await notes.setLogLevel('debug');
    await notes.resources.read('notes://n1');
    await waitFor(() => logs.length === 2, 'two log entries');
    expect(logs.map((l: any) => l.level)).toEqual(['debug', 'info']);
  });
});

describe('resources and prompts on a legacy server (server-everything)', () => {
  it('lists resources, templates and prompts, reads one, gets a prompt with arguments, completes', async () => {
    const s = track(await everything());
    expect(s.era).toBe('legacy');
    const resources = await s.resources.list();
    expect(resources.items.map((r) => r.uri)).toContain('demo://resource/static/document/architecture.md');
    const templates = await s.resources.templates();
    expect(templates.items.map((t) => t.uriTemplate)).toEqual(expect.arrayContaining(['demo://resource/dynamic/text/{resourceId}', 'demo://resource/dynamic/blob/{resourceId}']));
    const [doc] = await s.resources.read('demo://resource/static/document/architecture.md');
    expect(doc.text).toBeTruthy();
    const [blob] = await s.resources.read('demo://resource/dynamic/blob/3');
    expect(blob.blob).toBeTruthy();
    const prompts = await s.prompts.list();
    expect(prompts.items.map((p) => p.name)).toEqual(expect.arrayContaining(['simple-prompt', 'args-prompt', 'completable-prompt']));
    const args = await s.prompts.get('args-prompt', {city: 'Lisbon'});
    expect(args.messages[0]!.content).toMatchObject({type: 'text', text: expect.stringContaining('Lisbon')});
    const ref = {type: 'ref/prompt' as const, name: 'completable-prompt'};
    expect((await s.prompts.complete(ref, {name: 'department', value: 'E'})).values).toEqual(['Engineering']);
    expect((await s.prompts.complete(ref, {name: 'name', value: ''}, {department: 'Sales'})).values).toEqual(['David', 'Eve', 'Frank']);
  });

  it('subscribes with resources/subscribe and hears notifications/resources/updated', async () => {
    const s = track(await everything());
    const updated: string[] = [];
    const uri = 'demo://resource/static/document/features.md';
    await s.resources.subscribe(uri, (u) => updated.push(u));
    await s.callTool('toggle-subscriber-updates', {});
    await waitFor(() => updated.length > 0, 'an update');
    expect(updated[0]).toBe(uri);
  });

  it('sets the log level with logging/setLevel', async () => {
    const s = track(await everything());
    const logs: Array<{level: string}> = [];
    s.onNotification((method, params) => method === 'notifications/message' && logs.push(params as {level: string}));
    await s.setLogLevel('debug');
    await s.callTool('toggle-simulated-logging', {});
    await waitFor(() => logs.length > 0, 'a log entry');
    expect(s.logLevel).toBe('debug');
  });
});

describe('guards', () => {
  it('a server without the capability is told so before anything is sent', async () => {
    const s = track(await openBundled('tickets.mjs'));
    await expect(s.resources.list()).rejects.toMatchObject({code: 'capability', message: 'tickets does not offer resources (its capabilities have no "resources")'});
    await expect(s.prompts.list()).rejects.toMatchObject({code: 'capability'});
    await expect(s.prompts.complete({type: 'ref/prompt', name: 'x'}, {name: 'a', value: ''})).rejects.toMatchObject({code: 'capability'});
  });

  it('resource pagination has the same guards as tools: repeated cursor, page cap, malformed entries', async () => {
    const looping = await fake((m) => (m.method === 'resources/list' ? {resources: [{uri: 'a://1', name: '1'}], nextCursor: 'same'} : undefined));
    await expect(looping.resources.list()).rejects.toThrow(/fake: resources\/list page 2 returned cursor "same" again/);
    let n = 0;
    const endless = await fake((m) => (m.method === 'prompts/list' ? {prompts: [], nextCursor: `c${n++}`} : undefined));
    await expect(endless.prompts.list({pageLimit: 5})).rejects.toThrow(/prompts\/list did not end after 5 pages/);
    const messy = await fake((m) =>
      m.method === 'resources/list' ? {resources: [{name: 'no uri'}, {uri: 'a://1'}, {uri: 'a://1'}, 'junk', {uri: 'a://2', title: 7}]} : m.method === 'prompts/list' ? {prompts: [{name: 'p', arguments: [{name: 'x'}, {name: 'x'}]}, {name: 'q', arguments: 'no'}, {name: 'ok'}]} : undefined,
    );
    const r = await messy.resources.list();
    expect(r.items.map((x) => x.uri)).toEqual(['a://1']);
    expect(r.dropped.map((d) => d.reason)).toEqual(['no uri', 'duplicate uri (the first one is kept)', 'not an object', 'title is not a string']);
    const p = await messy.prompts.list();
    expect(p.items.map((x) => x.name)).toEqual(['ok']);
    expect(p.dropped.map((d) => d.reason)).toEqual(['argument "x" is listed twice', 'arguments is not an array']);
  });

  it('a read whose contents are malformed is a protocol violation naming the part', async () => {
    const s = await fake((m) => (m.method === 'resources/read' ? {contents: [{uri: 'a://1', text: 'ok'}, {uri: 'a://1'}]} : undefined));
    await expect(s.resources.read('a://1')).rejects.toThrow('resources/read a://1: contents[1] has neither text nor blob');
  });

  it('a modern read may need input first (MRTR): the answer goes back with the retry', async () => {
    const seen: any[] = [];
    const s = await fake((m) => {
      if (m.method !== 'resources/read') return undefined;
      seen.push(m.params);
      return m.params.inputResponses ? {resultType: 'complete', contents: [{uri: 'a://1', text: `root ${m.params.inputResponses.r.roots[0].uri}`}]} : {resultType: 'input_required', inputRequests: {r: {method: 'roots/list'}}, requestState: 'st'};
    }, 'modern', {roots: () => [{uri: 'file:///w'}]});
    expect((await s.resources.read('a://1'))[0]!.text).toBe('root file:///w');
    expect(seen[1]).toMatchObject({uri: 'a://1', requestState: 'st'});
  });
});

/** A server in memory that declares everything and answers with `answer(message)`. */
async function fake(answer: (m: any) => Record<string, unknown> | undefined, era: 'legacy' | 'modern' = 'legacy', features = {}): Promise<McpSession> {
  const [client, server] = MemoryTransport.pair();
  const capabilities = {resources: {subscribe: true}, prompts: {}, completions: {}};
  server.onmessage = (m: any) => {
    if (m.method === 'server/discover') {
      return void server.send(era === 'modern' ? {jsonrpc: '2.0', id: m.id, result: {supportedVersions: ['2026-07-28'], capabilities}} : {jsonrpc: '2.0', id: m.id, error: {code: -32601, message: 'nope'}});
    }
    if (m.method === 'initialize') return void server.send({jsonrpc: '2.0', id: m.id, result: {protocolVersion: '2025-11-25', capabilities, serverInfo: {name: 'fake'}}});
    const result = m.id !== undefined ? answer(m) : undefined;
    if (result) void server.send({jsonrpc: '2.0', id: m.id, result});
  };
  return track(await McpSession.open(client, {label: 'fake', clientInfo: {name: 't'}, probeWaitMs: 100, features}));
}
