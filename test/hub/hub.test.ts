import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import type {Hub} from '../../src/hub/hub.js';
import {chaos, nodeServer, tempDir, testHub, textOf} from '../helpers/hub.js';
import {waitFor} from '../helpers/wait.js';

const hubs: Hub[] = [];
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((h) => h.close()));
});
function make(...args: Parameters<typeof testHub>) {
  const made = testHub(...args);
  hubs.push(made.hub);
  return made;
}
const bundled = () => [nodeServer('notes', 'notes.mjs'), nodeServer('tickets', 'tickets.mjs')];

describe('the hub with the bundled servers', () => {
  it('has all notes and tickets tools, both search tools under their own prefixes', async () => {
    const {hub} = make(bundled());
    await hub.start();
    const names = hub.catalog.entries.map((e) => e.name);
    expect(names.slice(0, 3)).toEqual(['mcp__notes__search', 'mcp__notes__read_note', 'mcp__notes__list_recent']);
    expect(names).toContain('mcp__tickets__search');
    expect(hub.catalog.byName.get('mcp__tickets__search')).toMatchObject({alias: 'tickets', tool: 'search'});
    expect(hub.catalog.entries.find((e) => e.name === 'mcp__notes__search')!.description).toMatch(/^\[from notes\] /);
  });

  it('routes each search to its own server with the original name', async () => {
    const {hub} = make(bundled());
    await hub.start();
    const notes = await hub.call('mcp__notes__search', {query: 'pagination'});
    const tickets = await hub.call('mcp__tickets__search', {query: 'login'});
    expect(textOf(notes)).toMatch(/^notes\/search received "search"/);
    expect(textOf(tickets)).toMatch(/^tickets\/search received "search"/);
    expect([notes.alias, notes.tool, tickets.alias, tickets.tool]).toEqual(['notes', 'search', 'tickets', 'search']);
  });

  it('gives the same names in the same order whatever order servers finish in', async () => {
    const slowNotes = nodeServer('notes', 'notes.mjs', {NOTES_DISCOVER_DELAY_MS: '700'});
    const a = make([slowNotes, nodeServer('tickets', 'tickets.mjs')]).hub;
    const b = make(bundled()).hub;
    await Promise.all([a.start(), b.start()]);
    expect(a.catalog.entries.map((e) => e.name)).toEqual(b.catalog.entries.map((e) => e.name));
  });

  it('shows stderr in the trace, and a reconnect as starting → online', async () => {
    const {hub, events} = make(bundled(), {trace: true});
    await hub.start();
    await waitFor(() => events.some((e) => e.type === 'trace/recorded' && e.alias === 'notes' && e.entry.kind === 'stderr' && e.entry.summary.includes('notes-server ready')));
    const before = events.length;
    expect(await hub.reconnect('tickets')).toBe(true);
    const lifecycle = events.slice(before).flatMap((e) => (e.type.startsWith('server/') && 'alias' in e && e.alias === 'tickets' && e.type !== 'server/page-listed' ? [e.type] : []));
    expect(lifecycle).toEqual(['server/starting', 'server/online']);
  });

  it('writes each server\'s stderr to its own log file', async () => {
    const logDir = tempDir();
    const {hub} = make(bundled(), {logDir});
    await hub.start();
    await waitFor(() => existsSync(join(logDir, 'notes.log')) && readFileSync(join(logDir, 'notes.log'), 'utf8').includes('notes-server ready'));
  });
});

