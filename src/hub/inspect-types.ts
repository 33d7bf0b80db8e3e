// What the hub tells a person debugging a server: its resources and prompts,
// its log entries, the details of one server, a replayed listing. Shapes
// only; the hub fills them (src/hub/inspector.ts).
import type {DroppedItem, PageRecord} from '../session/paginate.js';
import type {Implementation, Resource, ResourceTemplate, ServerCapabilities} from '../session/mcp-types.js';
import type {Finding} from './trust/scan.js';
import type {HubCallResult, ServerStatus} from './types.js';

/** Why a hub operation other than a tool call failed. */
export type HubFailure = NonNullable<HubCallResult['failure']> | 'unknown-server' | 'capability';

/** The outcome of a read, a prompt, a completion…: never a throw. */
export type HubOutcome<T> = ({ok: true; value: T} | {ok: false; error: string; failure: HubFailure; protocolError?: {code: number; message: string}}) & {durationMs: number};

/** One server's resources and templates, from the last listing. */
export interface ServerResources {
  alias: string;
  resources: Resource[];
  templates: ResourceTemplate[];
  /** Entries of either list that could not be used, with reasons. */
  dropped: DroppedItem[];
}

/** One `notifications/message` a server sent. */
export interface LogEntry {
  /** ms since epoch. */
  at: number;
  level: string;
  text: string;
}

/** One restart of a server (or the restart loop giving up). */
export interface RestartRecord {
  at: number;
  /** 1, 2, …; 0 when the hub gave up. */
  attempt: number;
  reason: string;
}

/** The circuit breaker as a person reads it. */
export interface CircuitView {
  state: 'closed' | 'open';
  threshold: number;
  openUntil?: number;
}

/** Everything known about one server, for its detail view. */
export interface ServerDetail {
  alias: string;
  status: ServerStatus;
  /** How the era was decided (a sentence from the handshake). */
  eraDecision?: string;
  serverInfo?: Implementation;
  capabilities?: ServerCapabilities;
  instructions?: string;
  /** Every page of the last tools/list. */
  listing: PageRecord[];
  /** Tools it listed that are not in the table: malformed ones, and (`notCallable`) valid task-only ones. */
  droppedTools: Array<{tool: string; reason: string; notCallable?: boolean}>;
  logFile?: string;
  restarts: RestartRecord[];
  circuit: CircuitView;
  logLevel: string;
  resourceCount: number;
  promptCount: number;
  /** Hidden-instruction findings in its instructions, prompts and resources, each with its place. */
  findings: Finding[];
}

/** One tool in a listing diff. */
export interface DiffRow {
  name: string;
  tool: string;
  /** What changed, for `changed` rows: description, title, input schema, … */
  what?: string[];
}

/** `/relist`: the listing again, page by page, and what changed in the catalog. */
export interface RelistReport {
  alias: string;
  pages: PageRecord[];
  dropped: DroppedItem[];
  added: DiffRow[];
  removed: DiffRow[];
  changed: DiffRow[];
  unchanged: number;
  durationMs: number;
}
