// Streamable HTTP, both protocol eras, behind the same Transport interface as
// a stdio process. Every message is its own POST; the answer is a JSON body or
// an SSE stream scoped to that request. What differs by era is learnt from the
// traffic itself: a message with modern `_meta` is sent with the modern
// request headers; a successful `initialize` starts a legacy session (session
// id, negotiated version header, a GET stream for the server's own messages,
// resumable streams, DELETE on close).
import type {Dispatcher} from 'undici';
import type {ExitInfo} from '../../connection/errors.js';
import {maskUrl} from '../../util/mask-url.js';
import {TransportRequestError, type TransportFailure} from '../errors.js';
import {TailBuffer} from '../tail-buffer.js';
import {MAX_AUTH_RETRIES, type HttpAuth} from '../http-auth.js';
import {TransportClosedError, type Transport} from '../types.js';
import {EventStream} from './event-stream.js';
import {describeNetworkError} from './network-error.js';
import {paramHeaders, type ParamHeader} from './param-headers.js';
import {requestHeaders, type WireMessage} from './request-headers.js';
import {preview, readAnswer, readEvents, type AnswerRead, type ReadOptions} from './response.js';
import {statusFailure} from './status-failure.js';

/** How to reach one remote server. */
export interface HttpTransportOptions {
  url: string;
  /** From the config; sent on every request, never logged. */
  headers?: Record<string, string>;
  auth?: HttpAuth;
  /** One line per HTTP exchange (method, status, content type, session), for the trace pane. */
  onexchange?: (line: string) => void;
  connectTimeoutMs?: number;
  /** A request's response stream that sends nothing for this long is given up. */
  idleStreamTimeoutMs?: number;
  maxMessageBytes?: number;
  /** Wait before re-opening a dropped legacy stream when the server sent no `retry`. */
  defaultRetryMs?: number;
  /** Consecutive failed re-opens of a legacy stream before giving up. */
  maxStreamRetries?: number;
}

/** A legacy (2025-11-25 and older) session, started by a successful `initialize`. */
export interface LegacySession {
  version: string;
  sessionId?: string;
  initialize: WireMessage;
  stream?: EventStream;
}

const isAnswerTo = (id: unknown) => (m: unknown): boolean =>
  typeof m === 'object' && m !== null && (m as WireMessage).id === id && ('result' in m || 'error' in m);

/** One remote MCP server over Streamable HTTP. */
export class HttpTransport implements Transport {
  readonly kind = 'http';
  onmessage?: (message: unknown) => void;
  onclose?: (exit: ExitInfo) => void;
  onerror?: (error: Error) => void;
  onnoise?: (line: string, reason: string) => void;
  ondiagnostic?: (text: string) => void;

  readonly url: URL;
  /** The URL as it may be shown: credentials masked. */
  readonly shownUrl: string;
  session?: LegacySession;
  /** Made on first use: undici is loaded only by configs that have a remote server. */
  private agent?: Promise<Dispatcher>;
  private readonly baseHeaders: Record<string, string>;
  private readonly diag = new TailBuffer(16 * 1024);
  private readonly inflight = new Map<string | number, AbortController>();
  private readonly toolHeaders = new Map<string, ParamHeader[]>();
  /** The Authorization header each response was a refusal of, for the auth layer. */
  private readonly sentAuth = new WeakMap<Response, string>();
  private readonly stop = new AbortController();
  private exit?: ExitInfo;
  private renewing?: Promise<void>;
  private renewals = 0;

  constructor(readonly options: HttpTransportOptions) {
    this.url = new URL(options.url);
    this.shownUrl = maskUrl(this.url);
    // fetch refuses URLs with credentials: send them as Basic authorization (as curl does), unless configured otherwise.
    if (this.url.username || this.url.password) {
      const basic = `Basic ${Buffer.from(`${decodeURIComponent(this.url.username)}:${decodeURIComponent(this.url.password)}`).toString('base64')}`;
      const own = Object.keys(options.headers ?? {}).some((h) => h.toLowerCase() === 'authorization');
      this.baseHeaders = own ? {...options.headers} : {...options.headers, authorization: basic};
      this.url.username = this.url.password = '';
    } else {
      this.baseHeaders = {...options.headers};
    }
  }

