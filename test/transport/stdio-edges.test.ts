// What a real process can do to the framing: lines that start with a BOM, a
// stdout closed while the process lives on, lines over the limit whose id is
// at the start, at the end, or nowhere to be found.
import {describe, expect, it} from 'vitest';
import {Connection} from '../../src/connection/connection.js';
import {ResponseTooLargeError, ServerExitedError} from '../../src/connection/errors.js';
import {StdioTransport} from '../../src/transport/stdio.js';
import {alive} from '../helpers/processes.js';
import {waitFor} from '../helpers/wait.js';

const env = {PATH: process.env.PATH ?? ''};
const node = (code: string, extra: Partial<ConstructorParameters<typeof StdioTransport>[0]> = {}) =>
  new StdioTransport({command: process.execPath, args: ['-e', code], env, closeGraceMs: 300, ...extra});
/** Answers each request with `answer(id)` written as is; exits when stdin ends. */
const answering = (answer: string) => `
const rl = require('readline').createInterface({input: process.stdin});
rl.on('line', (l) => { const m = JSON.parse(l); if (m.id !== undefined) process.stdout.write((${answer})(m.id, m.params) + '\\n'); });
rl.on('close', () => process.exit(0));`;

describe('StdioTransport: lines that start with a UTF-8 BOM', () => {
  it('strips the BOM and reads the message, on every line', async () => {
    const t = node(answering(`(id) => '\\ufeff' + JSON.stringify({jsonrpc: '2.0', id, result: {bom: true}})`));
    const conn = new Connection(t, 10_000);
    await t.start();
    expect(await conn.request('a', {})).toEqual({bom: true});
    expect(await conn.request('b', {})).toEqual({bom: true});
    expect(conn.stats.noise).toBe(0);
    await t.close();
  });
});

describe('StdioTransport: stdout closed while the process runs on', () => {
  it('fails what is pending at once, reports it as the end of the server, and stops the process', async () => {
    const t = node(`process.stdin.once('data', () => { require('fs').closeSync(1); process.stderr.write('stdout closed\\n'); }); setInterval(() => {}, 1000);`);
    const conn = new Connection(t, 60_000);
    let closed: any;
    conn.onClose((exit) => (closed = exit));
    await t.start();
    const pid = t.pid!;
    const started = Date.now();
    const err = await conn.request('tools/call', {}).catch((e) => e);
    expect(err).toBeInstanceOf(ServerExitedError);
    expect(err.message).toMatch(/^server closed its stdout while still running \(it was stopped\)/);
    expect(closed).toMatchObject({stdoutClosed: true, code: null});
    expect(Date.now() - started).toBeLessThan(10_000); // not the 60 s timeout
    await waitFor(() => !alive(pid), 'the process to be stopped');
  });

  it('a process that exits keeps "exited with code N" as its reason', async () => {
    const t = node(`process.stdin.once('data', () => process.exit(4));`);
    const conn = new Connection(t, 60_000);
    await t.start();
    const err = await conn.request('x', {}).catch((e) => e);
    expect(err.message).toBe('server exited with code 4');
  });
});

describe('StdioTransport + Connection: a response over the line limit', () => {
  const LIMIT = 2_000;
  const big = 'y'.repeat(5_000);

  it('with its id first: the request fails at once with the size and the limit', async () => {
    const t = node(answering(`(id) => JSON.stringify({jsonrpc: '2.0', id, result: {text: '${big}'}})`), {maxLineBytes: LIMIT});
    const conn = new Connection(t, 60_000);
    await t.start();
    const started = Date.now();
    const err = await conn.request('tools/call', {}).catch((e) => e);
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    const bytes = JSON.stringify({jsonrpc: '2.0', id: 1, result: {text: big}}).length;
    expect(err.message).toBe(`response too large (${bytes} bytes; limit 2000)`);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await conn.request('tools/call', {}).catch((e) => e.code)).toBe('too-large'); // and the stream reads on
    await t.close();
  });

  it('with its id last (the official TypeScript SDK writes it so): the same', async () => {
    const t = node(answering(`(id) => JSON.stringify({result: {text: '${big}'}, jsonrpc: '2.0', id})`), {maxLineBytes: LIMIT});
    const conn = new Connection(t, 60_000);
    await t.start();
    const err = await conn.request('tools/call', {}).catch((e) => e);
    expect(err.message).toBe(`response too large (${JSON.stringify({result: {text: big}, jsonrpc: '2.0', id: 1}).length} bytes; limit 2000)`);
    await t.close();
  });
});

describe('StdioTransport: backpressure', () => {
  it('writers waiting for a full pipe share one drain wait: no listener warning, and every send resolves', async () => {
    // The server reads nothing until SIGUSR2, so the pipe fills and every later write waits.
    const t = node(`process.stdin.pause(); process.on('SIGUSR2', () => process.stdin.resume()); process.stdin.on('data', () => {}); setInterval(() => {}, 1000);`);
    await t.start();
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    try {
      const big = 'x'.repeat(100_000);
      const sends = Array.from({length: 64}, (_, i) => t.send({jsonrpc: '2.0', method: 'notifications/bulk', params: {i, big}}));
      let settled = 0;
      for (const s of sends) void s.then(() => settled++);
      // Let the event loop run: any per-write listener would have passed Node's limit of 10 by now.
      await new Promise((r) => setImmediate(r));
      // What the pipe took at once is sent (a few 100 kB writes fit in its buffer); the
      // rest, far more than Node's limit of 10 listeners, wait.
      expect(settled).toBeLessThan(sends.length - 20);
      process.kill(t.pid!, 'SIGUSR2');
      await Promise.all(sends);
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await t.close();
    }
  });
});
