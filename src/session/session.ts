import {Connection, PendingRequest, type Answer, type RequestOptions, type TraceEvent} from '../connection/connection.js';
import type {ExitInfo} from '../connection/errors.js';
import {IdTable} from '../util/id-table.js';
import type {Transport} from '../transport/types.js';
import {sharedMeta, ToolCallParams} from '../transport/request-text.js';
import {handshake, type EraDecision, type Handshake, type HandshakePlan} from './era.js';
import {listAllTools, type PageRecord, type ToolListing} from './list-tools.js';
import {paramHeaders} from '../transport/http/param-headers.js';
import type {CallToolResult, Era, Implementation, LogLevel, ServerCapabilities, Tool} from './mcp-types.js';
import {META, withModernMeta} from './meta.js';
import {PromptClient} from './prompts.js';
import {ResourceClient, type ResourcePort} from './resources.js';
import {complete, InputRoundsError, needsRounds, requestRounds} from './rounds.js';
import {clientCapabilities, registerServerRequests, type ClientFeatures} from './server-requests.js';
import {CapabilityError, onListChanged} from './subscriptions.js';

/** How to open a session. */
export interface SessionOptions {
  /** The config alias; used in messages, never sent. */
  label: string;
  clientInfo: Implementation;
  features?: ClientFeatures;
  handshakeTimeoutMs?: number;
  probeWaitMs?: number;
  requestTimeoutMs?: number;
  signal?: AbortSignal;
  ontrace?: (event: TraceEvent) => void;
  /** The least severe `notifications/message` level we want; default `warning`. */
  logLevel?: string;
  /** Which handshake to run; the probe (era detection) by default. */
  plan?: HandshakePlan;
}

/** Per-call options. */
export interface CallOptions {
  timeoutMs?: number;
  maxTotalMs?: number;
  signal?: AbortSignal;
  onProgress?: RequestOptions['onProgress'];
  /** Most MRTR rounds before the call is given up as an error. */
  maxRounds?: number;
}

/** An MCP client session with one server, in whichever era it speaks. */
export class McpSession implements ResourcePort {
  readonly timings: {handshakeMs: number; listMs?: number} = {handshakeMs: 0};
  /** Resources: list, templates, read, subscribe (when the server offers them). */
  readonly resources: ResourceClient = new ResourceClient(this);
  /** Prompts: list, get, complete (when the server offers them). */
  readonly prompts: PromptClient = new PromptClient(this);
  /** The tool of each call in flight, by call number (not a Map: see IdTable). */
  private readonly inflight = new IdTable<string>();
  private callCounter = 0;
  /** The least severe `notifications/message` level asked for (legacy: set once; modern: sent per request). */
  private level: string;
  /** Progress tokens need only be unique on this connection. */
  private progressCounter = 0;
  /**
   * Modern: the whole `_meta` of a call without a progress token, made once
   * per log level and shared by every such call (frozen, with its JSON text
   * made once: see request-text.ts). Building it per call (the level's
   * object, the capabilities, the merge and its spread) was ~250 bytes a
   * call, and serialising it per call ~17% of the client's CPU at 64 in
   * flight (BENCHMARKS.md §11).
   */
  private sharedCallMeta?: Readonly<Record<string, unknown>>;
  private modernCapabilities?: Record<string, unknown>;
  /** Set by `open` once the era is known; no session escapes before that. */
  private handshake!: Handshake;

  private constructor(
    readonly connection: Connection,
    private readonly options: SessionOptions,
  ) {
    this.level = options.logLevel ?? 'warning';
  }

