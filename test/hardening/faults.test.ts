// One test per startup fault of servers/chaos.mjs: the faulty server lands
// offline with a precise phase and reason (or comes up degraded but correct),
// its neighbour keeps serving, nothing escapes to the process, memory stays
// bounded, and no process is left behind (checked by the kit after each test).
import {readdirSync, readFileSync, statSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {tempDir, textOf} from '../helpers/hub.js';
import {waitFor} from '../helpers/wait.js';
import {BASE_TOOLS, connectionOf, expectNeighbourServes, MODEL_NAME, startFault, toolsOf, useFaultKit} from './fault-kit.js';
import {heldBytes, MB, peakRssDuring, tagged} from './helpers.js';

useFaultKit();

describe('startup faults', () => {
  it('spawn_fail: offline with the exit code and its stderr line; a missing command is a spawn failure', async () => {
    const run = await startFault('spawn_fail');
    expect(run.status()).toMatchObject({state: 'offline', phase: 'handshake', toolCount: 0});
    expect(run.status().reason).toMatch(/exited with code 1; stderr: chaos: spawn_fail mode, exiting with status 1/);
    expect(toolsOf(run.hub)).toEqual([]);
    await expectNeighbourServes(run.hub);
    const call = await run.hub.call('mcp__x__echo', {text: 'x'});
    expect(call).toMatchObject({isError: true, failure: 'offline'});
    expect(textOf(call)).toMatch(/the server x is unavailable: handshake failed: server exited with code 1/);

    const ghost = await startFault('ok', {}, {command: 'bb-no-such-command', args: []});
    expect(ghost.status()).toMatchObject({state: 'offline', phase: 'spawn'});
    expect(ghost.status().reason).toMatch(/spawn bb-no-such-command ENOENT \(command not found/);
  });

  it.each(['legacy', 'modern'])('exit_in_handshake (%s): offline in the handshake phase with the reason from stderr', async (era) => {
    const run = await startFault('exit_in_handshake', {CHAOS_ERA: era});
    expect(run.status()).toMatchObject({state: 'offline', phase: 'handshake'});
    expect(run.status().reason).toMatch(/exited with code 2; stderr: .*cannot open \/var\/lib\/chaos\/state\.db \(simulated\)/);
    expect(run.hub.unavailable().join('\n')).toMatch(/x is unavailable: handshake failed/);
    await expectNeighbourServes(run.hub);
  });

  it('silent: offline at startupTimeoutMs, not later, and the silent process is ended', async () => {
    const run = await startFault('silent', {}, {startupTimeoutMs: 1_500});
    expect(run.status()).toMatchObject({state: 'offline', phase: 'handshake'});
    expect(run.status().reason).toMatch(/no answer to server\/discover or initialize: no sign of life \(stderr output, CPU use\) for 1500 ms \(startupTimeoutMs\)/);
    expect(run.startMs).toBeGreaterThanOrEqual(1_400);
    expect(run.startMs).toBeLessThan(1_500 + 5_000);
    await expectNeighbourServes(run.hub);
    // Closing the hub is not needed for the silent server to go: startup failure ends it.
    await waitFor(() => tagged(run.tag).length === 1, 'the silent server to be ended');
  });

  it('slow_discover: a slow modern server is still taken as modern, not mistaken for legacy', async () => {
    const run = await startFault('slow_discover', {CHAOS_DELAY_MS: '1500'});
    expect(run.status()).toMatchObject({state: 'online', era: 'modern', toolCount: BASE_TOOLS.length});
    expect(textOf(await run.hub.call('mcp__x__echo', {text: 'late but fine'}))).toBe('late but fine');
    await expectNeighbourServes(run.hub);
  });

  it('slow_discover beyond startupTimeoutMs: offline with the timeout as reason', async () => {
    const run = await startFault('slow_discover', {CHAOS_DELAY_MS: '30000'}, {startupTimeoutMs: 1_200});
    expect(run.status()).toMatchObject({state: 'offline', phase: 'handshake'});
    expect(run.status().reason).toMatch(/for 1200 ms \(startupTimeoutMs\)/);
    expect(run.startMs).toBeLessThan(1_200 + 5_000);
    await expectNeighbourServes(run.hub);
  });

  it('noise: junk lines are counted and skipped, split and CRLF messages arrive intact', async () => {
    const run = await startFault('noise');
    expect(run.status()).toMatchObject({state: 'online', toolCount: BASE_TOOLS.length});
    const text = 'naïve café ☕ 工具 🚀';
    for (let i = 0; i < 5; i++) expect(textOf(await run.hub.call('mcp__x__echo', {text: `${text} ${i}`}))).toBe(`${text} ${i}`);
    const stats = connectionOf(run.hub)!.stats;
    expect(stats.noise).toBeGreaterThan(3);
    expect(stats.recentNoise.join('\n')).toMatch(/not JSON: this line is not JSON/);
    expect(stats.recentNoise.join('\n')).toMatch(/not a JSON object: /); // [1,2,3] and null
    expect(stats.recentNoise.length).toBeLessThanOrEqual(20);
    expect(run.status().instructions).toContain('Naïve café ☕ ünïcödé.');
    await expectNeighbourServes(run.hub);
  });

  it('huge_line: a 20 MB notification is handled without keeping copies of it', async () => {
    const before = heldBytes();
    // The subject is memory, not time: a busy machine (or a newer Node) may take longer than the kit's 5 s to read 20 MB.
    const {value: run, peakRssDelta} = await peakRssDuring(() => startFault('huge_line', {}, {startupTimeoutMs: 60_000}));
    expect(run.status()).toMatchObject({state: 'online', toolCount: BASE_TOOLS.length});
    await expectNeighbourServes(run.hub);
    // Reading it costs a few transient copies (chunks, joined bytes, string, parsed
    // value); several more would mean the reader copies per chunk.
    expect(peakRssDelta).toBeLessThan(200 * MB);
    // Nothing of it stays once read.
    expect(heldBytes() - before).toBeLessThan(15 * MB);
    expect(connectionOf(run.hub)!.stats.noise).toBe(0);
  });

  it('stderr_flood: 50 MB of stderr is drained into a bounded tail and capped log files', async () => {
    const logDir = tempDir('bb-flood-');
    const before = heldBytes();
    const run = await startFault('stderr_flood', {}, {}, {logDir});
    expect(run.status()).toMatchObject({state: 'online', toolCount: BASE_TOOLS.length});
    expect(textOf(await run.hub.call('mcp__x__echo', {text: 'after the flood'}))).toBe('after the flood');
    const transport = connectionOf(run.hub)!.transport as unknown as {stderr: {total: number; text(): string}};
    await waitFor(() => transport.stderr.total >= 50 * MB, 'the whole flood to be drained', 30_000);
    expect(transport.stderr.text().length).toBeLessThanOrEqual(64 * 1024);
    expect(heldBytes() - before).toBeLessThan(15 * MB);
    const logs = readdirSync(logDir).filter((f) => f.startsWith('x.log'));
    expect(logs.sort()).toEqual(['x.log', 'x.log.1']);
    for (const f of logs) expect(statSync(join(logDir, f)).size).toBeLessThanOrEqual(1024 * 1024);
    expect(readFileSync(join(logDir, 'x.log'), 'utf8')).toContain('stderr flood');
    await expectNeighbourServes(run.hub);
  });

  it('paginate_same: a cursor that repeats is detected on page 2 and the server goes offline', async () => {
    const run = await startFault('paginate_same');
    expect(run.status()).toMatchObject({state: 'offline', phase: 'list'});
    expect(run.status().reason).toMatch(/x: tools\/list page 2 returned cursor "c2FtZS1jdXJzb3I=" again; the server's pagination loops/);
    expect(toolsOf(run.hub)).toEqual([]);
    await expectNeighbourServes(run.hub);
  });

  it('paginate_forever: listing stops after 100 pages with the reason', async () => {
    const run = await startFault('paginate_forever');
    expect(run.status()).toMatchObject({state: 'offline', phase: 'list'});
    expect(run.status().reason).toMatch(/tools\/list did not end after 100 pages \(page 101 would follow cursor "[^"]+"\); giving up/);
    await expectNeighbourServes(run.hub);
  });

  it('empty_page: an empty first page with a cursor is not the end', async () => {
    const run = await startFault('empty_page');
    expect(run.status()).toMatchObject({state: 'online', pages: 2, toolCount: BASE_TOOLS.length});
    expect(toolsOf(run.hub)).toEqual(BASE_TOOLS);
    await expectNeighbourServes(run.hub);
  });

  it('empty_cursor: nextCursor "" is a cursor, sent back verbatim', async () => {
    const run = await startFault('empty_cursor');
    expect(run.status()).toMatchObject({state: 'online', pages: 2, toolCount: BASE_TOOLS.length});
    expect(toolsOf(run.hub)).toEqual(BASE_TOOLS);
    await expectNeighbourServes(run.hub);
  });

  it('malformed_tools: unusable entries are dropped with reasons, the rest get valid, unique model names', async () => {
    const run = await startFault('malformed_tools');
    expect(run.status().state).toBe('online');
    const dropped = run.events.flatMap((e) => (e.type === 'server/tools-dropped' && e.alias === 'x' ? e.dropped : []));
    expect(dropped.map((d) => [d.name ?? null, d.reason])).toEqual([
      [null, 'no name'],
      ['schema_is_string', 'inputSchema is not an object'],
      ['no_schema', 'inputSchema is not an object'],
      ['dup', 'duplicate name (the first one is kept)'],
      [null, 'no name'],
    ]);
    const entries = run.hub.catalog.entries.filter((e) => e.alias === 'x');
    expect(entries.map((e) => e.tool)).toEqual(['dup', 'has spaces in name', 'café_☕_工具', `long_${'x'.repeat(195)}`, 'dots.and-dashes.v2', 'good_tool']);
    for (const e of entries) expect(e.name).toMatch(MODEL_NAME);
    expect(new Set(run.hub.catalog.entries.map((e) => e.name)).size).toBe(run.hub.catalog.entries.length);
    expect(textOf(await run.hub.call('mcp__x__good_tool', {text: 'sound'}))).toBe('sound');
    // A mangled name still reaches the server under its original name.
    const spaced = entries.find((e) => e.tool === 'has spaces in name')!;
    expect(textOf(await run.hub.call(spaced.name, {}))).toBe('malformed_tools received "has spaces in name"');
    await expectNeighbourServes(run.hub);
  });
});

describe('transport limits', () => {
  it('a line over maxLineBytes is dropped with a reason while the session goes on', async () => {
    const {StdioTransport} = await import('../../src/transport/stdio.js');
    const {McpSession} = await import('../../src/session/session.js');
    const {serverPath} = await import('../helpers/servers.js');
    const transport = new StdioTransport({
      command: process.execPath,
      args: [serverPath('chaos.mjs')],
      env: {PATH: process.env.PATH ?? '', CHAOS_MODE: 'huge_line'},
      maxLineBytes: MB,
      closeGraceMs: 500,
    });
    const before = heldBytes();
    const session = await McpSession.open(transport, {label: 'x', clientInfo: {name: 't', version: '0'}, probeWaitMs: 300});
    try {
      const listing = await session.listAllTools();
      expect(listing.tools.map((t) => t.name)).toEqual(BASE_TOOLS);
      await waitFor(() => session.connection.stats.noise > 0, 'the oversize line to be reported');
      expect(session.connection.stats.recentNoise[0]).toMatch(/^line longer than 1048576 bytes dropped: <\d+ bytes without a newline>/);
      expect(heldBytes() - before).toBeLessThan(5 * MB);
      // A result too large to frame is dropped the same way, and its call fails at once with the size
      // (its id is read from the line's first bytes), not at its timeout.
      const started = Date.now();
      const err = (await session.callTool('big', {bytes: 2 * MB}, {timeoutMs: 60_000}).catch((e: Error) => e)) as Error;
      expect(err).toMatchObject({name: 'ResponseTooLargeError', code: 'too-large', limit: MB});
      expect(err.message).toMatch(/^response too large \(\d+ bytes; limit 1048576\)$/);
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(session.connection.stats.noise).toBe(2);
      expect((await session.callTool('echo', {text: 'still here'})).content).toEqual([{type: 'text', text: 'still here'}]);
    } finally {
      await session.close();
    }
  });
});
