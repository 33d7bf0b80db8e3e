// Yardstick arm: a raw client as lean as the yardstick's `raw` (utf8 stream,
// string split, id → promise map), but speaking the modern era as the hub
// does with the yardstick's server: `server/discover`, then the protocol
// version, client info, capabilities and log level in `_meta` of every
// request. The yardstick's `raw` speaks legacy (no `_meta`); this arm
// measures what the era alone costs (BENCHMARKS.md §11).
//   node ../shared/yardstick/run.mjs --only conc --arms raw,bench/profile/yardstick/raw-meta.mjs
import {spawn} from 'node:child_process';
import process from 'node:process';

export const name = 'raw-meta';
export const description = 'lean raw client, modern era: server/discover and a per-request _meta';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': {name: 'bench-raw', version: '0.0.0'},
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/logLevel': 'warning',
};

export const connect = (command, args, opts) => connectWith(command, args, opts, (child) => (text) => child.stdin.write(text + '\n'));

/**
 * The client, with how a message's text reaches the server's stdin left to
 * `writerFor(child)` (raw-meta-tick.mjs joins a tick's messages; this arm
 * writes each at once).
 */
export async function connectWith(command, args = [], opts = {}, writerFor) {
  const child = spawn(command, args, {stdio: ['pipe', 'pipe', 'inherit'], env: {...process.env, ...opts.env}});
  const waiting = new Map();
  let nextId = 1;
  let held = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin.on('error', () => {});
  const write = writerFor(child);
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (s) => {
    if (held) {
      s = held + s;
      held = '';
    }
    let from = 0;
    for (let nl = s.indexOf('\n'); nl !== -1; nl = s.indexOf('\n', from)) {
      if (nl > from) {
        const msg = JSON.parse(s.slice(from, nl));
        const w = waiting.get(msg.id);
        if (w) {
          waiting.delete(msg.id);
          if (msg.error) w.reject(new Error(msg.error.message));
          else w.resolve(msg.result);
        }
      }
      from = nl + 1;
    }
    if (from < s.length) held = s.slice(from);
  });
  const request = (method, params) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, {resolve, reject});
      write(JSON.stringify({jsonrpc: '2.0', id, method, params}));
    });
  await request('server/discover', {});
  return {
    async listTools() {
      return (await request('tools/list', {_meta: META})).tools;
    },
    call: (tool, a) => request('tools/call', {name: tool, arguments: a, _meta: META}),
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}
