import {describe, expect, it} from 'vitest';
import {Connection} from '../../src/connection/connection.js';
import {ServerExitedError} from '../../src/connection/errors.js';
import {StdioTransport} from '../../src/transport/stdio.js';
import {waitFor} from '../helpers/wait.js';

const env = {PATH: process.env.PATH ?? ''};
const node = (code: string, extra: Partial<ConstructorParameters<typeof StdioTransport>[0]> = {}) =>
  new StdioTransport({command: process.execPath, args: ['-e', code], env, closeGraceMs: 300, ...extra});

/** Echoes every request back as a result; exits when stdin ends. */
const ECHO = `
const rl = require('readline').createInterface({input: process.stdin});
rl.on('line', (l) => { const m = JSON.parse(l); if (m.id !== undefined) process.stdout.write(JSON.stringify({jsonrpc:'2.0', id:m.id, result:{echo:m.params}})+'\\n'); });
rl.on('close', () => process.exit(0));`;

describe('StdioTransport', () => {
  it('round-trips messages with a real process', async () => {
    const t = node(ECHO);
    const conn = new Connection(t);
    await t.start();
    expect(await conn.request('x', {n: 'é🚀'})).toEqual({echo: {n: 'é🚀'}});
    await t.close();
  });

  it('sends the messages of one tick in one write, whole and in order', async () => {
    const t = node(ECHO);
    const conn = new Connection(t);
    await t.start();
    // Count the stream's writes to the pipe: one per message without corking.
    const stdin = (t as unknown as {child: {stdin: {_write: Function; _writev: Function}}}).child.stdin;
    let writes = 0;
    for (const key of ['_write', '_writev'] as const) {
      const original = stdin[key];
      stdin[key] = function (this: unknown, ...args: unknown[]) {
        writes++;
        return original.apply(this, args);
      };
    }
    const burst = await Promise.all(Array.from({length: 200}, (_, n) => conn.request('x', {n})));
    expect(burst.map((r) => (r.echo as {n: number}).n)).toEqual(Array.from({length: 200}, (_, n) => n));
    expect(writes).toBe(1);
    // The next tick's message goes out on its own.
    expect(await conn.request('x', {n: 200})).toEqual({echo: {n: 200}});
    expect(writes).toBe(2);
    await t.close();
  });

  it('sends a burst of more than 16 KB in writes of about 16 KB each, whole and in order', async () => {
    const t = node(ECHO);
    const conn = new Connection(t);
    await t.start();
    // One write of the whole burst went out asynchronously (the pipe would not take it at
    // once) and held every call of the burst alive longer (BENCHMARKS.md §11).
    const stdin = (t as unknown as {child: {stdin: {_write: Function; _writev: Function}}}).child.stdin;
    const sizes: number[] = [];
    for (const key of ['_write', '_writev'] as const) {
      const original = stdin[key];
      stdin[key] = function (this: unknown, ...args: unknown[]) {
        const chunks = key === '_write' ? [args[0]] : (args[0] as Array<{chunk: unknown}>).map((c) => c.chunk);
        sizes.push(chunks.reduce((n: number, c) => n + String(c).length, 0));
        return original.apply(this, args);
      };
    }
    const pad = 'p'.repeat(1000);
    const burst = await Promise.all(Array.from({length: 100}, (_, n) => conn.request('x', {n, pad})));
    expect(burst.map((r) => (r.echo as {n: number}).n)).toEqual(Array.from({length: 100}, (_, n) => n));
    expect(sizes.length).toBeGreaterThan(5);
    for (const size of sizes) expect(size).toBeLessThan(16 * 1024 + 1100);
    await t.close();
  });

  it('reports a missing command as an exit with a reason, without throwing', async () => {
    const t = new StdioTransport({command: 'definitely-not-a-command-xyz', env});
    let exit: any;
    t.onclose = (e) => (exit = e);
    await t.start();
    await waitFor(() => exit);
    expect(exit.error).toContain('ENOENT');
    await expect(t.send({})).rejects.toThrow('not running');
  });

  it('rejects pending requests at once when the process exits, with code and stderr', async () => {
    const t = node(`process.stderr.write('boom: disk full\\n'); process.stdin.once('data', () => setTimeout(() => process.exit(7), 50));`);
    const conn = new Connection(t, 30_000);
    await t.start();
    const started = Date.now();
    const err = await conn.request('tools/call', {}).catch((e) => e);
    expect(err).toBeInstanceOf(ServerExitedError);
    expect(err.exit.code).toBe(7);
    expect(err.message).toContain('boom: disk full');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('drains a stderr flood into a bounded tail and keeps answering', async () => {
    const t = node(`process.stderr.write('x'.repeat(8*1024*1024) + '\\nlast line\\n');` + ECHO);
    const conn = new Connection(t);
    let told = 0;
    t.ondiagnostic = (text) => (told += text.length);
    await t.start();
    expect(await conn.request('x', {})).toEqual({echo: {}});
    await waitFor(() => t.stderr.total > 8 * 1024 * 1024);
    expect(t.stderr.text().length).toBeLessThanOrEqual(64 * 1024);
    // What the hub reads, through the Transport interface.
    expect(t.kind).toBe('stdio');
    expect(t.diagnosticsTail(1)).toEqual(['last line']);
    expect(told).toBe(t.stderr.total);
    await t.close();
  });

  it('records non-JSON stdout lines as noise and reads on', async () => {
    const t = node(`console.log('starting up...'); console.log('{"jsonrpc":"2.0","method":"hi"}');`);
    const conn = new Connection(t);
    const seen: string[] = [];
    conn.onNotification((m) => seen.push(m));
    await t.start();
    await waitFor(() => seen.length === 1);
    expect(conn.stats.noise).toBe(1);
    expect(conn.stats.recentNoise[0]).toContain('starting up');
    await t.close();
  });

  it('closes a server that ignores stdin: SIGTERM, then SIGKILL', async () => {
    const t = node(`process.on('SIGTERM', () => {}); setInterval(() => {}, 1000); process.stderr.write('ready\\n');`);
    let exit: any;
    t.onclose = (e) => (exit = e);
    await t.start();
    // Under load node may still be booting; a SIGTERM before its handler exists would end it.
    await waitFor(() => t.stderr.text().includes('ready'));
    const pid = t.pid!;
    await t.close();
    expect(exit.signal).toBe('SIGKILL');
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it('passes only the environment it is given, plus its cleanup tag', async () => {
    process.env.BB_FAKE_SECRET = 'sk-should-not-leak';
    const t = node(`process.stdout.write(JSON.stringify({jsonrpc:'2.0', method:'env', params: {keys: Object.keys(process.env)}})+'\\n')`, {env: {PATH: env.PATH, ONLY: '1'}});
    const conn = new Connection(t);
    let keys: string[] = [];
    conn.onNotification((_m, p) => (keys = p!.keys as string[]));
    await t.start();
    await waitFor(() => keys.length);
    expect(keys.sort()).toEqual(['BREAKERBOX_SERVER_ID', 'ONLY', 'PATH']);
    delete process.env.BB_FAKE_SECRET;
  });
});
