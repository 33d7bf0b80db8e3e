// Streamable HTTP, both protocol eras, behind the same Transport interface as
// a stdio process. Every message is its own POST; the answer is a JSON body or
// an SSE stream scoped to that request. What differs by era is learnt from the
// traffic itself: a message with modern `_meta` is sent with the modern
// request headers; a successful `initialize` starts a legacy session (session
// id, negotiated version header, a GET stream for the server's own messages,
// resumable streams, DELETE on close).
import {TransportRequestError, type TransportFailure} from '../errors.js';
import {TailBuffer} from '../tail-buffer.js';
import {MAX_AUTH_RETRIES} from '../http-auth.js';
import {IdTable} from '../../util/id-table.js';
import {encodeMessage, TransportClosedError, type ExitInfo, type Transport} from '../types.js';
import type {HttpChannel, HttpTransportOptions, LegacySession} from './channel.js';
import {EventStream} from './event-stream.js';
import {renewSession, resumeAnswer, streamEnded} from './legacy-recovery.js';
import {Exchanger} from './exchange.js';
import {paramHeaders, type ParamHeader} from './param-headers.js';
import {requestHeaders, type WireMessage} from './request-headers.js';
import {preview, readAnswer, type AnswerRead, type ReadOptions} from './response.js';
import {statusFailure} from './status-failure.js';
import {isAnswerTo, short} from './wire.js';

export type {HttpAuth, HttpTransportOptions, LegacySession} from './channel.js';

/** One remote MCP server over Streamable HTTP. */
export class HttpTransport implements Transport, HttpChannel {
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
  private readonly http: Exchanger;
  private readonly diag = new TailBuffer(16 * 1024);
  /** Our requests whose response stream is open, by id (not a Map: see IdTable). */
  private readonly inflight = new IdTable<AbortController>();
  private readonly toolHeaders = new Map<string, ParamHeader[]>();
  /** The Authorization header each response was a refusal of, for the auth layer. */
  private readonly sentAuth = new WeakMap<Response, string>();
  /** Aborted when the transport closes: every exchange ends with it. */
  readonly stop = new AbortController();
  private exit?: ExitInfo;
  renewing?: Promise<void>;
  renewals = 0;

  constructor(readonly options: HttpTransportOptions) {
    this.http = new Exchanger(options);
    this.url = this.http.url;
    this.shownUrl = this.http.shownUrl;
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
      const stream = this.inflight.get(m.params?.requestId);
      // Modern: closing the response stream is the cancellation; nothing is posted.
      // Legacy: a dropped stream is not a cancellation, so say it first, then stop reading.
      if (this.session) await this.post(m).catch(() => {});
      stream?.abort('cancelled');
      return;
    }
    if (m.method !== undefined && m.id !== undefined && m.id !== null) {
      const id = m.id;
      const ctrl = new AbortController();
      // The connection numbers its requests; an id of another kind is sent all the same, just not cancellable.
      const tracked = typeof id === 'number' && Number.isSafeInteger(id) && id >= 0;
      if (tracked) this.inflight.set(id, ctrl);
      try {
        await this.request(m, ctrl.signal, {});
      } finally {
        if (tracked && this.inflight.get(id) === ctrl) this.inflight.take(id);
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
      await renewSession(this);
      return this.request(m, signal, {...tried, renewed: true});
    }
    if (!res.ok) {
      const answer = await statusFailure(res, m, this.url);
      if (answer instanceof TransportRequestError && this.forgotSession(answer, m) && !tried.renewed) {
        this.diagnostic(`session ${short(this.session!.sessionId!)} unknown to the server (${answer.message}); starting a new one`);
        await renewSession(this);
        return this.request(m, signal, {...tried, renewed: true});
      }
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
    if (this.session && read.lastEventId !== undefined && read.end !== 'too-large') return resumeAnswer(this, m, read, signal);
    streamEnded(this, m, read);
  }

  /**
   * A 400 that says our session is unknown: the spec's answer is 404, but the
   * SDK's example servers (server-everything among them) answer 400 "No valid
   * session ID provided" once they have restarted, and every call would fail
   * until a reconnect by hand.
   */
  private forgotSession(err: TransportRequestError, m: WireMessage): boolean {
    if (err.detail.status !== 400 || this.session?.sessionId === undefined || m.method === 'initialize') return false;
    return /session/i.test(err.detail.rpcMessage ?? err.message);
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
  receive(message: unknown, m: WireMessage, sessionHeader?: string): void {
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

  /** A notification or a response to the server: fire and forget, the status only noted. */
  /** (Internal to the HTTP binding.) */
  async post(m: WireMessage): Promise<void> {
    const res = await this.fetch('POST', m, this.stop.signal, {});
    if (!res) return;
    const text = res.ok ? '' : ((await res.text().catch(() => '')) ?? '');
    await res.body?.cancel().catch(() => {});
    if (!res.ok) {
      this.diagnostic(`POST ${m.method ?? 'response'} → HTTP ${res.status}${text.trim() ? `: ${preview(text)}` : ''}`);
      return;
    }
    if (m.method === 'notifications/initialized' && this.session && !this.session.stream) {
      const stream = new EventStream(this, this.session);
      this.session.stream = stream;
      stream.start();
    }
  }

  /**
   * One HTTP exchange. Resolves undefined when `signal` aborted it (the caller
   * gave up); a network failure throws, and also ends the transport: the
   * server (or the way to it) is gone, which is what reconnects are for.
   */
  async fetch(method: 'POST' | 'GET' | 'DELETE', m: WireMessage | undefined, signal: AbortSignal, o: {lastEventId?: string}): Promise<Response | undefined> {
    const s = this.session;
    const base = await this.http.headers(signal);
    const headers = m
      ? requestHeaders(m, {base, legacyVersion: s?.version, sessionId: m.method === 'initialize' ? undefined : s?.sessionId, toolHeaders: m.method === 'tools/call' ? this.toolHeaders.get(String(m.params?.name)) : undefined})
      : {...base, accept: 'text/event-stream', ...(s ? {'mcp-protocol-version': s.version} : {}), ...(s?.sessionId !== undefined ? {'mcp-session-id': s.sessionId} : {}), ...(o.lastEventId !== undefined ? {'last-event-id': o.lastEventId} : {})};
    const what = `${method}${m?.method ? ` ${m.method}` : ''}${m?.id !== undefined ? ` #${String(m.id)}` : ''}`;
    // A legacy exchange names its session (shortened: it is a credential of a sort).
    const note = (res: Response) => {
      const sid = res.headers.get('mcp-session-id') ?? s?.sessionId;
      return sid && (s || m?.method === 'initialize') ? ` session ${short(sid)}` : '';
    };
    let res: Response | undefined;
    try {
      res = await this.http.send(method, headers, method === 'POST' ? encodeMessage(m as object) : undefined, AbortSignal.any([signal, this.stop.signal]), what, note);
    } catch (err) {
      if (err instanceof TransportRequestError && err.code === 'unreachable') {
        this.diagnostic(`${what} failed: ${err.message}`, false);
        this.lost(err.message);
      }
      throw err;
    }
    if (res && headers.authorization) this.sentAuth.set(res, headers.authorization);
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
    this.http.close();
    this.onclose?.(exit);
  }
}