  private dispatcher(): Promise<Dispatcher> {
    // Node's fetch ignores HTTP(S)_PROXY/NO_PROXY; this agent honours them. No
    // headers or body timeouts here: each request has its own timeout above.
    return (this.agent ??= import('undici').then(({EnvHttpProxyAgent}) => new EnvHttpProxyAgent({connect: {timeout: this.options.connectTimeoutMs ?? 10_000}, headersTimeout: 0, bodyTimeout: 0})));
  }

  get maxBytes(): number {
    return this.options.maxMessageBytes ?? 64 * 1024 * 1024;
  }

  get closed(): boolean {
    return this.exit !== undefined;
  }

  /** Nothing to open: the first message makes the first connection. */
  async start(): Promise<void> {}

  async send(message: object): Promise<void> {
    if (this.exit) throw new TransportClosedError('the connection to the server is closed');
    const m = message as WireMessage;
    if (m.method === 'notifications/cancelled') {
      const stream = this.inflight.get(m.params?.requestId as string | number);
      // Modern: closing the response stream is the cancellation; nothing is posted.
      // Legacy: a dropped stream is not a cancellation, so say it first, then stop reading.
      if (this.session) await this.post(m).catch(() => {});
      stream?.abort('cancelled');
      return;
    }
    if (m.method !== undefined && m.id !== undefined && m.id !== null) {
      const ctrl = new AbortController();
      this.inflight.set(m.id, ctrl);
      try {
        await this.request(m, ctrl.signal, {});
      } finally {
        if (this.inflight.get(m.id) === ctrl) this.inflight.delete(m.id);
      }
      return;
    }
    await this.post(m);
  }

  async close(): Promise<void> {
    if (this.exit) return;
    for (const c of this.inflight.values()) c.abort('closing');
    const s = this.session;
    s?.stream?.stop();
    if (s?.sessionId !== undefined) {
      // Ends the session on the server; a 405 means it does not let clients do that.
      await this.fetch('DELETE', undefined, AbortSignal.timeout(2_000), {}).then((res) => res?.body?.cancel().catch(() => {}), () => {});
    }
    this.finish({code: null, signal: null, stderrTail: ''});
  }

  diagnosticsTail(lines: number): string[] {
    return this.diag.lines(lines);
  }

  /**
   * A failed or odd exchange, told to the owner (the log file). Only what no
   * request was failed with is kept for offline reasons: a failure's own
   * message already says it.
   */
  diagnostic(line: string, keep = true): void {
    if (keep) this.diag.append(line + '\n');
    this.ondiagnostic?.(line + '\n');
  }

