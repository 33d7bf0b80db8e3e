// The bundled servers over Streamable HTTP, through the hub as the CLI uses it:
// both eras, pagination, collisions with the same servers over stdio, calls,
// list changes, cancellation, and a server killed mid-call.
import {afterAll, afterEach, describe, expect, it} from 'vitest';
import type {Hub} from '../../src/hub/hub.js';
import type {HubEvent} from '../../src/hub/hub-events.js';
import {resolve} from 'node:path';
import {hubServers} from '../../src/cli/setup.js';
import {loadConfig} from '../../src/config/index.js';
import {nodeServer, testHub, textOf} from '../helpers/hub.js';
import {ROOT} from '../helpers/servers.js';
import {httpServer, killHttpServers, startHttpServer} from '../helpers/http-servers.js';
import {waitFor} from '../helpers/wait.js';

let hub: Hub | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
});
afterAll(() => killHttpServers());

/** The trace shows the server answered the call with an SSE stream: it has the call. */
const callStreamOpen = (events: HubEvent[]) => events.some((e) => e.type === 'trace/recorded' && e.entry.kind === 'http' && /POST tools\/call #\d+ → 200 text\/event-stream/.test(e.entry.summary));
const names = (h: Hub, alias: string) => h.catalog.entries.filter((e) => e.alias === alias).map((e) => e.name);

describe('bundled servers over HTTP', {timeout: 90_000}, () => {
  it('discovers both eras (modern notes over 2 pages, legacy tickets) beside the same servers over stdio, and keeps every name apart', async () => {
    const notes = await startHttpServer('notes.mjs', {NOTES_PAGE_SIZE: '2'});
    const tickets = await startHttpServer('tickets.mjs');
    const {hub: h, events} = testHub([httpServer('notes', notes.url), httpServer('tickets', tickets.url), nodeServer('local', 'notes.mjs'), nodeServer('desk', 'tickets.mjs')], {trace: true});
    hub = h;
    await hub.start();
    // The trace shows each exchange; a legacy one names its session (shortened), a modern one has none.
    const http = (alias: string) => events.flatMap((e) => (e.type === 'trace/recorded' && e.alias === alias && e.entry.kind === 'http' ? [e.entry.summary] : []));
    expect(http('tickets')).toContainEqual(expect.stringMatching(/^POST tools\/list #\d+ → 200 application\/json session [0-9a-f]{8}… \(\d+ ms\)$/));
    expect(http('notes')).toContainEqual(expect.stringMatching(/^POST server\/discover #1 → 200 application\/json \(\d+ ms\)$/));
    expect(http('notes').join('\n')).not.toMatch(/session/);
    const [n, t, local, desk] = hub.statuses();
    expect(n).toMatchObject({state: 'online', era: 'modern', protocolVersion: '2026-07-28', serverName: 'notes-server', toolCount: 3, pages: 2, transport: 'http', url: notes.url});
    expect(t).toMatchObject({state: 'online', era: 'legacy', protocolVersion: '2025-11-25', serverName: 'tickets-server', toolCount: 4, pages: 1, transport: 'http'});
    expect(local).toMatchObject({state: 'online', era: 'modern', transport: 'stdio', toolCount: 3});
    expect(desk).toMatchObject({state: 'online', era: 'legacy', transport: 'stdio', toolCount: 4});
    expect(names(hub, 'notes')).toEqual(['mcp__notes__search', 'mcp__notes__read_note', 'mcp__notes__list_recent']);
    expect(names(hub, 'tickets')).toEqual(['mcp__tickets__search', 'mcp__tickets__create_ticket', 'mcp__tickets__close_ticket', 'mcp__tickets__get_ticket']);
    expect(names(hub, 'local')).toEqual(['mcp__local__search', 'mcp__local__read_note', 'mcp__local__list_recent']);

    // Same tool name on four servers, each call reaches its own server under the original name.
    const remote = await hub.call('mcp__notes__search', {query: 'pagination'});
    const stdio = await hub.call('mcp__local__search', {query: 'pagination'});
    expect(remote.isError).toBeFalsy();
    expect(textOf(remote)).toMatch(/^notes\/search received "search" \(query "pagination"\): 1 match/);
    expect(remote.content).toEqual(stdio.content);
    expect(remote.structuredContent).toEqual(stdio.structuredContent);
    const legacy = await hub.call('mcp__tickets__search', {query: 'login'});
    expect(textOf(legacy)).toMatch(/^tickets\/search received "search" \(query "login"\): 1 match/);
    expect(legacy.content).toEqual((await hub.call('mcp__desk__search', {query: 'login'})).content);
    // A tool error is the tool's answer, as over stdio.
    const bad = await hub.call('mcp__tickets__get_ticket', {id: 'nope'});
    expect(bad.isError, JSON.stringify(bad)).toBe(true);
    expect(bad.failure).toBeUndefined();
    expect(textOf(bad)).toMatch(/No ticket with id "nope"/);
  });

  it('examples/remote.json reaches both bundled servers over HTTP, with its header expanded', async () => {
    const notes = await startHttpServer('notes.mjs');
    const tickets = await startHttpServer('tickets.mjs');
    const env = {NOTES_PORT: String(notes.port), TICKETS_PORT: String(tickets.port)};
    const config = loadConfig(resolve(ROOT, 'examples/remote.json'), env);
    expect(config.servers[1]).toMatchObject({type: 'http', headers: {Authorization: 'Bearer demo-token'}});
    ({hub} = testHub(hubServers(config, env)));
    await hub.start();
    expect(hub.statuses().map((s) => [s.alias, s.state, s.era])).toEqual([['notes', 'online', 'modern'], ['tickets', 'online', 'legacy']]);
  });

  it('follows list changes: modern on a subscriptions/listen stream, legacy on the session GET stream', async () => {
    const notes = await startHttpServer('notes.mjs', {NOTES_CHANGE_TOOLS_MS: '50'});
    const chaos = await startHttpServer('chaos.mjs', {CHAOS_MODE: 'list_changed', CHAOS_ERA: 'legacy'});
    ({hub} = testHub([httpServer('notes', notes.url), httpServer('chaos', chaos.url)], {listDebounceMs: 20}));
    await hub.start();
    await waitFor(() => names(hub!, 'notes').includes('mcp__notes__count_notes'), 'notes count_notes after its list change');
    await waitFor(() => names(hub!, 'chaos').includes('mcp__chaos__added_later'), 'chaos added_later after its list change');
    expect(textOf(await hub.call('mcp__notes__count_notes', {}))).toMatch(/^\d+ notes$/);
    expect(hub.statuses()[1]).toMatchObject({era: 'legacy', transport: 'http'});
  });

  it('answers a legacy server\'s own requests that arrive on the session stream (ping, and sampling it may not have)', async () => {
    const chaos = await startHttpServer('chaos.mjs', {CHAOS_MODE: 'server_request', CHAOS_ERA: 'legacy'});
    ({hub} = testHub([httpServer('chaos', chaos.url)]));
    await hub.start();
    await waitFor(() => /answer 0 result \{\}/.test(chaos.stderr()), 'the answer to ping');
    await waitFor(() => /answer "chaos-sampling-1" error .*-32601/.test(chaos.stderr()), 'the refusal of sampling (not enabled)');
  });

  it.each([
    ['modern', /cancelled (\d+) stream closed/],
    ['legacy', /cancelled \d+ tools\/call was cancelled: user pressed Esc/],
  ])('cancels a %s call the way its era says (modern: close the stream; legacy: notifications/cancelled)', async (era, line) => {
    const server = await startHttpServer('chaos.mjs', {CHAOS_MODE: 'ok', CHAOS_ERA: era});
    const {hub: h, events} = testHub([httpServer('x', server.url)], {trace: true});
    hub = h;
    await hub.start();
    const abort = new AbortController();
    const call = hub.call('mcp__x__hang', {}, {signal: abort.signal});
    await waitFor(() => callStreamOpen(events), 'the call stream to open (the server has the call)');
    abort.abort('user pressed Esc');
    const result = await call;
    expect(result).toMatchObject({isError: true, failure: 'aborted'});
    await waitFor(() => line.exec(server.stderr()), `the server logging the cancellation (${era})`);
    // The server is still fine afterwards.
    expect(textOf(await hub.call('mcp__x__echo', {text: 'still here'}))).toMatch(/still here/);
  });

  it('a server killed mid-call: the call fails at once, the server comes back after a reconnect with the same names', async () => {
    let server = await startHttpServer('chaos.mjs', {CHAOS_MODE: 'ok', CHAOS_ERA: 'modern'});
    const port = server.port;
    const {hub: h, events} = testHub([httpServer('x', server.url, {callTimeoutMs: 60_000})], {trace: true, restart: {baseMs: 100, maxMs: 500, maxTries: 100}});
    hub = h;
    await hub.start();
    const before = names(hub, 'x');
    const call = hub.call('mcp__x__hang', {});
    await waitFor(() => callStreamOpen(events), 'the call stream to open');
    await server.kill();
    const result = await call;
    // Not the 60 s call timeout: the cut stream fails the call, and the hub says why.
    expect(result.isError).toBe(true);
    expect(['unreachable', 'exited']).toContain(result.failure);
    expect(textOf(result)).toMatch(/cut|lost|closed|refused/);
    await waitFor(() => hub!.statuses()[0]!.state === 'restarting', 'restarting');
    server = await startHttpServer('chaos.mjs', {CHAOS_MODE: 'ok', CHAOS_ERA: 'modern'}, port);
    await waitFor(() => hub!.statuses()[0]!.state === 'online', 'online again', 30_000);
    expect(names(hub, 'x')).toEqual(before);
    expect(textOf(await hub.call('mcp__x__echo', {text: 'back'}))).toMatch(/back/);
  });
});