  /** Starts the transport and runs era detection and the handshake. */
  static async open(transport: Transport, options: SessionOptions): Promise<McpSession> {
    const conn = new Connection(transport, options.requestTimeoutMs ?? 60_000);
    conn.ontrace = options.ontrace;
    const features = options.features ?? {};
    // Made before the handshake: a legacy server may send requests during it,
    // and they ask the session which call they belong to.
    const session = new McpSession(conn, options);
    registerServerRequests(conn, features, options.label, () => session.callContext());
    await transport.start();
    const started = Date.now();
    try {
      session.handshake = await handshake(conn, options.plan ?? {kind: 'probe'}, {
        clientInfo: options.clientInfo,
        modernCapabilities: clientCapabilities(features, 'modern'),
        legacyCapabilities: clientCapabilities(features, 'legacy'),
        timeoutMs: options.handshakeTimeoutMs ?? 30_000,
        probeWaitMs: options.probeWaitMs ?? 1_500,
        signal: options.signal,
      });
      session.timings.handshakeMs = Date.now() - started;
      // Legacy servers take the level once; modern ones get it on every call (see callTool).
      if (session.era === 'legacy' && session.capabilities.logging) {
        conn.request('logging/setLevel', {level: options.logLevel ?? 'warning'}, {timeoutMs: 10_000}).catch(() => {});
      }
      return session;
    } catch (err) {
      void conn.close();
      throw err;
    }
  }

  get era(): Era {
    return this.handshake.era;
  }
  get protocolVersion(): string {
    return this.handshake.protocolVersion;
  }
  get serverInfo(): Implementation | undefined {
    return this.handshake.serverInfo;
  }
  get capabilities(): ServerCapabilities {
    return this.handshake.capabilities;
  }
  get instructions(): string | undefined {
    return this.handshake.instructions;
  }
  /** A sentence on how the era was decided, for the trace pane. */
  get eraDecision(): string {
    return this.handshake.decision;
  }
  /** Which way the era was decided: probe, remembered, pinned, or respawned after the probe. */
  get eraDecidedBy(): EraDecision {
    return this.handshake.decidedBy;
  }
  get closed(): boolean {
    return this.connection.isClosed;
  }
  /** The config alias, for messages. */
  get label(): string {
    return this.options.label;
  }
  get logLevel(): string {
    return this.level;
  }

  /** Sends a request in this session's era: `_meta` for modern, nothing for legacy. */
  request(method: string, params: Record<string, unknown> | undefined, options: RequestOptions = {}): Promise<Record<string, unknown>> {
    const body = this.era === 'modern' ? this.meta(params) : params;
    return this.connection.request(method, body, options);
  }

  /** Every tool, following `nextCursor` to the end. */
  async listAllTools(options: {pageLimit?: number; onPage?: (page: PageRecord) => void; timeoutMs?: number} = {}): Promise<ToolListing> {
    const started = Date.now();
    const listing = await listAllTools(
      (cursor) => this.list('tools/list', cursor, options.timeoutMs),
      this.options.label,
      {...options, check: this.toolCheck()},
    );
    this.timings.listMs = Date.now() - started;
    return listing;
  }

  /** Calls a tool by its original name; answers MRTR rounds through the client features. */
  callTool(name: string, args: Record<string, unknown>, options: CallOptions = {}): Promise<CallToolResult> {
    return new Promise((resolve, reject) => this.callToolTo(name, args, options, new PlainCallAnswer(resolve, reject)));
  }

  /**
   * `callTool` with its answer going to `answer` (the hub's call) instead of
   * a promise: the session adds no promise, closure or reaction of its own to
   * a call, only one `ToolCall` (BENCHMARKS.md §11). With 64 calls in flight
   * a suspended async frame per call, and later a promise chain per layer,
   * was what V8 kept in its young generation and what CPU per call went to.
   *
   * `answer` gets the server's complete result as it was read (a
   * `ToolResultRecord`), not a `CallToolResult` made of it: the hub reads
   * it once to shape its own, so a copy here was made per call to be
   * dropped at once. `now`: see `Connection.requestTo`.
   */
  callToolTo(name: string, args: Record<string, unknown>, options: CallOptions, answer: Answer<ToolResultRecord>, now?: number): void {
    const progressToken = options.onProgress ? `bb-${++this.progressCounter}` : undefined;
    const modern = this.era === 'modern';
    let base: Record<string, unknown>;
    if (modern && progressToken === undefined) {
      base = new ToolCallParams(name, args, (this.sharedCallMeta ??= sharedMeta(this.meta({_meta: {[META.logLevel]: this.level}})._meta as Record<string, unknown>))) as unknown as Record<string, unknown>;
    } else {
      base = {name, arguments: args};
      const meta = this.requestMeta(progressToken);
      if (meta) base._meta = modern ? this.meta({_meta: meta})._meta : meta;
    }
    // Without progress the caller's options are the request's (the connection only reads them): no copy per call.
    const requestOptions: RequestOptions =
      progressToken === undefined ? options : {timeoutMs: options.timeoutMs, maxTotalMs: options.maxTotalMs, signal: options.signal, progressToken, onProgress: options.onProgress};
    const callNumber = ++this.callCounter;
    this.inflight.set(callNumber, name);
    // `base` already carries the era's `_meta`: sent as it is. The call is the connection's pending entry too.
    this.connection.requestTo('tools/call', base, requestOptions, new ToolCall(this, this.inflight, callNumber, name, base, options, answer), now);
  }