  /** A request: its answer arrives in the response to its POST (or a resumed stream). */
  private async request(m: WireMessage, signal: AbortSignal, tried: {renewed?: boolean; authAttempt?: number}): Promise<void> {
    const res = await this.fetch('POST', m, signal, {});
    if (!res) return;
    const attempt = tried.authAttempt ?? 0;
    if ((res.status === 401 || res.status === 403) && this.options.auth && attempt < MAX_AUTH_RETRIES) {
      // The auth layer refreshes, logs in or steps up, then says whether to send again; its errors say what the user must do.
      const retry = await this.options.auth
        .challenged({status: res.status, wwwAuthenticate: res.headers.get('www-authenticate'), authorization: this.sentAuth.get(res), attempt}, signal)
        .catch((err: Error) => {
          void res.body?.cancel().catch(() => {});
          this.fail((err as {needsLogin?: boolean}).needsLogin ? 'needs-login' : 'unauthorized', err.message, false, {status: res.status});
        });
      if (retry) {
        await res.body?.cancel().catch(() => {});
        return this.request(m, signal, {...tried, authAttempt: attempt + 1});
      }
    }
    if (res.status === 404 && this.session?.sessionId !== undefined && m.method !== 'initialize' && !tried.renewed) {
      await res.body?.cancel().catch(() => {});
      this.diagnostic(`session ${short(this.session.sessionId)} expired (404); starting a new one`);
      await this.renewSession();
      return this.request(m, signal, {...tried, renewed: true});
    }
    if (!res.ok) {
      const answer = await statusFailure(res, m, this.url);
      if (answer instanceof TransportRequestError) {
        this.diagnostic(`POST ${m.method}: ${answer.message}`, false);
        throw answer;
      }
      // A JSON-RPC error for this very request (e.g. 400 + -32022): the protocol's own answer.
      this.onmessage?.(answer);
      return;
    }
    const sessionHeader = res.headers.get('mcp-session-id') ?? undefined;
    if (res.status === 202 || res.status === 204) {
      return this.fail('bad-response', `the server accepted ${m.method} (HTTP ${res.status}) but sent no answer`, false);
    }
    const read = await this.readAnswer(res, m, signal, sessionHeader);
    if (read.answered || signal.aborted) return;
    if (this.session && read.lastEventId !== undefined && read.end !== 'too-large') return this.resume(m, read, signal);
    this.streamEnded(m, read);
  }

  /** Reads the answer to `m`, learning from it on the way (session, tool header annotations). */
  private readAnswer(res: Response, m: WireMessage, signal: AbortSignal, sessionHeader?: string): Promise<AnswerRead> {
    return readAnswer(res, this.readOptions(m, sessionHeader, m.method === 'subscriptions/listen')).catch((err: unknown) => {
      if (err instanceof TransportRequestError) {
        this.diagnostic(`POST ${m.method}: ${err.message}`, false);
        throw err;
      }
      if (signal.aborted) return {answered: false, end: 'eof' as const};
      throw err;
    });
  }

  /** How a response to `m` is read; `quiet` streams (subscriptions) may stay silent. */
  readOptions(m: WireMessage, sessionHeader?: string, quiet = false): ReadOptions {
    return {
      maxBytes: this.maxBytes,
      idleMs: quiet ? undefined : (this.options.idleStreamTimeoutMs ?? 300_000),
      isAnswer: isAnswerTo(m.id),
      onNoise: (line, reason) => this.onnoise?.(line, reason),
      onMessage: (message) => this.receive(message, m, sessionHeader),
      fail: (code, text) => new TransportRequestError(code, text, false),
    };
  }

  /** Hands a message on; the answer to `initialize` starts a session, the answer to `tools/list` teaches header annotations. */
  private receive(message: unknown, m: WireMessage, sessionHeader?: string): void {
    const result = isAnswerTo(m.id)(message) ? (message as {result?: Record<string, unknown>}).result : undefined;
    if (result && m.method === 'initialize' && typeof result.protocolVersion === 'string') {
      this.session = {version: result.protocolVersion, sessionId: sessionHeader, initialize: m};
    }
    if (result && m.method === 'tools/list' && Array.isArray(result.tools)) this.learnTools(result.tools);
    this.onmessage?.(message);
  }

  /** A message from a stream not tied to one POST (the legacy GET stream). */
  fromStream(message: unknown): void {
    this.onmessage?.(message);
    // An answer may come on another stream than its request's: stop waiting on that one.
    const id = (message as WireMessage | null)?.id;
    if (id !== undefined && id !== null && isAnswerTo(id)(message)) this.inflight.get(id)?.abort('answered on another stream');
  }

  private learnTools(tools: unknown[]): void {
    for (const tool of tools) {
      const t = tool as {name?: unknown; inputSchema?: unknown};
      if (typeof t?.name !== 'string') continue;
      const found = paramHeaders(t.inputSchema);
      if (found.ok && found.headers.length > 0) this.toolHeaders.set(t.name, found.headers);
      else this.toolHeaders.delete(t.name);
    }
  }

