// The chaos modes of the protocol floor: servers that die on the probe,
// ids beyond 2^53, MRTR keys that are Object.prototype names, helpers that
// escape the process group, a stdout closed by a live process.

import { spawn } from 'node:child_process';
import { closeSync } from 'node:fs';
import { KEEP_OPEN, log } from './stdio-server.mjs';
import { okResult } from './tools.mjs';

/** A server request id no JavaScript number holds exactly. */
export const BIG_ID = '9007199254740993';

/**
 * Closes stdout and lives on: the client can never be answered again. Returns
 * KEEP_OPEN, so the request that caused it is never answered (a write would fail).
 */
export function closeStdout(why) {
  log(`${why}: closing stdout and staying alive`);
  closeSync(1);
  setInterval(() => {}, 60_000);
  return KEEP_OPEN;
}

/**
 * Like a server built on Rust's rmcp: any request before `initialize` ends the
 * process (exit 1), or with CHAOS_PROBE_DEATH=close_stdout, closes stdout.
 */
export function dieBeforeInitialize(era, how) {
  let deaf = false;
  return (msg) => {
    // Nothing can be written any more: leave every later request unanswered too.
    if (deaf) return KEEP_OPEN;
    if (era.initialized || msg.method === 'initialize') return;
    if (how === 'close_stdout') return ((deaf = true), closeStdout(`die_on_probe: got ${msg.method} before initialize`));
    log(`Error: expected initialize request, got ${msg.method} (die_on_probe: exiting with status 1)`);
    process.exit(1);
  };
}

/** Sends `ping` with an id beyond 2^53, written by hand, and logs every raw line that answers it. */
export function sendBigIdPing(server) {
  process.stdin.on('data', (chunk) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.includes(BIG_ID)) log(`raw-answer ${line}`);
  });
  server.write(`{"jsonrpc":"2.0","method":"ping","id":${BIG_ID}}\n`);
}

/** Keys an MRTR server may choose that are Object.prototype names. */
export const HOSTILE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'plain'];

/**
 * Tool `ask`: the first call returns input_required with one elicitation per
 * hostile key; the retry answers with the keys it got back, in order.
 */
export function mrtrKeysTool() {
  return {
    name: 'ask', title: 'Ask', description: 'Asks the user one question per key (the keys are Object.prototype names).',
    inputSchema: { type: 'object', properties: {} },
    run(args, ctx) {
      const responses = ctx.params?.inputResponses;
      if (responses && typeof responses === 'object') return okResult(`keys answered: ${Object.keys(responses).join(',')}`);
      // Text, then JSON.parse: an object literal would make "__proto__" a prototype, not a key.
      const entries = HOSTILE_KEYS.map((k) => `${JSON.stringify(k)}:${JSON.stringify({ method: 'elicitation/create', params: { message: `key ${k}`, requestedSchema: { type: 'object', properties: {} } } })}`);
      return JSON.parse(`{"resultType":"input_required","requestState":"keys","inputRequests":{${entries.join(',')}}}`);
    },
  };
}

/** Starts a sleeping helper in a session of its own (setsid -f: forked, then orphaned at once). */
export function startSetsidHelper(tag) {
  const helper = spawn('setsid', ['-f', process.execPath, '-e', 'setInterval(() => {}, 1e6)', 'setsid-helper', ...(tag ? [tag] : [])], { stdio: 'ignore' });
  helper.on('error', (err) => log(`setsid_helper: could not start setsid: ${err.message}`));
  helper.on('exit', () => log('setsid_helper: helper started in its own session'));
}
