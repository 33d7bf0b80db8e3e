import type {RequiredUrl} from './url-required.js';
import type {StartingProgress} from './startup-watch.js';
import type {CallToolResult, Era, ServerCapabilities, ToolAnnotations} from '../session/mcp-types.js';
import type {EraDecision} from '../session/era.js';
import type {ToolPinCheck} from './trust/evaluate.js';
import type {Finding} from './trust/scan.js';

/** Where a server's failure happened. */
export type FailurePhase = 'config' | 'spawn' | 'handshake' | 'list' | 'call' | 'exit' | 'login';

/** What goes before an offline server's reason: what failed, or "needs login" where nothing failed yet. */
export function failurePrefix(phase: FailurePhase | undefined): string {
  return phase === 'login' ? 'needs login: ' : phase ? `${phase} failed: ` : '';
}

/** A server's lifecycle state as the UI and `--list-tools` show it. */
export type ServerState = 'starting' | 'online' | 'restarting' | 'offline' | 'disabled' | 'idle';

/** Everything the UI knows about one configured server. */
export interface ServerStatus {
  alias: string;
  state: ServerState;
  /** Restart attempt number while `restarting`. */
  attempt?: number;
  era?: Era;
  protocolVersion?: string;
  /** How the era was decided: probe, remembered, pinned, respawned-after-probe. */
  eraDecision?: EraDecision;
  /** Self-reported `serverInfo.name`: display only. */
  serverName?: string;
  toolCount: number;
  pages: number;
  discoveryMs?: number;
  phase?: FailurePhase;
  reason?: string;
  /** When the failure was recorded (ms since epoch). */
  failedAt?: number;
  trusted: boolean;
  /** Circuit breaker open until this time (ms since epoch). */
  circuitOpenUntil?: number;
  instructions?: string;
  /** What the server declared it can do. */
  capabilities?: ServerCapabilities;
  logFile?: string;
  /** How the server is reached, for display only. */
  transport?: 'stdio' | 'http';
  /** A remote server's URL, credentials masked. */
  url?: string;
  /** While a start takes long but shows signs of life: what it is doing and for how long. */
  starting?: StartingProgress;
  /** Shown beside the server; does not stop it (e.g. plain http to another host). */
  warning?: string;
  /** While starting or idle (a lazy server not started yet, or stopped when idle): the tools offered from the cache (issue #18), and when they were listed (ISO). */
  cached?: {toolCount: number; listedAt: string};
}

/** How a model name was derived from the original tool name. */
export type NameMangling = 'none' | 'sanitised' | 'hashed';

/** One row of the tool table: the model name and everything the client keeps. */
export interface CatalogEntry {
  /** `mcp__<alias>__<tool>`, valid for the model API. */
  name: string;
  alias: string;
  /** The name the server knows; the only name ever sent to it. */
  tool: string;
  title?: string;
  /** The description sent to the model, provenance first. */
  description: string;
  /** The server's own description, untouched. */
  originalDescription?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: ToolAnnotations;
  trusted: boolean;
  mangling: NameMangling;
  /** The tool against its pin (trust on first use); undefined when nothing is pinned. */
  pinCheck?: ToolPinCheck;
  /** Hidden-instruction findings in its definition, each with its place. */
  findings?: readonly Finding[];
  /** Why the tool is kept from the model (only on `Catalog.withheld` entries). */
  withheld?: string;
}

/** The neutral tool shape every model provider starts from: name, description (provenance first), input schema. */
export interface ModelTool {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

/** An immutable snapshot of every online tool, in stable order. */
export interface Catalog {
  readonly entries: readonly CatalogEntry[];
  /** Reverse table: model name → entry. */
  readonly byName: ReadonlyMap<string, CatalogEntry>;
  /** Changes whenever the entries change; equal versions mean identical tables. */
  readonly version: number;
  /**
   * Tools kept from the model until the user trusts them (changed since
   * pinned, or hiding invisible characters). Never in `entries` or `byName`:
   * whatever the model can see (its table, tool search) reads `entries` only.
   */
  readonly withheld?: readonly CatalogEntry[];
  /** Pinned tools a server no longer lists. */
  readonly removed?: ReadonlyArray<{alias: string; tool: string}>;
  /**
   * Where the tools appended after startup begin (unset: none were). The
   * entries before it are in canonical order; the rest in the order they
   * appeared, so a request can place them after everything already sent.
   */
  readonly appendedFrom?: number;
}

/** The outcome of `hub.call`: always a result, never a throw. */
export interface HubCallResult extends CallToolResult {
  /** A JSON-RPC error (a bug, not a tool failure); shown to the user too. */
  protocolError?: {code: number; message: string};
  /** A -32042 error's pages the user must visit first (shown, never opened). */
  urlElicitations?: RequiredUrl[];
  /** Why the call failed on the client side, for counting and display. */
  failure?: 'unknown-tool' | 'withheld' | 'offline' | 'circuit-open' | 'timeout' | 'exited' | 'too-large' | 'unreachable' | 'refused' | 'protocol' | 'invalid-output' | 'input-rounds' | 'aborted' | 'internal';
  /** The server's own result when it broke its outputSchema: shown to the user, never to the model. */
  rejected?: Pick<CallToolResult, 'content' | 'structuredContent'>;
  /** Warnings recorded on the way (e.g. outputSchema without structuredContent). */
  warnings?: string[];
  alias?: string;
  tool?: string;
  durationMs: number;
}
