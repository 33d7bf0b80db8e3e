#!/usr/bin/env node
// bench-server: a dependency-free MCP server over stdio for the benchmarks.
//
// It does as little as it can per message, so that what the benchmarks measure
// is the client: every result body is serialised once at start-up and each
// response is `{"jsonrpc":"2.0","id":<id>,"result":` + cached text + `}`.
//
// Knobs (environment variables):
//   BENCH_ERA=legacy|modern   legacy (default): `initialize` handshake, and
//                             `server/discover` answered at once with -32601, as
//                             the official SDK's servers do. modern: answers
//                             `server/discover`; `initialize` gets -32601.
//   BENCH_TOOLS=50            number of tools (tool_0000 … tool_NNNN)
//   BENCH_PAGE_SIZE=0         tools per tools/list page; 0 = all in one page
//   BENCH_DELAY_MS=0          wait this long before every response (not before
//                             the legacy -32601 to server/discover)
//   BENCH_RESULT_BYTES=64     length of the text block every tools/call returns
//   BENCH_STATS_FILE=path     on stdin end, write this process's CPU time since
//                             the last `notifications/bench/mark` (and the call
//                             count since then) as JSON to this file
//   BENCH_SPAWN_FILE=path     append this process's pid, one line, when it starts:
//                             how many servers a client really started
//
// Extra: `notifications/bench/mark` resets the CPU and call counters.

import { appendFileSync, writeFileSync } from 'node:fs';

const env = process.env;
const era = env.BENCH_ERA === 'modern' ? 'modern' : 'legacy';
const toolCount = Math.max(0, Number(env.BENCH_TOOLS ?? 50) | 0);
const pageSize = Math.max(0, Number(env.BENCH_PAGE_SIZE ?? 0) | 0) || toolCount || 1;
const delayMs = Math.max(0, Number(env.BENCH_DELAY_MS ?? 0));
const resultBytes = Math.max(0, Number(env.BENCH_RESULT_BYTES ?? 64) | 0);
const statsFile = env.BENCH_STATS_FILE;
if (env.BENCH_SPAWN_FILE) appendFileSync(env.BENCH_SPAWN_FILE, `${process.pid}\n`);

const MODERN_VERSION = '2026-07-28';
const LEGACY_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];
const SERVER_INFO = { name: 'bench-server', version: '1.0.0' };
const complete = era === 'modern' ? { resultType: 'complete' } : {};

const tools = [];
for (let i = 0; i < toolCount; i++) {
  tools.push({
    name: `tool_${String(i).padStart(4, '0')}`,
    description: `Benchmark tool number ${i}: echoes a fixed block of text.`,
    inputSchema: {
      type: 'object',
      properties: { text: { type: 'string', description: 'Any text.' }, n: { type: 'number' } },
      additionalProperties: false,
    },
  });
}

// Pages, serialised once. The cursor is opaque to clients: `p<index>`.
const pages = [];
for (let start = 0, index = 0; start < toolCount || index === 0; start += pageSize, index++) {
  const end = start + pageSize;
  const body = { ...complete, tools: tools.slice(start, end) };
  if (end < toolCount) body.nextCursor = `p${index + 1}`;
  pages.push(JSON.stringify(body));
}

const callResult = JSON.stringify({ ...complete, content: [{ type: 'text', text: 'x'.repeat(resultBytes) }], isError: false });
const initializeResult = (requested) =>
  JSON.stringify({
    protocolVersion: LEGACY_VERSIONS.includes(requested) ? requested : LEGACY_VERSIONS[0],
    capabilities: { tools: { listChanged: false } },
    serverInfo: SERVER_INFO,
  });
const discoverResult = JSON.stringify({
  ...complete,
  supportedVersions: [MODERN_VERSION],
  capabilities: { tools: { listChanged: false } },
  _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
});

let markCpu = process.cpuUsage();
let callsSinceMark = 0;
/** CPU time and calls between consecutive marks: one entry per timed window. */
const windows = [];
let marked = false;

function send(text) {
  process.stdout.write(text);
}

function respond(id, resultJson) {
  const text = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${resultJson}}\n`;
  if (delayMs > 0) setTimeout(send, delayMs, text);
  else send(text);
}

function fail(id, code, message, delayed) {
  const text = JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }) + '\n';
  if (delayed && delayMs > 0) setTimeout(send, delayMs, text);
  else send(text);
}

function handle(line) {
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    return fail(null, -32700, 'Parse error', false);
  }
  const { id, method, params } = msg;
  if (id === undefined || id === null) {
    if (method === 'notifications/bench/mark') {
      if (marked) windows.push(sinceMark());
      marked = true;
      markCpu = process.cpuUsage();
      callsSinceMark = 0;
    }
    return; // other notifications (initialized, cancelled) need no answer
  }
  switch (method) {
    case 'tools/call':
      callsSinceMark++;
      return respond(id, callResult);
    case 'tools/list': {
      const cursor = params?.cursor;
      const index = cursor === undefined ? 0 : /^p\d+$/.test(cursor) ? Number(cursor.slice(1)) : -1;
      if (index < 0 || index >= pages.length) return fail(id, -32602, `Invalid cursor: ${cursor}`, true);
      return respond(id, pages[index]);
    }
    case 'initialize':
      if (era === 'modern') return fail(id, -32601, 'Method not found: initialize', true);
      return respond(id, initializeResult(params?.protocolVersion));
    case 'server/discover':
      if (era === 'legacy') return fail(id, -32601, 'Method not found: server/discover', false);
      return respond(id, discoverResult);
    case 'ping':
      return respond(id, '{}');
    default:
      return fail(id, -32601, `Method not found: ${method}`, true);
  }
}

// Byte-level line splitting: a chunk may end mid-line.
let held = [];
process.stdin.on('data', (chunk) => {
  let start = 0;
  let nl = chunk.indexOf(10);
  while (nl !== -1) {
    let lineBuf = chunk.subarray(start, nl);
    if (held.length) {
      held.push(lineBuf);
      lineBuf = Buffer.concat(held);
      held = [];
    }
    if (lineBuf.length > 0) handle(lineBuf.toString('utf8'));
    start = nl + 1;
    nl = chunk.indexOf(10, start);
  }
  if (start < chunk.length) held.push(chunk.subarray(start));
});

function sinceMark() {
  const cpu = process.cpuUsage(markCpu);
  return { cpuUserUs: cpu.user, cpuSystemUs: cpu.system, calls: callsSinceMark };
}

/** The last mark's figures (or the last window's, when the client closed it with a mark) and every window. */
function writeStats() {
  if (!statsFile) return;
  const last = callsSinceMark > 0 || windows.length === 0 ? sinceMark() : windows[windows.length - 1];
  try {
    writeFileSync(statsFile, JSON.stringify({ ...last, windows, pid: process.pid }));
  } catch {
    /* the benchmark reports missing server stats as null */
  }
}

process.stdin.on('end', () => {
  writeStats();
  process.exit(0);
});
process.on('SIGTERM', () => {
  writeStats();
  process.exit(0);
});