describe('failure isolation', () => {
  it('records spawn, handshake-exit and hang failures with phase and reason while the others serve', async () => {
    const {hub} = make([
      ...bundled(),
      {alias: 'ghost', command: 'no-such-command-bb', args: [], env: {PATH: process.env.PATH ?? ''}, startupTimeoutMs: 5_000, callTimeoutMs: 5_000},
      chaos('quitter', 'exit_in_handshake'),
      chaos('sleeper', 'silent', {}, {startupTimeoutMs: 1_500}),
    ]);
    await hub.start();
    const byAlias = Object.fromEntries(hub.statuses().map((s) => [s.alias, s]));
    expect(byAlias.notes!.state).toBe('online');
    expect(byAlias.tickets!.state).toBe('online');
    expect(byAlias.ghost).toMatchObject({state: 'offline', phase: 'spawn'});
    expect(byAlias.ghost!.reason).toContain('ENOENT');
    expect(byAlias.quitter).toMatchObject({state: 'offline', phase: 'handshake'});
    expect(byAlias.quitter!.reason).toMatch(/exited with code 2/);
    expect(byAlias.sleeper).toMatchObject({state: 'offline', phase: 'handshake'});
    expect(byAlias.sleeper!.reason).toMatch(/no answer .* no sign of life .* for 1500 ms/);
    expect(hub.unavailable().join('\n')).toMatch(/ghost is unavailable: spawn failed: .*ENOENT/);
    const offline = await hub.call('mcp__ghost__anything', {});
    expect(offline.isError).toBe(true);
    expect(textOf(offline)).toMatch(/the server ghost is unavailable/);
    expect(textOf(await hub.call('mcp__notes__search', {query: 'runbook'}))).toContain('notes/search received');
  });

  it('an unknown tool name is an isError result, never a throw', async () => {
    const {hub} = make(bundled());
    await hub.start();
    const r = await hub.call('mcp__nobody__nothing', {});
    expect(r).toMatchObject({isError: true, failure: 'unknown-tool'});
    expect(textOf(r)).toBe('there is no tool named mcp__nobody__nothing');
  });

  it('a bare tool name gets the model names it may have meant', async () => {
    const {hub} = make(bundled());
    await hub.start();
    const r = await hub.call('search', {query: 'x'});
    expect(r).toMatchObject({isError: true, failure: 'unknown-tool'});
    expect(textOf(r)).toBe('there is no tool named search; did you mean mcp__notes__search or mcp__tickets__search?');
  });

  it('arguments that are not JSON (a model\'s cut-off text) are called that, not "not an object"', async () => {
    const {hub} = make(bundled());
    await hub.start();
    expect(textOf(await hub.call('mcp__notes__search', '{"query": "pag'))).toBe('mcp__notes__search: the arguments are not valid JSON ("{\\"query\\": \\"pag"); send one JSON object');
    expect(textOf(await hub.call('mcp__notes__search', [1]))).toBe('mcp__notes__search: arguments must be a JSON object, not an array');
  });

  it('a timeout is an isError result and the server receives notifications/cancelled', async () => {
    const dir = tempDir();
    const log = join(dir, 'cancel.log');
    const {hub} = make([chaos('c', 'ok', {CHAOS_LOG_FILE: log}, {toolTimeouts: {hang: 300}})]);
    await hub.start();
    const r = await hub.call('mcp__c__hang', {});
    expect(r).toMatchObject({isError: true, failure: 'timeout'});
    expect(textOf(r)).toMatch(/c\/hang timed out after 300 ms/);
    await waitFor(() => existsSync(log) && readFileSync(log, 'utf8').includes('cancelled'));
  });

  it('a JSON-RPC error is an isError result flagged as a protocol error', async () => {
    const {hub} = make(bundled());
    await hub.start();
    // Notes rejects a call without its required argument at the protocol level or as a tool error; force a protocol error
    // by asking the server for a tool it does not have through a stale table entry.
    const entry = hub.catalog.byName.get('mcp__notes__search')!;
    (entry as {tool: string}).tool = 'no_such_tool';
    const r = await hub.call('mcp__notes__search', {query: 'x'});
    expect(r.isError).toBe(true);
    expect(r.protocolError?.code).toBe(-32602);
    expect(textOf(r)).toMatch(/^protocol error -32602: /);
  });

  it('a server killed mid-call: isError at once, then restarted with the same names', async () => {
    const {hub} = make([chaos('c', 'ok'), ...bundled()]);
    await hub.start();
    const before = hub.catalog.entries.map((e) => e.name);
    const started = Date.now();
    const r = await hub.call('mcp__c__die', {});
    const elapsed = Date.now() - started;
    expect(r).toMatchObject({isError: true, failure: 'exited'});
    expect(textOf(r)).toMatch(/the server c stopped during the call to die: server exited with code 3/);
    expect(elapsed).toBeLessThan(5_000); // the call timeout is 20 s: it did not wait for it
    await waitFor(() => hub.statuses()[0]!.state === 'online' && hub.catalog.byName.has('mcp__c__echo'), 'restart');
    expect(hub.catalog.entries.map((e) => e.name)).toEqual(before);
    expect(textOf(await hub.call('mcp__c__echo', {text: 'back'}))).toContain('back');
  });

  it('a call to a tool of a server that went down names the tool and the reason, after its tools left the table', async () => {
    const {hub} = make([chaos('c', 'ok'), ...bundled()], {restart: {baseMs: 100, maxMs: 1_000, maxTries: 0, stableMs: 30_000}});
    await hub.start();
    await hub.call('mcp__c__die', {});
    await waitFor(() => hub.statuses()[0]!.state === 'offline' && !hub.catalog.byName.has('mcp__c__echo'), 'offline');
    const r = await hub.call('mcp__c__echo', {text: 'x'});
    expect(r).toMatchObject({isError: true, failure: 'offline', alias: 'c', tool: 'echo'});
    expect(textOf(r)).toMatch(/^the server c is unavailable: exit failed: .*gave up after 0 restarts/);
    // A server that never came up has no entries to remember: its prefix still finds it, without a tool.
    expect(await hub.call('mcp__notes__nothing', {})).toMatchObject({failure: 'unknown-tool'});
  });

  it('an externally killed server fails its in-flight call within 100 ms of the exit', async () => {
    const {hub} = make([chaos('c', 'ok')]);
    await hub.start();
    const call = hub.call('mcp__c__hang', {});
    const pid = await waitFor(() => (hub as any).byAlias.get('c').session?.connection.transport.pid as number);
    let exitedAt = 0;
    (hub as any).byAlias.get('c').session.connection.transport.child.once('exit', () => (exitedAt = performance.now()));
    process.kill(pid, 'SIGKILL');
    const r = await call;
    const resolvedAt = performance.now();
    expect(r.failure).toBe('exited');
    expect(resolvedAt - exitedAt).toBeLessThan(100);
  });

  it('opens the circuit after 3 timeouts in a row and fails fast', async () => {
    const {hub} = make([chaos('c', 'ok', {}, {toolTimeouts: {hang: 100}})], {circuit: {threshold: 3, cooldownMs: 60_000}});
    await hub.start();
    for (let i = 0; i < 3; i++) expect((await hub.call('mcp__c__hang', {})).failure).toBe('timeout');
    const r = await hub.call('mcp__c__echo', {text: 'x'});
    expect(r).toMatchObject({isError: true, failure: 'circuit-open'});
    expect(textOf(r)).toMatch(/calls are paused for \d+ s/);
  });

  it('opens the circuit after 3 calls in a row crashed the server, though each crash was restarted', async () => {
    const {hub} = make([chaos('c', 'ok')], {circuit: {threshold: 3, cooldownMs: 60_000}, restart: {baseMs: 10, maxMs: 10, maxTries: 10, stableMs: 60_000}});
    await hub.start();
    for (let i = 0; i < 3; i++) {
      await waitFor(() => hub.statuses()[0]!.state === 'online' && hub.catalog.byName.has('mcp__c__echo'), 'the server online again');
      expect((await hub.call('mcp__c__die', {})).failure).toBe('exited');
    }
    await waitFor(() => hub.statuses()[0]!.state === 'online' && hub.catalog.byName.has('mcp__c__echo'), 'the third restart');
    const r = await hub.call('mcp__c__echo', {text: 'x'});
    expect(r).toMatchObject({isError: true, failure: 'circuit-open'});
  });

  it('one crash that ends several calls in flight counts once: the circuit stays closed', async () => {
    const {hub} = make([chaos('c', 'ok')], {circuit: {threshold: 3, cooldownMs: 60_000}, restart: {baseMs: 10, maxMs: 10, maxTries: 10, stableMs: 60_000}});
    await hub.start();
    const results = await Promise.all([hub.call('mcp__c__slow', {ms: 5_000}), hub.call('mcp__c__slow', {ms: 5_000}), hub.call('mcp__c__die', {})]);
    expect(results.map((r) => r.failure)).toEqual(['exited', 'exited', 'exited']);
    await waitFor(() => hub.statuses()[0]!.state === 'online' && hub.catalog.byName.has('mcp__c__echo'), 'the restart');
    expect(textOf(await hub.call('mcp__c__echo', {text: 'back'}))).toBe('back');
  });

  it('re-lists one server after tools/list_changed; unchanged tools keep their names', async () => {
    const {hub} = make([chaos('c', 'list_changed'), ...bundled()], {listDebounceMs: 20});
    await hub.start();
    await waitFor(() => hub.catalog.byName.has('mcp__c__added_later'), 'the re-list');
    expect(hub.catalog.byName.has('mcp__c__twice')).toBe(false);
    expect(hub.catalog.byName.get('mcp__notes__search')).toBeTruthy();
  });

  it('a modern server announces list changes on a subscriptions/listen stream, reopened after a restart', async () => {
    const {hub, events} = make([nodeServer('notes', 'notes.mjs', {NOTES_CHANGE_TOOLS_MS: '50'})], {listDebounceMs: 20, trace: true});
    await hub.start();
    await waitFor(() => hub.catalog.byName.has('mcp__notes__count_notes'), 'count_notes after list_changed');
    expect(hub.catalog.entries.slice(0, 3).map((e) => e.name)).toEqual(['mcp__notes__search', 'mcp__notes__read_note', 'mcp__notes__list_recent']);
    const listens = () => events.filter((e) => e.type === 'trace/recorded' && e.entry.summary.includes('subscriptions/listen') && e.entry.direction === 'out').length;
    expect(listens()).toBe(1);
    await hub.reconnect('notes');
    await waitFor(() => listens() === 2, 'a new listen stream after the restart');
  });

  it('validates structuredContent against the outputSchema, and skips isError results', async () => {
    const {hub} = make([chaos('c', 'ok')]);
    await hub.start();
    expect((await hub.call('mcp__c__structured', {valid: true})).isError).toBeFalsy();
    const bad = await hub.call('mcp__c__structured', {valid: false});
    expect(bad).toMatchObject({isError: true, failure: 'invalid-output'});
    expect(textOf(bad)).toMatch(/does not match the outputSchema/);
  });
});