  /**
   * The MRTR rounds of a call whose first answer asked for input (rare; see
   * `ToolCall`): the rest of the exchange, to its complete result.
   */
  continueRounds(name: string, base: Record<string, unknown>, requestOptions: RequestOptions, options: CallOptions, first: Record<string, unknown>): Promise<Record<string, unknown>> {
    return requestRounds((params) => this.request('tools/call', params, requestOptions), base, this.roundsContext('tools/call', name, options.signal, options.maxRounds), first);
  }

  /** One page of a list, complete. */
  async list(method: string, cursor: string | undefined, timeoutMs?: number): Promise<Record<string, unknown>> {
    return complete(await this.request(method, cursor === undefined ? {} : {cursor}, {timeoutMs, signal: this.options.signal}), method);
  }

  /** A request that may take MRTR rounds (reads, prompts, completions); modern ones carry the log level. */
  rounds(method: string, params: Record<string, unknown>, subject: string, options: {timeoutMs?: number; signal?: AbortSignal} = {}): Promise<Record<string, unknown>> {
    const meta = this.requestMeta(undefined);
    const base = meta ? {...params, _meta: meta} : params;
    return requestRounds((p) => this.request(method, p, options), base, this.roundsContext(method, subject, options.signal));
  }

  /**
   * Changes the least severe log level the server should send. Legacy:
   * `logging/setLevel` (when the server declared `logging`). Modern: the
   * level goes in `_meta` of every later call, read and prompt.
   */
  async setLogLevel(level: LogLevel): Promise<void> {
    if (this.era === 'legacy') {
      if (!this.capabilities.logging) throw new CapabilityError(`${this.label} does not offer logging (its capabilities have no "logging")`);
      await this.connection.request('logging/setLevel', {level}, {timeoutMs: 10_000});
    }
    this.level = level;
    this.sharedCallMeta = undefined;
  }

  /** Every notification the server sends (the subscription helpers filter them). */
  onNotification(listener: (method: string, params: Record<string, unknown> | undefined) => void): () => void {
    return this.connection.onNotification(listener);
  }

  /**
   * Over modern HTTP a tool whose `x-mcp-header` annotations break the rules
   * must be left out (its calls could not be sent correctly); other transports
   * ignore the annotations.
   */
  private toolCheck(): ((tool: Tool) => string | undefined) | undefined {
    if (this.connection.transport.kind !== 'http' || this.era !== 'modern') return undefined;
    return (tool) => {
      const found = paramHeaders(tool.inputSchema);
      return found.ok ? undefined : found.reason;
    };
  }

  /** The tool a legacy server request belongs to, when only one call is in flight. */
  callContext(): {tool?: string} {
    const tool = this.inflight.only();
    return tool === undefined ? {} : {tool};
  }

  /**
   * Fires when the server says its tool list changed. Legacy servers may say
   * so at any time; modern ones only on a `subscriptions/listen` stream we
   * open, so there only notifications carrying that stream's id count.
   */
  onToolsChanged(listener: () => void): () => void {
    return onListChanged(this, 'tools', listener);
  }

