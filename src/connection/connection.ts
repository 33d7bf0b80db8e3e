import {PreEncoded, SENT, type OversizeInfo, type Transport} from '../transport/types.js';
import {AbortError, McpError, ResponseTooLargeError, ServerExitedError, TimeoutError, type ExitInfo} from './errors.js';
import {topLevelMembers} from './json-members.js';
import {IdTable} from '../util/id-table.js';
import {judgeOversize} from './oversize.js';
import {classify, invalidReason, type JsonRpcErrorResponse, type JsonRpcNotification, type JsonRpcRequest, type JsonRpcResult, type RequestId} from './jsonrpc.js';

/** Options for one outgoing request; read while it waits (not copied), so not to be changed meanwhile. */
export interface RequestOptions {
  /** Idle timeout; progress notifications restart it when `progressToken` is set. */
  timeoutMs?: number;
  /** A hard cap on total time, whatever progress arrives. */
  maxTotalMs?: number;
  signal?: AbortSignal;
  /** Set by callers that put `_meta.progressToken` into params. */
  progressToken?: string | number;
  onProgress?: (progress: {progress: number; total?: number; message?: string}) => void;
  /** Told the id the request went out with (e.g. to match a subscription's notifications). */
  onId?: (id: RequestId) => void;
}

/** Answers one request the server sent us; throw McpError to answer with an error. */
export type RequestHandler = (params: Record<string, unknown> | undefined, id: RequestId, signal: AbortSignal) => Promise<unknown> | unknown;

/** Something worth showing in a debug trace. */
export type TraceEvent =
  | {direction: 'out' | 'in'; message: Record<string, unknown>}
  | {direction: 'noise'; line: string; reason: string}
  /** What the transport itself did (an HTTP exchange); never carries header values. */
  | {direction: 'transport'; line: string};

/**
 * Where the answer to a request goes: a promise's resolve and reject, or an
 * object of the call path with those two methods (see `requestTo`).
 */
export interface Answer<T> {
  resolve(value: T): void;
  reject(error: Error): void;
}

/** A deadline that never comes: a request without that limit. */
const NEVER = -1;
const NO_OPTIONS: RequestOptions = Object.freeze({});

/**
 * One request waiting for its answer, and where the answer goes. The layer
 * that makes a request extends this with what it needs when the answer comes
 * (the session's `ToolCall`; `request` uses a promise's resolving functions),
 * so a tool call is one object from the session down, not an entry here and
 * an answer object above (BENCHMARKS.md §11, h24d). The connection fills the
 * fields below when the request goes out; a subclass must not touch them.
 *
 * Times are whole milliseconds of performance.now() (see `deadlineAfter`): V8
 * keeps such integers in the object itself, where a fractional time in a
 * field is a separate 16-byte number on every store. What the caller's options
 * already hold (the timeout, the total cap, the progress token and listener)
 * is read from them, not copied.
 */
export abstract class PendingRequest implements Answer<Record<string, unknown>> {
  id = 0;
  method = '';
  options: RequestOptions = NO_OPTIONS;
  /** When the idle timeout expires; progress moves it later. NEVER for none. */
  deadline = NEVER;
  /** When `maxTotalMs` expires; NEVER for none. */
  totalDeadline = NEVER;
  /** Set when an abort signal is listened to. */
  cleanup: (() => void) | undefined = undefined;
  /** What a timeout should add: set when an unreadable message may have been this answer. */
  note: string | undefined = undefined;

  /** The result, as it is read; a throw here is counted as noise, it does not stop the reader. */
  abstract resolve(result: Record<string, unknown>): void;
  /** An error response as it is read; a timeout, abort, exit or failed write in a microtask. */
  abstract reject(error: Error): void;

  /** The earlier of the two deadlines; NEVER for none. */
  get due(): number {
    if (this.totalDeadline === NEVER) return this.deadline;
    if (this.deadline === NEVER) return this.totalDeadline;
    return Math.min(this.deadline, this.totalDeadline);
  }
}

/** `request`'s entry: the answer settles a promise. */
class PromiseRequest extends PendingRequest {
  constructor(
    private readonly done: (result: Record<string, unknown>) => void,
    private readonly fail: (error: Error) => void,
  ) {
    super();
  }

