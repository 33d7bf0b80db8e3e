// The same JSON-RPC handlers served over Streamable HTTP (node:http, no
// dependencies), in the era the server speaks:
//
// modern (2026-07-28): POST only, no sessions. Every request is checked for the
//   headers that mirror its body (MCP-Protocol-Version, Mcp-Method, Mcp-Name):
//   a mismatch is 400 + -32020. A result goes back as JSON, unless the handler
//   sends messages first (progress, a subscription's notifications): then the
//   answer is an SSE stream scoped to that request. Closing that stream is the
//   client's cancellation. GET and DELETE are 405.
// legacy (2025-11-25): `initialize` mints an Mcp-Session-Id; every later
//   request must carry it (400 without, 404 for an unknown one). GET opens the
//   session's stream for the server's own messages (list changes, requests to
//   the client); DELETE ends the session. Cancellation is a notification.
//
// Used as `node servers/notes.mjs --http PORT` (PORT 0 picks a free one); the
// address is printed on stderr as `listening on http://127.0.0.1:PORT/mcp`.

import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { RpcError, ERR, KEEP_OPEN, log } from './stdio-server.mjs';

const SUBSCRIPTION = 'io.modelcontextprotocol/subscriptionId';
const VERSION = 'io.modelcontextprotocol/protocolVersion';
const MAX_BODY = 4 * 1024 * 1024;

/** `--http PORT` from the command line, or undefined for stdio. */
export function httpPort(argv = process.argv) {
  const i = argv.indexOf('--http');
  if (i === -1) return undefined;
  const port = Number(argv[i + 1]);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    log('usage: --http PORT (0 picks a free port)');
    process.exit(2);
  }
  return port;
}

const keyOf = (id) => JSON.stringify(id);
const isId = (id) => typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));

