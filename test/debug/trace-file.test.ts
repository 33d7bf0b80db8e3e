import {mkdirSync, mkdtempSync, readFileSync, rmSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {capMessage, openTraceFile, type TraceFileLine} from '../../src/debug/trace-file.js';
import {exceedsJsonSize} from '../../src/debug/json-size.js';
import {Hub} from '../../src/hub/hub.js';

const ROOT = resolve(import.meta.dirname, '../..');
let dir: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'breakerbox-trace-'));
  env = {XDG_STATE_HOME: dir};
});
afterEach(() => rmSync(dir, {recursive: true, force: true}));

const readLines = (path: string): TraceFileLine[] =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

describe('trace file', () => {
  it('writes one line per message with time, server and direction; 0600 in a 0700 directory', () => {
    mkdirSync(join(dir, 'breakerbox', 'logs'), {recursive: true, mode: 0o755});
    const trace = openTraceFile({env, session: '2026-11-30T04-12-33-ab12', now: () => new Date('2026-11-30T04:12:34.5Z')});
    expect(trace.path).toBe(join(dir, 'breakerbox', 'logs', 'trace-2026-11-30T04-12-33-ab12.jsonl'));
    trace.rawTrace('notes', {direction: 'out', message: {jsonrpc: '2.0', id: 1, method: 'tools/list', params: {}}});
    trace.rawTrace('notes', {direction: 'in', message: {jsonrpc: '2.0', id: 1, result: {tools: []}}});
    trace.rawTrace('tickets', {direction: 'noise', line: 'Content-Length: 12', reason: 'not JSON'});
    trace.close();
    trace.rawTrace('notes', {direction: 'in', message: {jsonrpc: '2.0', method: 'late'}}); // after close: ignored
    expect(readLines(trace.path)).toEqual([
      {t: '2026-11-30T04:12:34.500Z', server: 'notes', dir: 'out', message: {jsonrpc: '2.0', id: 1, method: 'tools/list', params: {}}},
      {t: '2026-11-30T04:12:34.500Z', server: 'notes', dir: 'in', message: {jsonrpc: '2.0', id: 1, result: {tools: []}}},
      {t: '2026-11-30T04:12:34.500Z', server: 'tickets', dir: 'noise', message: 'Content-Length: 12', reason: 'not JSON'},
    ]);
    expect(trace.lines).toBe(3);
    expect(statSync(trace.path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'breakerbox', 'logs')).mode & 0o777).toBe(0o700);
  });

  it('replaces a message over the cap with a marker', () => {
    const big = {jsonrpc: '2.0', id: 7, result: {content: [{type: 'text', text: 'x'.repeat(2_000_000)}]}};
    expect(capMessage(big, 1_048_576)).toMatchObject({truncated: true, limit: 1_048_576, id: 7});
    expect((capMessage(big) as {preview: string}).preview.length).toBeLessThanOrEqual(200);
    // Escapes count: 400 KB of newlines is 800 KB of JSON.
    const escaped = {jsonrpc: '2.0', method: 'notifications/message', params: {data: '\n'.repeat(400_000)}};
    expect(capMessage(escaped, 600_000)).toMatchObject({truncated: true, method: 'notifications/message', bytes: 800_000 + JSON.stringify({...escaped, params: {data: ''}}).length});
    const small = {jsonrpc: '2.0', id: 1, result: {}};
    expect(capMessage(small, 100)).toBe(small);
  });

  it('counts a lower bound of the JSON size and stops early', () => {
    for (const v of [{a: 'é'.repeat(10)}, [1, true, null, 'x'], {a: undefined, b: [undefined]}, {n: 1234567}]) {
      const exact = Buffer.byteLength(JSON.stringify(v));
      expect(exceedsJsonSize(v, exact)).toBe(false);
    }
    expect(exceedsJsonSize({s: 'x'.repeat(100)}, 50)).toBe(true);
  });

  it('traces a real hub: the handshake, and a 2 MB result as a marker', async () => {
    const trace = openTraceFile({env, session: 'hub'});
    const hub = new Hub({
      servers: [
        {alias: 'notes', command: process.execPath, args: [join(ROOT, 'servers', 'notes.mjs')], env: {PATH: process.env.PATH ?? ''}, startupTimeoutMs: 10_000, callTimeoutMs: 10_000},
        {alias: 'chaos', command: process.execPath, args: [join(ROOT, 'servers', 'chaos.mjs')], env: {PATH: process.env.PATH ?? '', CHAOS_MODE: 'ok'}, startupTimeoutMs: 10_000, callTimeoutMs: 10_000},
      ],
      rawTrace: trace.rawTrace,
    });
    try {
      await hub.start();
      const result = await hub.call('mcp__chaos__big', {bytes: 2_000_000});
      expect(result.isError).not.toBe(true);
    } finally {
      await hub.close();
      trace.close();
    }
    const lines = readLines(trace.path);
    const notes = lines.filter((l) => l.server === 'notes');
    expect(notes[0]).toMatchObject({dir: 'out', message: {method: 'server/discover'}});
    expect(notes.some((l) => l.dir === 'in' && (l.message as {result?: {tools?: unknown}}).result?.tools)).toBe(true);
    expect(lines.some((l) => l.server === 'chaos' && l.dir === 'out' && (l.message as {method?: string}).method === 'initialize')).toBe(true);
    const marker = lines.find((l) => l.server === 'chaos' && (l.message as {truncated?: boolean}).truncated);
    expect(marker).toMatchObject({dir: 'in', message: {truncated: true, limit: 1_048_576}});
    expect((marker!.message as {bytes: number}).bytes).toBeGreaterThan(1_048_576);
    for (const l of lines) expect(Date.parse(l.t)).not.toBeNaN();
    expect(statSync(trace.path).size).toBeLessThan(200_000);
  });
});