  /** Fires once when the server's stream ends (process exit, closed connection). */
  onClose(listener: (exit: ExitInfo) => void): () => void {
    return this.connection.onClose(listener);
  }

  /** The server's log entries (`notifications/message`). */
  onLogMessage(listener: (params: Record<string, unknown>) => void): () => void {
    return this.connection.onNotification((method, params) => {
      if (method === 'notifications/message' && params) listener(params);
    });
  }

  close(): Promise<void> {
    return this.connection.close();
  }

  /** `_meta` of an operation: the progress token, and the modern era's log level. */
  private requestMeta(progressToken: string | undefined): Record<string, unknown> | undefined {
    if (progressToken === undefined && this.era !== 'modern') return undefined;
    const meta: Record<string, unknown> = {};
    if (progressToken !== undefined) meta.progressToken = progressToken;
    if (this.era === 'modern') meta[META.logLevel] = this.level;
    return meta;
  }

  private roundsContext(method: string, subject: string, signal?: AbortSignal, maxRounds?: number) {
    return {era: this.era, method, alias: this.label, subject, features: this.options.features ?? {}, signal, maxRounds};
  }

  private meta(params: Record<string, unknown> | undefined): Record<string, unknown> {
    return withModernMeta(params, this.protocolVersion, this.options.clientInfo, (this.modernCapabilities ??= clientCapabilities(this.options.features ?? {}, 'modern')));
  }
}


/**
 * One call in flight: the connection's pending request and the session's part
 * of its answer in one object (they were two per call: BENCHMARKS.md §11,
 * h24d). Nearly every answer is complete; the round loop runs only for
 * `input_required`. Never throws into the connection: whatever goes wrong
 * goes to `answer`.
 */
class ToolCall extends PendingRequest {
  constructor(
    private readonly session: McpSession,
    private readonly inflight: IdTable<string>,
    private readonly callNumber: number,
    private readonly name: string,
    private readonly base: Record<string, unknown>,
    private readonly callOptions: CallOptions,
    private readonly answer: Answer<ToolResultRecord>,
  ) {
    super();
  }

  resolve(first: Record<string, unknown>): void {
    if (needsRounds(first, this.session.era)) return this.continueRounds(first);
    this.finish(first);
  }

  // Its own method: closures in `resolve`, even unmade, cost every call their context.
  // `this.options` are the request's options, as the connection keeps them.
  private continueRounds(first: Record<string, unknown>): void {
    this.session.continueRounds(this.name, this.base, this.options, this.callOptions, first).then(
      (result) => this.finish(result),
      (err: Error) => this.reject(err),
    );
  }

  reject(error: Error): void {
    this.inflight.take(this.callNumber);
    this.answer.reject(error);
  }

  private finish(result: Record<string, unknown>): void {
    this.inflight.take(this.callNumber);
    try {
      complete(result, 'tools/call');
    } catch (err) {
      return this.answer.reject(err as Error);
    }
    this.answer.resolve(result);
  }
}

/** `callTool`'s answer: its promise gets the `CallToolResult` of the record. */
class PlainCallAnswer implements Answer<ToolResultRecord> {
  constructor(
    private readonly done: (result: CallToolResult) => void,
    readonly reject: (error: Error) => void,
  ) {}

  resolve(result: ToolResultRecord): void {
    this.done(toCallResult(result));
  }
}

/**
 * A `tools/call` result as the server sent it, checked complete and nothing
 * more: `content` is unchecked (a bare string, nulls, unknown blocks; the hub
 * repairs it, src/hub/content), `isError` counts only when it is `true`
 * (`toCallResult`), and members beside those are the server's.
 */
export type ToolResultRecord = Record<string, unknown>;

/** The `CallToolResult` of a result record: content as it came (see ToolResultRecord), `isError` only when true. */
export function toCallResult(result: ToolResultRecord): CallToolResult {
  const out: CallToolResult = {content: result.content as CallToolResult['content']};
  if (result.structuredContent !== undefined) out.structuredContent = result.structuredContent;
  if (result.isError === true) out.isError = true;
  return out;
}

export {META, InputRoundsError, CapabilityError};
