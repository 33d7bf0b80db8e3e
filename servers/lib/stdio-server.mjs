// Newline-delimited JSON-RPC 2.0 over stdin/stdout, shared by every test server.
//
// Why hand-rolled: servers must run with plain `node` and no dependencies, and the
// chaos server needs to bend the transport (noise, split writes, duplicate answers),
// which an SDK would not allow.
//
// What it guarantees:
// - Input is split on the newline *byte*, so a chunk that ends mid-line or in the
//   middle of a multi-byte UTF-8 character is reassembled before decoding. A
//   trailing "\r" is dropped, so "\r\n" framing is accepted. Blank lines are ignored.
// - stdout carries only JSON-RPC messages; all logging goes to stderr.
// - `notifications/cancelled` is handled here for every server: it is logged to
//   stderr as `cancelled <requestId> <reason>` (requestId JSON-encoded, so numbers are
//   bare and strings quoted; reason "-" when absent), the handler's AbortSignal fires,
//   and nothing more is sent for that request.
// - The process exits when stdin ends (the spec's graceful-shutdown signal).

export const ERR = {
  PARSE: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL: -32603,
  NOT_INITIALIZED: -32002,
  UNSUPPORTED_VERSION: -32022,
};

/** Throw from a handler to answer with a JSON-RPC error instead of a result. */
export class RpcError extends Error {
  constructor(code, message, data) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

/** Return from a handler to leave the request open (e.g. subscriptions/listen). */
export const KEEP_OPEN = Symbol('keep-open');

export const sleep = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
  });

export const log = (line) => process.stderr.write(`${line}\n`);

/** Returns a function to feed Buffers into; calls onLine(string) per complete line. */
export function lineSplitter(onLine) {
  let pending = []; // chunks of an unfinished line, joined only once it completes
  return (chunk) => {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      let line = Buffer.concat([...pending, chunk.subarray(start, nl)]);
      pending = [];
      if (line.length > 0 && line[line.length - 1] === 0x0d) line = line.subarray(0, -1);
      if (line.length > 0) onLine(line.toString('utf8'));
      start = nl + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  };
}

const isId = (id) => typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));

/**
 * Start serving. Options (all optional except onRequest):
 *   onRequest(msg, {id, signal}) -> result | KEEP_OPEN   (may throw RpcError)
 *   onNotification(msg), onResponse(msg)  (responses to requests *we* sent)
 *   onCancelled(requestId, reason), onClose()  (stdin ended; awaited before exit)
 *   write(line)   replaces the stdout writer (chaos noise mode)
 *   exitOnEof     default true
 *   idLast        write responses with "id" as their last member, as the official
 *                 TypeScript SDK does ({"result":…,"jsonrpc":"2.0","id":7})
 */
export function serve(opts) {
  const write = opts.write ?? ((line) => process.stdout.write(line));
  const idLast = ({ jsonrpc, id, ...rest }) => ({ ...rest, jsonrpc, id });
  const send = (msg) => write(`${JSON.stringify(opts.idLast && !('method' in msg) ? idLast(msg) : msg)}\n`);
  const inFlight = new Map(); // JSON.stringify(id) -> AbortController

  const fail = (id, code, message, data) =>
    send({ jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } });

  async function runRequest(msg) {
    const key = JSON.stringify(msg.id);
    const ac = new AbortController();
    inFlight.set(key, ac);
    let keep = false;
    try {
      const result = await opts.onRequest(msg, { id: msg.id, signal: ac.signal });
      keep = result === KEEP_OPEN;
      if (!keep && !ac.signal.aborted) send({ jsonrpc: '2.0', id: msg.id, result: result ?? {} });
    } catch (err) {
      if (ac.signal.aborted) return; // cancelled: the client no longer wants anything
      if (err instanceof RpcError) fail(msg.id, err.code, err.message, err.data);
      else {
        log(`internal error in ${msg.method}: ${err?.stack ?? err}`);
        fail(msg.id, ERR.INTERNAL, `Internal error: ${err?.message ?? err}`);
      }
    } finally {
      if (!keep && inFlight.get(key) === ac) inFlight.delete(key);
    }
  }

  function cancel(params) {
    const reason = typeof params?.reason === 'string' ? params.reason.replace(/[\r\n]+/g, ' ') : '-';
    log(`cancelled ${JSON.stringify(params?.requestId ?? null)} ${reason}`);
    opts.onCancelled?.(params?.requestId, reason);
    const key = JSON.stringify(params?.requestId ?? null);
    inFlight.get(key)?.abort();
    inFlight.delete(key);
  }

  function onLine(line) {
    let msg;
    try { msg = JSON.parse(line); } catch {
      return fail(null, ERR.PARSE, 'Parse error: each line must be one JSON-RPC message');
    }
    if (msg === null || typeof msg !== 'object' || Array.isArray(msg) || msg.jsonrpc !== '2.0') {
      return fail(null, ERR.INVALID_REQUEST, 'Invalid request: expected a JSON-RPC 2.0 object (batches are not supported)');
    }
    if (typeof msg.method === 'string') {
      if (!('id' in msg)) {
        if (msg.method === 'notifications/cancelled') return cancel(msg.params);
        return opts.onNotification?.(msg);
      }
      if (!isId(msg.id)) return fail(null, ERR.INVALID_REQUEST, 'Invalid request: id must be a string or a number');
      return void runRequest(msg);
    }
    if (isId(msg.id) && ('result' in msg || 'error' in msg)) return opts.onResponse?.(msg);
    return fail(isId(msg.id) ? msg.id : null, ERR.INVALID_REQUEST, 'Invalid request: no method');
  }

  const feed = lineSplitter(onLine);
  process.stdin.on('data', feed);
  process.stdin.on('end', async () => {
    await opts.onClose?.(); // may return a promise, e.g. to flush queued writes
    if (opts.exitOnEof !== false) process.exit(0);
  });
  // The client went away: nobody is left to talk to.
  process.stdout.on('error', () => process.exit(0));

  return { send, write, fail, inFlight };
}