  resolve(result: Record<string, unknown>): void {
    this.done(result);
  }

  reject(error: Error): void {
    this.fail(error);
  }
}

/** `ms` after `now`, rounded up to a whole millisecond (never early); NEVER for no limit (undefined, Infinity). */
function deadlineAfter(now: number, ms: number | undefined): number {
  if (ms === undefined || !Number.isFinite(ms)) return NEVER;
  return Math.max(0, Math.ceil(now + ms));
}

/** Counters a debug view shows; a healthy server keeps them at zero. */
export interface ConnectionStats {
  noise: number;
  lateResponses: number;
  unknownResponses: number;
  recentNoise: string[];
}

/**
 * JSON-RPC over one transport: ids, the pending map, timeouts, cancellation,
 * answering the server's requests and fanning out its notifications.
 */
export class Connection {
  readonly stats: ConnectionStats = {noise: 0, lateResponses: 0, unknownResponses: 0, recentNoise: []};
  ontrace?: (event: TraceEvent) => void;
  private nextId = 1;
  /** Our requests waiting for an answer, by id (not a Map: see IdTable). */
  private pending = new IdTable<PendingRequest>();
  private byProgressToken = new Map<string | number, PendingRequest>();
  /** Ids we gave up on; a late answer is counted, not reported as unknown. */
  private abandoned = new Set<RequestId>();
  private handlers = new Map<string, RequestHandler>();
  /** Requests the server sent us that we are still answering; it may cancel them. */
  private serving = new Map<RequestId, AbortController>();
  private notificationListeners = new Set<(method: string, params: Record<string, unknown> | undefined) => void>();
  private closeListeners = new Set<(exit: ExitInfo) => void>();
  private exit?: ExitInfo;
  /**
   * One timer for all pending requests, armed for the earliest deadline: a
   * setTimeout/clearTimeout pair per request was the largest client cost of a
   * call (BENCHMARKS.md, finding 1). Deadlines only move later, so the armed
   * timer is never late; when it fires it gives up on what expired and re-arms.
   */
  private timer?: NodeJS.Timeout;
  private timerAt = Infinity;

  constructor(
    readonly transport: Transport,
    private readonly defaultTimeoutMs = 60_000,
  ) {
    this.handlers.set('ping', () => ({}));
    transport.onmessage = (m, raw) => this.receive(m, raw);
    transport.onnoise = (line, reason) => this.noise(line, reason);
    transport.onoversize = (info) => this.oversized(info);
    transport.onclose = (exit) => this.closed(exit);
    transport.onerror = (err) => this.noise(err.message, 'transport error');
  }

  get isClosed(): boolean {
    return this.exit !== undefined;
  }

  get exitInfo(): ExitInfo | undefined {
    return this.exit;
  }

  /** Registers the answer to a server → client request method. */
  handle(method: string, handler: RequestHandler): void {
    this.handlers.set(method, handler);
  }

  /** Listens to every notification; returns an unsubscribe function. */
  onNotification(listener: (method: string, params: Record<string, unknown> | undefined) => void): () => void {
    this.notificationListeners.add(listener);
    return () => this.notificationListeners.delete(listener);
  }

