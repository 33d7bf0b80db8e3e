// Yardstick arm: raw-meta.mjs with the hub's way of writing: the messages of
// one tick joined into one write on the next tick, instead of a write per
// message. It asks whether the write pattern sets how the answers of 64 calls
// in flight arrive (messages per read; BENCHMARKS.md §11). TICK_MODE=first
// writes the first message of a tick at once and joins the rest.
//   node bench/profile/yardstick-calls.mjs bench/profile/yardstick/raw-meta-tick.mjs
//
// raw-meta.mjs: a raw client as lean as the yardstick's `raw` (utf8 stream,
// string split, id → promise map), but speaking the modern era as the hub
// does with the yardstick's server: `server/discover`, then the protocol
// version, client info, capabilities and log level in `_meta` of every
// request. The yardstick's `raw` speaks legacy (no `_meta`); this arm
// measures what the era alone costs (BENCHMARKS.md §11).
//   node ../shared/yardstick/run.mjs --only conc --arms raw,bench/profile/yardstick/raw-meta.mjs
import {spawn} from 'node:child_process';
import process from 'node:process';

export const name = process.env.TICK_MODE ? 'raw-meta-' + process.env.TICK_MODE : 'raw-meta-tick';
export const description = 'raw-meta, writes joined per tick';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': {name: 'bench-raw', version: '0.0.0'},
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/logLevel': 'warning',
};

export async function connect(command, args = [], opts = {}) {
  const child = spawn(command, args, {stdio: ['pipe', 'pipe', 'inherit'], env: {...process.env, ...opts.env}});
  const waiting = new Map();
  let nextId = 1;
  let held = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin.on('error', () => {});
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
  let outbox = [];
  let ticking = false;
  const flush = () => {
    ticking = false;
    if (outbox.length === 0) return;
    outbox.push('');
    const text = outbox.join('\n');
    outbox = [];
    child.stdin.write(text);
  };
  const request = (method, params) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, {resolve, reject});
      const text = JSON.stringify({jsonrpc: '2.0', id, method, params});
      // TICK_MODE=first: the first message of a tick is written at once, the rest joined at its end.
      if (process.env.TICK_MODE === 'first' && !ticking) {
        ticking = true;
        process.nextTick(flush);
        child.stdin.write(text + '\n');
        return;
      }
      if (outbox.length === 0 && !ticking) process.nextTick(flush);
      outbox.push(text);
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