/** Serves `opts.onRequest` etc. (as `serve` in stdio-server.mjs) over HTTP on `port`. */
export function serveHttp(opts, port, eraName) {
  const open = new Map(); // request id -> {res, ac, sse}
  const sessions = new Map(); // legacy session id -> {stream: res | undefined}
  let lastSession;

  const event = (res, msg) => res.write(`data: ${JSON.stringify(msg)}\n\n`);
  const startSse = (entry) => {
    if (entry.sse) return;
    entry.sse = true;
    entry.res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no', ...entry.headers });
    entry.res.flushHeaders();
  };

  /** Routes a message to the stream it belongs to: its request's, its subscription's, or the session's. */
  function send(msg) {
    const id = 'result' in msg || 'error' in msg ? msg.id : msg.params?._meta?.[SUBSCRIPTION];
    const entry = id === undefined ? undefined : open.get(keyOf(id));
    if (entry) {
      const final = 'result' in msg || 'error' in msg;
      if (final && !entry.sse) {
        entry.res.writeHead(200, { 'content-type': 'application/json', ...entry.headers });
        entry.res.end(JSON.stringify(msg));
      } else {
        startSse(entry);
        event(entry.res, msg);
        if (final) entry.res.end();
      }
      if (final) open.delete(keyOf(id));
      return;
    }
    // Legacy: everything else goes on the session's GET stream, kept (a few) until one is open.
    const session = lastSession && sessions.get(lastSession);
    if (!session) return;
    if (session.stream) event(session.stream, msg);
    else if (session.queue.length < 100) session.queue.push(msg);
  }

  const reply = (res, status, body, headers = {}) => {
    res.writeHead(status, body === undefined ? headers : { 'content-type': 'application/json', ...headers });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const rpcError = (id, code, message, data) => ({ jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } });
  // Modern errors carry their HTTP status (spec: 400 for version/header problems, 404 for unknown methods).
  const statusOf = (code) => (eraName !== 'modern' ? 200 : code === ERR.METHOD_NOT_FOUND ? 404 : code === ERR.UNSUPPORTED_VERSION || code === -32020 ? 400 : 200);

  function headerProblem(req, msg) {
    const version = msg.params?._meta?.[VERSION];
    if (req.headers['mcp-protocol-version'] !== version) return 'MCP-Protocol-Version header does not match _meta';
    if (req.headers['mcp-method'] !== msg.method) return 'Mcp-Method header does not match the method';
    const name = msg.method === 'tools/call' ? msg.params?.name : undefined;
    if (name !== undefined && req.headers['mcp-name'] !== name) return 'Mcp-Name header does not match params.name';
    return undefined;
  }

  async function onPost(req, res, msg) {
    if (eraName === 'modern' && typeof msg.method === 'string' && typeof msg.params?._meta?.[VERSION] === 'string') {
      const problem = headerProblem(req, msg);
      if (problem) return reply(res, 400, rpcError(msg.id ?? null, -32020, `Header mismatch: ${problem}`));
    }
    let session;
    if (eraName === 'legacy' && msg.method !== 'initialize') {
      session = req.headers['mcp-session-id'];
      if (!session) return reply(res, 400, rpcError(msg.id ?? null, -32000, 'Bad Request: Mcp-Session-Id header is required'));
      if (!sessions.has(session)) return reply(res, 404, rpcError(msg.id ?? null, -32001, 'Session not found'));
      lastSession = session;
    }
    if (typeof msg.method !== 'string') {
      // A response to one of our requests (legacy only).
      opts.onResponse?.(msg);
      return reply(res, 202);
    }
    if (!isId(msg.id)) {
      if (msg.method === 'notifications/cancelled') {
        const entry = open.get(keyOf(msg.params?.requestId));
        if (entry) open.delete(keyOf(msg.params?.requestId));
        entry?.ac.abort();
        const reason = typeof msg.params?.reason === 'string' ? msg.params.reason.replace(/[\r\n]+/g, ' ') : '-';
        log(`cancelled ${JSON.stringify(msg.params?.requestId ?? null)} ${reason}`);
        opts.onCancelled?.(msg.params?.requestId, reason);
      } else opts.onNotification?.(msg);
      return reply(res, 202);
    }
    const ac = new AbortController();
    const headers = {};
    if (msg.method === 'initialize') {
      const id = randomUUID();
      sessions.set(id, { queue: [] });
      lastSession = id;
      headers['mcp-session-id'] = id;
    }
    const entry = { res, ac, sse: false, headers };
    open.set(keyOf(msg.id), entry);
    // Tool calls answer on a stream opened at once (as the SDKs do), so progress can flow
    // and the client knows the call arrived; everything else answers with one JSON body.
    if (msg.method === 'tools/call') startSse(entry);
    // The client closed the response stream before its answer: that is cancellation.
    res.on('close', () => {
      if (open.get(keyOf(msg.id)) !== entry) return;
      open.delete(keyOf(msg.id));
      ac.abort();
      log(`cancelled ${JSON.stringify(msg.id)} stream closed`);
      opts.onCancelled?.(msg.id, 'stream closed');
    });
    try {
      const result = await opts.onRequest(msg, { id: msg.id, signal: ac.signal });
      if (result === KEEP_OPEN) return startSse(entry);
      if (!ac.signal.aborted) send({ jsonrpc: '2.0', id: msg.id, result: result ?? {} });
    } catch (err) {
      if (ac.signal.aborted) return;
      if (!(err instanceof RpcError)) log(`internal error in ${msg.method}: ${err?.stack ?? err}`);
      const body = err instanceof RpcError ? rpcError(msg.id, err.code, err.message, err.data) : rpcError(msg.id, ERR.INTERNAL, `Internal error: ${err?.message ?? err}`);
      if (entry.sse) return send(body);
      open.delete(keyOf(msg.id));
      reply(res, err instanceof RpcError ? statusOf(err.code) : 500, body, headers);
    }
  }

  function onGet(req, res) {
    const session = req.headers['mcp-session-id'];
    if (eraName !== 'legacy') return reply(res, 405, undefined, { allow: 'POST' });
    if (!session || !sessions.has(session)) return reply(res, session ? 404 : 400, rpcError(null, -32000, 'Bad Request: unknown or missing session'));
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(': stream open\n\n');
    const s = sessions.get(session);
    s.stream = res;
    for (const msg of s.queue.splice(0)) event(res, msg);
    res.on('close', () => {
      if (sessions.get(session)?.stream === res) sessions.get(session).stream = undefined;
    });
  }

  const server = http.createServer((req, res) => {
    if (req.url?.split('?')[0] !== '/mcp') return reply(res, 404, rpcError(null, -32000, `Not found: the MCP endpoint is /mcp`));
    if (req.method === 'GET') return onGet(req, res);
    if (req.method === 'DELETE') {
      if (eraName !== 'legacy') return reply(res, 405, undefined, { allow: 'POST' });
      sessions.get(req.headers['mcp-session-id'])?.stream?.end();
      sessions.delete(req.headers['mcp-session-id']);
      return reply(res, 200);
    }
    if (req.method !== 'POST') return reply(res, 405, undefined, { allow: eraName === 'legacy' ? 'GET, POST, DELETE' : 'POST' });
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => {
      let msg;
      try {
        if (size > MAX_BODY) throw new Error('body too large');
        msg = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch (err) {
        return reply(res, 400, rpcError(null, ERR.PARSE, `Parse error: ${err.message}`));
      }
      if (msg === null || typeof msg !== 'object' || Array.isArray(msg) || msg.jsonrpc !== '2.0') {
        return reply(res, 400, rpcError(null, ERR.INVALID_REQUEST, 'Invalid request: one JSON-RPC 2.0 object per POST'));
      }
      void onPost(req, res, msg);
    });
  });
  server.listen(port, '127.0.0.1', () => log(`listening on http://127.0.0.1:${server.address().port}/mcp (${eraName} Streamable HTTP)`));
  const stop = () => {
    opts.onClose?.();
    server.close(() => process.exit(0));
    server.closeAllConnections?.();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return { send, write: () => {}, fail: () => {}, inFlight: new Map() };
}