  /**
   * Listens for the end of the stream (once, with the exit); a listener added
   * after the end is told at once. Returns an unsubscribe function.
   */
  onClose(listener: (exit: ExitInfo) => void): () => void {
    if (this.exit) {
      listener(this.exit);
      return () => {};
    }
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  request(method: string, params: Record<string, unknown> | undefined, options: RequestOptions = {}): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => this.requestTo(method, params, options, new PromiseRequest(resolve, reject)));
  }

  /**
   * A request whose answer goes to `entry` (see PendingRequest) instead of a
   * promise: the call path's layers (session, hub) each pass an object of
   * their own down, so a call makes one promise (the hub's), not one per
   * layer with its closures and a reaction per hop (BENCHMARKS.md §11). A
   * result or an error response is handed over as it is read; a timeout, an
   * abort, the server's exit or a failed write are handed over in a
   * microtask (never inside a timer, an abort listener or the close), as a
   * promise would. An entry goes out once. `now` is the caller's reading of
   * performance.now() when it has just made one (the hub's, at a call's
   * start): the deadlines count from it, so a call reads the clock once
   * there, not again here.
   */
  requestTo(method: string, params: Record<string, unknown> | undefined, options: RequestOptions, entry: PendingRequest, now?: number): void {
    if (this.exit) return later(entry, new ServerExitedError(this.exit));
    const {signal} = options;
    if (signal?.aborted) return later(entry, new AbortError(method, signal.reason));
    const id = this.nextId++;
    options.onId?.(id);
    const start = now ?? performance.now();
    entry.id = id;
    entry.method = method;
    entry.options = options;
    entry.deadline = deadlineAfter(start, options.timeoutMs ?? this.defaultTimeoutMs);
    entry.totalDeadline = deadlineAfter(start, options.maxTotalMs);
    this.pending.set(id, entry);
    this.schedule(entry.due);
    if (signal) {
      const onAbort = () => this.giveUp(id, new AbortError(method, signal.reason));
      signal.addEventListener('abort', onAbort, {once: true});
      entry.cleanup = () => signal.removeEventListener('abort', onAbort);
    }
    if (options.progressToken !== undefined) this.byProgressToken.set(options.progressToken, entry);
    const message: JsonRpcRequest = params === undefined ? {jsonrpc: '2.0', id, method} : {jsonrpc: '2.0', id, method, params};
    this.ontrace?.({direction: 'out', message: message as unknown as Record<string, unknown>});
    let sent: Promise<void>;
    try {
      sent = this.transport.send(message);
    } catch (err) {
      sent = Promise.reject(err);
    }
    if (sent === SENT) return;
    sent.catch((err: Error) => {
      const failed = this.exit ? new ServerExitedError(this.exit) : (err as {code?: unknown}).code !== 'closed' ? err : undefined;
      // A write to a dying stream: its close follows and rejects this request
      // with the exit reason (the timeout is the backstop). Anything else is ours.
      const pendingEntry = failed ? this.settle(id) : undefined;
      if (pendingEntry) later(pendingEntry, failed!);
    });
  }

  notify(method: string, params?: Record<string, unknown>): void {
    if (this.exit) return;
    const message = params === undefined ? {jsonrpc: '2.0', method} : {jsonrpc: '2.0', method, params};
    this.ontrace?.({direction: 'out', message});
    this.transport.send(message).catch(() => {});
  }

  async close(): Promise<void> {
    await this.transport.close();
  }

  /** Removes a pending entry and its timers; the caller settles it. */
  private settle(id: RequestId): PendingRequest | undefined {
    const entry = this.pending.take(id);
    if (!entry) return undefined;
    // Nothing left to time: the armed timer must not keep the process alive.
    if (this.pending.size === 0) this.timer?.unref();
    entry.cleanup?.();
    const token = entry.options.progressToken;
    if (token !== undefined) this.byProgressToken.delete(token);
    return entry;
  }

  /** Timeout or abort: forget the request, tell the server, tell the caller. */
  private giveUp(id: RequestId, error: TimeoutError | AbortError): void {
    const entry = this.settle(id);
    if (!entry) return;
    this.abandoned.add(id);
    if (this.abandoned.size > 10_000) this.abandoned.delete(this.abandoned.values().next().value!);
    this.notify('notifications/cancelled', {requestId: id, reason: error.message});
    later(entry, error);
  }

  private receive(value: unknown, raw?: string): void {
    const kind = classify(value);
    if (kind === 'invalid') {
      this.noise(preview(value), invalidReason(value)!);
      return;
    }
    this.ontrace?.({direction: 'in', message: value as Record<string, unknown>});
    switch (kind) {
      case 'result': {
        const message = value as JsonRpcResult;
        const entry = this.answered(message.id);
        return entry && this.handOver(entry, message.result, undefined);
      }
      case 'error': {
        const message = value as JsonRpcErrorResponse;
        const {code, message: text, data} = message.error;
        if (message.id === null) return this.noise(`error without id: ${code} ${text}`, 'error response with a null id');
        const entry = this.answered(message.id);
        return entry && this.handOver(entry, undefined, new McpError(code, text, data));
      }
      case 'request':
        return void this.serve(value as JsonRpcRequest, raw);
      case 'notification': {
        const message = value as JsonRpcNotification;
        return this.notified(message.method, message.params);
      }
    }
  }

  /** The pending request a response answers, removed; a late or unknown answer is only counted. */
  private answered(id: RequestId): PendingRequest | undefined {
    const entry = this.settle(id);
    if (entry) return entry;
    if (this.abandoned.delete(id)) this.stats.lateResponses++;
    else this.stats.unknownResponses++;
    return undefined;
  }

  /** Gives a response to whoever waits for it, as it is read: a bug there must not stop the reader. */
  private handOver(entry: PendingRequest, result: Record<string, unknown> | undefined, error: Error | undefined): void {
    try {
      if (error) entry.reject(error);
      else entry.resolve(result!);
    } catch (err) {
      this.noise(err instanceof Error ? err.message : String(err), `the answer to ${entry.method} #${entry.id} failed in its handler`);
    }
  }

  private notified(method: string, params: Record<string, unknown> | undefined): void {
    if (method === 'notifications/progress' && params) this.progressed(params);
    if (method === 'notifications/cancelled' && params) this.serving.get(params.requestId as RequestId)?.abort(params.reason ?? 'cancelled by the server');
    for (const listener of this.notificationListeners) {
      try {
        listener(method, params);
      } catch {
        /* a listener's bug must not stop the reader */
      }
    }
  }

  private progressed(params: Record<string, unknown>): void {
    const token = params.progressToken as string | number | undefined;
    const entry = token === undefined ? undefined : this.byProgressToken.get(token);
    if (!entry) return;
    // Progress proves the server is alive: restart the idle timeout (the total cap stays).
    // The deadline only moves later, so the armed timer needs no change.
    entry.deadline = deadlineAfter(performance.now(), this.timeoutOf(entry));
    if (typeof params.progress === 'number') {
      entry.options.onProgress?.({
        progress: params.progress,
        total: typeof params.total === 'number' ? params.total : undefined,
        message: typeof params.message === 'string' ? params.message : undefined,
      });
    }
  }

  /** Every request from the server gets exactly one answer, unless the server cancels it first. */
  private async serve(request: JsonRpcRequest, raw?: string): Promise<void> {
    const handler = this.handlers.get(request.method);
    const abort = new AbortController();
    const wireId = typeof request.id === 'number' && raw !== undefined ? exactIdToken(request.id, raw) : undefined;
    const reply = (body: Record<string, unknown>) => {
      // After the server's own cancellation it expects nothing more for that id.
      if (abort.signal.aborted) return;
      this.reply(request.id, wireId, body);
    };
    if (!handler) return reply({error: {code: -32601, message: `Method not found: ${request.method}`}});
    this.serving.set(request.id, abort);
    try {
      const result = await handler(request.params, request.id, abort.signal);
      reply({result: (result ?? {}) as object});
    } catch (err) {
      if (err instanceof McpError) reply({error: {code: err.code, message: err.message, ...(err.data === undefined ? {} : {data: err.data})}});
      else reply({error: {code: -32603, message: err instanceof Error ? err.message : String(err)}});
    } finally {
      if (this.serving.get(request.id) === abort) this.serving.delete(request.id);
    }
  }

  /** Answers a server request; `wireId` is the id's exact token when a JS number cannot hold it. */
  private reply(id: RequestId, wireId: string | undefined, body: Record<string, unknown>): void {
    const message = {jsonrpc: '2.0', id, ...body};
    this.ontrace?.({direction: 'out', message});
    const out = wireId === undefined ? message : new PreEncoded(`{"jsonrpc":"2.0","id":${wireId},${JSON.stringify(body).slice(1)}`);
    this.transport.send(out).catch(() => {});
  }

  /**
   * A message too large to read. When its first or last bytes name the id of
   * a request of ours, that request fails now with the size, instead of
   * timing out later with no reason; a server request that large gets an
   * error answer. Without a readable id, nothing is guessed: every request in
   * flight keeps its timeout, which will then say what arrived.
   */
  private oversized(info: OversizeInfo): void {
    const o = judgeOversize(info);
    if (!info.complete) {
      this.noise(`<${info.bytes} bytes without a newline>`, `line longer than ${info.limit} bytes dropped`);
      const entry = o.kind === 'response' && o.id !== undefined ? this.pending.get(o.id) : undefined;
      if (entry) entry.note = `its answer was still arriving, already over the ${info.limit}-byte limit`;
      return;
    }
    if (o.kind === 'request') return this.reply(o.id!, o.token, {error: {code: -32600, message: `request too large (${o.size})`}});
    if (o.kind === 'notification') return;
    const entry = o.id === undefined ? undefined : this.settle(o.id);
    if (entry) return later(entry, new ResponseTooLargeError(entry.method, info.bytes, info.limit));
    if (o.id !== undefined) return;
    for (const p of this.pending.values()) p.note = `the server sent a message too large to read (${o.size}) whose id could not be found; it may have been this answer`;
  }

  private noise(line: string, reason: string): void {
    this.stats.noise++;
    this.stats.recentNoise.push(`${reason}: ${line.slice(0, 200)}`);
    if (this.stats.recentNoise.length > 20) this.stats.recentNoise.shift();
    this.ontrace?.({direction: 'noise', line, reason});
  }

  /** The idle timeout a request went out with: its options' or the connection's. */
  private timeoutOf(entry: PendingRequest): number {
    return entry.options.timeoutMs ?? this.defaultTimeoutMs;
  }

  /** Makes sure the timer fires by `at` (a deadline: whole ms of performance.now()) and holds the process while requests wait. */
  private schedule(at: number): void {
    if (at === NEVER) return;
    if (this.timer && at >= this.timerAt) {
      this.timer.ref();
      return;
    }
    clearTimeout(this.timer);
    this.timerAt = at;
    // setTimeout takes at most 2^31-1 ms; a later deadline is looked at again then.
    this.timer = setTimeout(() => this.expire(), Math.min(2_147_483_647, Math.max(0, Math.ceil(at - performance.now()))));
  }

  /** The timer fired: give up on every request past a deadline, then re-arm for the next one. */
  private expire(): void {
    this.timer = undefined;
    this.timerAt = Infinity;
    const now = performance.now();
    let next = NEVER;
    for (const entry of this.pending.values()) {
      if (entry.deadline !== NEVER && entry.deadline <= now) this.giveUp(entry.id, new TimeoutError(entry.method, this.timeoutOf(entry), entry.note));
      else if (entry.totalDeadline !== NEVER && entry.totalDeadline <= now) this.giveUp(entry.id, new TimeoutError(entry.method, entry.options.maxTotalMs!, entry.note));
      else if (entry.due !== NEVER && (next === NEVER || entry.due < next)) next = entry.due;
    }
    if (this.pending.size > 0) this.schedule(next);
  }

  private closed(exit: ExitInfo): void {
    if (this.exit) return;
    this.exit = exit;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
    // Made only if a request waits: its message scores the stderr's lines
    // (describeExit), work wasted on a server that was closed normally.
    let error: ServerExitedError | undefined;
    for (const entry of this.pending.values()) {
      const settled = this.settle(entry.id);
      if (settled) later(settled, (error ??= new ServerExitedError(exit)));
    }
    for (const abort of this.serving.values()) abort.abort('the server exited');
    this.serving.clear();
    for (const listener of [...this.closeListeners]) listener(exit);
    this.closeListeners.clear();
  }
}

/** Rejects in a microtask, as a promise's handlers would run: never inside the caller's own work. */
function later(answer: Answer<never>, error: Error): void {
  queueMicrotask(() => answer.reject(error));
}

/**
 * The id exactly as the server wrote it, when the number JSON.parse made of it
 * would be written back differently (beyond 2^53, `1.0`, `-0`); undefined otherwise.
 */
function exactIdToken(id: number, raw: string): string | undefined {
  const token = topLevelMembers(raw).scalars.get('id');
  return token !== undefined && token !== String(id) ? token : undefined;
}

/**
 * A short description of a value that is not JSON-RPC. Never stringifies the
 * whole value: it may be 20 MB, or nested deep enough to overflow the stack.
 */
function preview(value: unknown): string {
  if (Array.isArray(value)) return `[array of ${value.length}]`;
  if (typeof value === 'object' && value !== null) return `{${Object.keys(value).slice(0, 8).map((k) => JSON.stringify(k.slice(0, 40))).join(', ')}}`;
  return String(value).slice(0, 200);
}