  /** A legacy stream ended before the answer: resume it with Last-Event-ID after the server's `retry`. */
  private async resume(m: WireMessage, first: AnswerRead, signal: AbortSignal): Promise<void> {
    let {lastEventId, retryMs} = first;
    for (let attempt = 1; ; attempt++) {
      await sleep(Math.max(retryMs ?? this.options.defaultRetryMs ?? 1_000, 0), signal);
      if (signal.aborted) return;
      const res = await this.fetch('GET', undefined, signal, {lastEventId});
      if (!res) return;
      if (!res.ok || !isEventStream(res)) {
        await res.body?.cancel().catch(() => {});
        return this.fail('stream-cut', `the response stream of ${m.method} ended before its answer and could not be resumed (GET with Last-Event-ID → HTTP ${res.status})`, false);
      }
      const read = await readEvents(res.body, this.readOptions(m)).catch(() => ({answered: false, end: 'eof' as const}) as AnswerRead);
      if (read.answered || signal.aborted) return;
      lastEventId = read.lastEventId ?? lastEventId;
      retryMs = read.retryMs ?? retryMs;
      if (attempt >= (this.options.maxStreamRetries ?? 3)) this.streamEnded(m, read);
    }
  }

  private streamEnded(m: WireMessage, read: AnswerRead): never {
    const end = read.end;
    if (end === 'idle') {
      const ms = this.options.idleStreamTimeoutMs ?? 300_000;
      return this.fail('idle-timeout', `the server sent nothing on the response stream of ${m.method} for ${ms < 10_000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`}`, true);
    }
    if (end === 'too-large') return this.fail('too-large', `an event on the response stream of ${m.method} is larger than ${this.maxBytes} bytes`, false);
    if (typeof end === 'object') {
      // The connection broke mid-stream: the server (or the network to it) is gone.
      const reason = describeNetworkError(end.error, this.url);
      this.lost(reason);
      return this.fail('stream-cut', `the response stream of ${m.method} was cut: ${reason}`, true);
    }
    return this.fail('stream-cut', `the server ended the response stream of ${m.method} without answering it${this.session ? ' and gave no event id to resume from' : ''}`, true);
  }

  /** A notification or a response to the server: fire and forget, the status only noted. */
  private async post(m: WireMessage): Promise<void> {
    const res = await this.fetch('POST', m, this.stop.signal, {});
    if (!res) return;
    const text = res.ok ? '' : ((await res.text().catch(() => '')) ?? '');
    await res.body?.cancel().catch(() => {});
    if (!res.ok) {
      this.diagnostic(`POST ${m.method ?? 'response'} → HTTP ${res.status}${text.trim() ? `: ${preview(text)}` : ''}`);
      return;
    }
    if (m.method === 'notifications/initialized' && this.session && !this.session.stream) {
      this.session.stream = new EventStream(this, this.session);
      this.session.stream.start();
    }
  }

  /** The session expired (404): run `initialize` again, keep the agreed version, retry once. */
  private renewSession(): Promise<void> {
    return (this.renewing ??= this.renew().finally(() => (this.renewing = undefined)));
  }

  private async renew(): Promise<void> {
    const old = this.session!;
    old.stream?.stop();
    this.session = undefined;
    const init: WireMessage = {...old.initialize, id: `breakerbox-renew-${++this.renewals}`};
    const res = await this.fetch('POST', init, this.stop.signal, {});
    if (!res) throw new TransportClosedError('closed while renewing the session');
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      this.fail('http-status', `the session expired and a new one could not be started: initialize → HTTP ${res.status}`, res.status >= 500);
    }
    let result: Record<string, unknown> | undefined;
    await readAnswer(res, {...this.readOptions(init), onMessage: (msg) => (result = isAnswerTo(init.id)(msg) ? (msg as {result?: Record<string, unknown>}).result : result)});
    if (result?.protocolVersion !== old.version) {
      this.fail('bad-response', `the session expired, and the new one did not agree on protocol ${old.version} again`, false);
    }
    this.session = {version: old.version, sessionId: res.headers.get('mcp-session-id') ?? undefined, initialize: old.initialize};
    await this.post({method: 'notifications/initialized', ...{jsonrpc: '2.0'}} as WireMessage);
  }

  /**
   * One HTTP exchange. Resolves undefined when `signal` aborted it (the caller
   * gave up); a network failure throws, and also ends the transport: the
   * server (or the way to it) is gone, which is what reconnects are for.
   */
  async fetch(method: 'POST' | 'GET' | 'DELETE', m: WireMessage | undefined, signal: AbortSignal, o: {lastEventId?: string}): Promise<Response | undefined> {
    const started = performance.now();
    const s = this.session;
    const credentials = await this.options.auth?.headers(signal);
    const base = {...this.baseHeaders, ...credentials};
    const headers = m
      ? requestHeaders(m, {base, legacyVersion: s?.version, sessionId: m.method === 'initialize' ? undefined : s?.sessionId, toolHeaders: m.method === 'tools/call' ? this.toolHeaders.get(String(m.params?.name)) : undefined})
      : {...base, accept: 'text/event-stream', ...(s ? {'mcp-protocol-version': s.version} : {}), ...(s?.sessionId !== undefined ? {'mcp-session-id': s.sessionId} : {}), ...(o.lastEventId !== undefined ? {'last-event-id': o.lastEventId} : {})};
    const what = `${method}${m?.method ? ` ${m.method}` : ''}${m?.id !== undefined ? ` #${String(m.id)}` : ''}`;
    let res: Response;
    const dispatcher = await this.dispatcher();
    try {
      res = await fetch(this.url, {
        method,
        headers,
        body: method === 'POST' ? JSON.stringify(m) : undefined,
        signal: AbortSignal.any([signal, this.stop.signal]),
        redirect: 'manual',
        // @ts-expect-error undici's option, not in the DOM RequestInit type
        dispatcher,
      });
    } catch (err) {
      if (signal.aborted || this.stop.signal.aborted) return undefined;
      const reason = describeNetworkError(err, this.url);
      this.options.onexchange?.(`${what} → failed: ${reason}`);
      this.diagnostic(`${what} failed: ${reason}`, false);
      this.lost(reason);
      throw new TransportRequestError('unreachable', reason, true);
    }
    if (credentials?.authorization) this.sentAuth.set(res, credentials.authorization);
    const type = (res.headers.get('content-type') ?? '').split(';')[0];
    const sid = res.headers.get('mcp-session-id') ?? s?.sessionId;
    this.options.onexchange?.(`${what} → ${res.status}${type ? ` ${type}` : ''}${sid && (s || m?.method === 'initialize') ? ` session ${short(sid)}` : ''} (${Math.round(performance.now() - started)} ms)`);
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel().catch(() => {});
      const to = res.headers.get('location');
      this.fail('http-status', `the server redirected (HTTP ${res.status}) to ${to ? maskUrl(new URL(to, this.url)) : 'another URL'}; put the final URL in the config`, false, {status: res.status});
    }
    return res;
  }

  fail(code: TransportFailure, text: string, transient: boolean, detail: TransportRequestError['detail'] = {}): never {
    throw new TransportRequestError(code, text, transient, detail);
  }

  /** The server is unreachable: end the transport once the failing request has been told why. */
  lost(reason: string): void {
    if (this.exit) return;
    setImmediate(() => this.finish({code: null, signal: null, stderrTail: '', lost: reason}));
  }

  private finish(exit: ExitInfo): void {
    if (this.exit) return;
    this.exit = exit;
    this.stop.abort('closed');
    this.session?.stream?.stop();
    void this.agent?.then((a) => a.destroy()).catch(() => {});
    this.onclose?.(exit);
  }
}

function isEventStream(res: Response): boolean {
  return (res.headers.get('content-type') ?? '').toLowerCase().startsWith('text/event-stream');
}

/** Session ids are credentials of a sort: show only their start. */
function short(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, {once: true});
  });
}

export {sleep, isEventStream};
