import {Connection, type RequestOptions, type TraceEvent} from '../connection/connection.js';
import {ProtocolViolationError, type ExitInfo} from '../connection/errors.js';
import type {Transport} from '../transport/types.js';
import {detectEra, type Handshake} from './era.js';
import {detectEraHttp} from './era-http.js';
import {listAllTools, type PageRecord, type ToolListing} from './list-tools.js';
import {paramHeaders} from '../transport/http/param-headers.js';
import type {CallToolResult, Era, Implementation, InputRequest, ServerCapabilities, Tool} from './mcp-types.js';
import {META, withModernMeta} from './meta.js';
import {answerInputRequests, clientCapabilities, registerServerRequests, type ClientFeatures} from './server-requests.js';

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
export class McpSession {
  readonly timings: {handshakeMs: number; listMs?: number} = {handshakeMs: 0};
  /** Tool names of calls in flight, by call number. */
  private readonly inflight = new Map<number, string>();
  private callCounter = 0;
  /** Progress tokens need only be unique on this connection. */
  private progressCounter = 0;
  /** Set by `open` once the era is known; no session escapes before that. */
  private handshake!: Handshake;

  private constructor(
    readonly connection: Connection,
    private readonly options: SessionOptions,
  ) {}

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
      const detect = transport.kind === 'http' ? detectEraHttp : detectEra;
      session.handshake = await detect(conn, {
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
  get eraDecision(): string {
    return this.handshake.decision;
  }
  get closed(): boolean {
    return this.connection.isClosed;
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
      async (cursor) => complete(await this.request('tools/list', cursor === undefined ? {} : {cursor}, {timeoutMs: options.timeoutMs, signal: this.options.signal}), 'tools/list'),
      this.options.label,
      {...options, check: this.toolCheck()},
    );
    this.timings.listMs = Date.now() - started;
    return listing;
  }

  /** Calls a tool by its original name; answers MRTR rounds through the client features. */
  async callTool(name: string, args: Record<string, unknown>, options: CallOptions = {}): Promise<CallToolResult> {
    const progressToken = options.onProgress ? `bb-${++this.progressCounter}` : undefined;
    const base: Record<string, unknown> = {name, arguments: args};
    if (progressToken !== undefined || this.era === 'modern') {
      const meta: Record<string, unknown> = {};
      if (progressToken !== undefined) meta.progressToken = progressToken;
      if (this.era === 'modern') meta[META.logLevel] = this.options.logLevel ?? 'warning';
      base._meta = meta;
    }
    const maxRounds = options.maxRounds ?? 5;
    // One options object and one async frame per call, whatever the rounds.
    const requestOptions: RequestOptions = {timeoutMs: options.timeoutMs, maxTotalMs: options.maxTotalMs, signal: options.signal, progressToken, onProgress: options.onProgress};
    const callNumber = ++this.callCounter;
    this.inflight.set(callNumber, name);
    try {
      let params = base;
      for (let round = 1; ; round++) {
        const result = await this.request('tools/call', params, requestOptions);
        if (result.resultType !== 'input_required' || this.era !== 'modern') return toCallResult(complete(result, 'tools/call'));
        if (round >= maxRounds) throw new InputRoundsError(`${name}: the server still asked for more input after ${maxRounds} rounds; giving up`);
        const requests = (result.inputRequests ?? {}) as Record<string, InputRequest>;
        const inputResponses = await answerInputRequests(requests, this.options.features ?? {}, {alias: this.options.label, tool: name, signal: options.signal});
        params = {...base, inputResponses, ...(typeof result.requestState === 'string' ? {requestState: result.requestState} : {})};
      }
    } finally {
      this.inflight.delete(callNumber);
    }
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
    return this.inflight.size === 1 ? {tool: this.inflight.values().next().value} : {};
  }

  /**
   * Fires when the server says its tool list changed. Legacy servers may say
   * so at any time; modern ones only on a `subscriptions/listen` stream we
   * open, so there only notifications carrying that stream's id count.
   */
  onToolsChanged(listener: () => void): () => void {
    let listenId: string | number | undefined;
    const off = this.connection.onNotification((method, params) => {
      if (method !== 'notifications/tools/list_changed') return;
      if (this.era === 'modern' && (params?._meta as Record<string, unknown> | undefined)?.[META.subscriptionId] !== listenId) return;
      listener();
    });
    if (this.era === 'modern' && this.capabilities.tools?.listChanged) {
      // The stream stays open until either side ends it.
      this.request('subscriptions/listen', {notifications: {toolsListChanged: true}}, {timeoutMs: Infinity, onId: (id) => (listenId = id)}).catch(() => {});
    }
    return off;
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

  private meta(params: Record<string, unknown> | undefined): Record<string, unknown> {
    return withModernMeta(params, this.protocolVersion, this.options.clientInfo, clientCapabilities(this.options.features ?? {}, 'modern'));
  }
}

/** A modern call that kept answering `input_required` past the round limit. */
export class InputRoundsError extends Error {
  override readonly name = 'InputRoundsError';
  readonly code = 'input-rounds';
}

/** Absent `resultType` means complete; anything but complete here is a protocol violation. */
function complete(result: Record<string, unknown>, method: string): Record<string, unknown> {
  const type = result.resultType;
  if (type === undefined || type === 'complete') return result;
  throw new ProtocolViolationError(`${method}: unexpected resultType ${JSON.stringify(type)}`);
}

// `content` is passed up unchecked (a bare string, nulls, unknown blocks):
// the hub repairs it (src/hub/content), so nothing is lost silently here.
function toCallResult(result: Record<string, unknown>): CallToolResult {
  const out: CallToolResult = {content: result.content as CallToolResult['content']};
  if (result.structuredContent !== undefined) out.structuredContent = result.structuredContent;
  if (result.isError === true) out.isError = true;
  return out;
}

export {META};
