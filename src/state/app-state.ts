// The shape of everything the UI and `--print` render. Plain immutable data:
// the reducer replaces what changes and shares the rest, so panes can compare
// slices with === and skip work.
import {INITIAL_INSPECT, type InspectState} from './inspect-state.js';
import type {TraceLine} from '../hub/hub-events.js';
import type {Catalog, HubCallResult, ServerStatus} from '../hub/types.js';
import type {ToolAnnotations} from '../session/mcp-types.js';

/** Panes that can hold focus. */
export type Pane = 'input' | 'conversation' | 'catalog' | 'servers' | 'trace';

/** Panes that show a scrolled window of a list. */
export type ScrollPane = Exclude<Pane, 'input'>;

/** Severity of a status-line notice or conversation notice. */
export type NoticeLevel = 'info' | 'warn' | 'error';

/** A bounded trace for one server: the newest entries and the stderr tail. */
export interface TraceRing {
  /** Oldest first; at most `limits.tracePerServer`. */
  readonly entries: readonly TraceLine[];
  /** Entries ever recorded; `total - entries.length + i` is a stable key for entries[i]. */
  readonly total: number;
  /** Last stderr lines, oldest first; at most `limits.stderrLines`. */
  readonly stderr: readonly string[];
}

/** A server row, built from the hub's events. */
export interface ServerView extends ServerStatus {
  /** The server said its tools changed and the new list has not arrived yet. */
  toolsStale: boolean;
  /** How long the newest finished call took. */
  lastCallMs?: number;
  /** Valid tools the server listed that breakerbox does not run (task-only), with why. */
  notCallable?: readonly NotCallableTool[];
}

/** A tool listed but never offered nor called: a valid tool, not a malformed one. */
export interface NotCallableTool {
  tool: string;
  title?: string;
  description?: string;
  reason: string;
}

/** Lifecycle of one tool-call card. */
export type CallState = 'pending' | 'awaiting-approval' | 'running' | 'done' | 'error' | 'denied' | 'cancelled';

/** The last progress notification of a running call. */
export interface CallProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** What a completed call keeps: a slim copy of `HubCallResult`. */
export interface CallOutcomeView {
  isError: boolean;
  protocolError?: HubCallResult['protocolError'];
  failure?: HubCallResult['failure'];
  warnings?: readonly string[];
  /** The server and original name the hub resolved, when it knew the server. */
  alias?: string;
  tool?: string;
}

/** One content block of a result as a card keeps it: text bounded, binary data reduced to what describes it. */
export type CardBlock =
  | {kind: 'text'; text: string}
  | {kind: 'image'; mimeType: string; bytes: number; format?: string; width?: number; height?: number}
  | {kind: 'audio'; mimeType: string; bytes: number}
  | {kind: 'link'; uri: string; name?: string; mimeType?: string}
  | {kind: 'resource'; uri: string; mimeType?: string; text?: string; bytes?: number}
  | {kind: 'other'; type: string};

/** A call's result as its card shows it, within `limits.resultChars`. */
export interface CardResult {
  readonly blocks: readonly CardBlock[];
  /** `structuredContent` as indented JSON. */
  readonly structured?: string;
  /** Characters left out to stay within the bound. */
  readonly cut: number;
}

/** A message the user typed. */
export interface UserItem {
  kind: 'user';
  id: number;
  turnId: number;
  text: string;
}

/** Text from the model; `streaming` while deltas still arrive. */
export interface AssistantItem {
  kind: 'assistant';
  id: number;
  turnId: number;
  text: string;
  streaming: boolean;
  stopReason?: string;
}

/** One tool call as the conversation shows it. */
export interface ToolCallItem {
  kind: 'tool-call';
  id: number;
  turnId: number;
  /** The model's tool_use id. */
  callId: string;
  /** The prefixed model name. */
  name: string;
  /** Undefined when the model named a tool that is not in the catalog. */
  alias?: string;
  tool?: string;
  args: unknown;
  state: CallState;
  annotations?: ToolAnnotations;
  trusted?: boolean;
  /** Approved once or always; undefined until asked. */
  approval?: 'once' | 'always' | 'denied';
  startedAt?: number;
  durationMs?: number;
  progress?: CallProgress;
  /**
   * The result as text, bounded by `limits.previewChars` (`--print` keeps it
   * whole). A denied call keeps the denial the model was told.
   */
  preview?: string;
  /** The result's content for the card and its full view, bounded by `limits.resultChars`. */
  result?: CardResult;
  outcome?: CallOutcomeView;
}

/** Something the loop wants in the transcript: step limit, cancel, failure. */
export interface NoticeItem {
  kind: 'notice';
  id: number;
  turnId: number;
  level: NoticeLevel;
  text: string;
}

/** One row of the conversation. */
export type ConversationItem = UserItem | AssistantItem | ToolCallItem | NoticeItem;

/** The transcript plus the index that lets call events find their card in O(1). */
export interface ConversationState {
  readonly items: readonly ConversationItem[];
  /** callId → index in `items`. */
  readonly callIndex: ReadonlyMap<string, number>;
}

/** How a turn ended: for the status line, `--print --json` and its exit code. */
export type TurnOutcome = 'end_turn' | 'step_limit' | 'cancelled' | 'error';

/** The turn in progress, or the last one once idle. */
export interface TurnState {
  /** 0 before the first turn. */
  readonly id: number;
  readonly step: number;
  readonly maxSteps: number;
  readonly status: 'idle' | 'running' | 'cancelling';
  readonly startedAt?: number;
  /** Index of the first item of this turn in the conversation. */
  readonly firstIndex: number;
  /** Index of the assistant item receiving deltas, or null. */
  readonly streamingIndex: number | null;
  /** Calls of this turn that have not reached a final state. */
  readonly openCalls: readonly string[];
  /** The text of the model's latest response in this turn ('' before one, or when it had none). */
  readonly answer: string;
  readonly outcome?: TurnOutcome;
  /** The last model or turn failure message. */
  readonly error?: string;
}

/** A status-line message. */
export interface Notice {
  id: number;
  level: NoticeLevel;
  text: string;
  at?: number;
  /** The turn this notice is about: it is shown only while that turn runs. */
  turnId?: number;
  /** The input line (its generation) this notice is about: a failed command's notice goes when the line is replaced. */
  line?: number;
  /** The dialog this notice is about (see `shownDialogKey`): it goes when that dialog does. */
  dialog?: string;
  /** The server this notice says is offline: it goes once that server is online again. */
  offline?: string;
}

/** Scroll position of one pane; `follow` pins the window to the end of the list. */
export interface ScrollState {
  readonly offset: number;
  readonly follow: boolean;
}

/** A view scrolled by rows over the conversation's place (a whole result, the help). */
export interface ScrolledView {
  /** First row shown. */
  readonly offset: number;
  /** Rows of the whole text and rows the view shows, as last measured by the UI. */
  readonly rows: number;
  readonly height: number;
}

/** A card's result opened in full, scrolled by rows. */
export interface ResultView extends ScrolledView {
  readonly callId: string;
}

/** UI state that the reducer owns because other state depends on it. */
export interface UiState {
  readonly focus: Pane;
  readonly scroll: Readonly<Record<ScrollPane, ScrollState>>;
  /** Rows each list pane can show, as last measured by the UI. */
  readonly viewport: Readonly<Record<ScrollPane, number>>;
  /** Catalog filter text. */
  readonly filter: string;
  readonly traceVisible: boolean;
  /** Server whose trace is shown; null means the first configured server. */
  readonly traceAlias: string | null;
  readonly size: {readonly columns: number; readonly rows: number};
  /** The help pane replaces the conversation while open (null: closed); it scrolls, as it is taller than a small terminal. */
  readonly help: ScrolledView | null;
  /** The input line being edited; `cursor` is a UTF-16 index into `value`. */
  /** `failed`: the line is a slash command that failed, kept to fix; typing new text replaces it. */
  readonly input: {readonly value: string; readonly cursor: number; readonly failed?: boolean; readonly generation?: number};
  /** The tool-call card chosen in the conversation (← →), or null. */
  readonly selectedCall: string | null;
  /** The card whose result is open in full, or null. */
  readonly result: ResultView | null;
  /** The highlighted row of the catalog and servers panes (Enter opens its detail). */
  readonly cursor: {readonly catalog: number; readonly servers: number};
}

/** Bounds that keep memory flat however long the session runs. */
export interface Limits {
  tracePerServer: number;
  stderrLines: number;
  notices: number;
  previewChars: number;
  summaryChars: number;
  /** Characters of one call's result kept for its card. */
  resultChars: number;
}

/** A server asking the user something (elicitation) or asking for the model (sampling). */
export interface InputRequestView {
  readonly requestId: string;
  readonly alias: string;
  readonly kind: 'elicitation' | 'sampling' | 'login';
  /** The server's words, already stripped of control sequences by the controller. */
  readonly message: string;
  /** Elicitation form mode: the requested schema (flat object of primitive fields). */
  readonly schema?: Readonly<Record<string, unknown>>;
  /** Elicitation URL mode: the URL to show (never opened by us); a login: the authorization URL (opened only on the user's key). */
  readonly url?: string;
  /** The tool call this came from, when known (modern MRTR). */
  readonly tool?: string;
}

/** The whole application state. */
export interface AppState {
  readonly servers: {readonly order: readonly string[]; readonly byAlias: Readonly<Record<string, ServerView>>};
  readonly catalog: Catalog;
  readonly conversation: ConversationState;
  readonly turn: TurnState;
  /** callIds waiting for the user, oldest first; the head is the one asked now. */
  readonly approvals: readonly string[];
  /** Server requests waiting for the user, oldest first; the head is the one shown. */
  readonly inputRequests: readonly InputRequestView[];
  /** Prefixed tool names the user allowed for the rest of the session: the only such set. */
  readonly alwaysAllowed: ReadonlySet<string>;
  /** A question asked while the servers were still starting; sent once they have. */
  readonly queued: string | null;
  /** The driver's clock at its last tick (elapsed times are drawn against it). */
  readonly now: number;
  readonly traces: Readonly<Record<string, TraceRing>>;
  readonly ui: UiState;
  readonly model: {readonly label: string; readonly offline: boolean};
  readonly notices: readonly Notice[];
  readonly limits: Limits;
  /** Resources, prompts, logs, and the view a person opened over the conversation. */
  readonly inspect: InspectState;
  /** Next id for conversation items and notices (stable React keys). */
  readonly nextId: number;
  /** The tool table's size as the model API counted it (the estimate is derived from the catalog). */
  readonly countedTokens: CountedTokens | null;
  /** Input tokens of this session's model requests, for the prompt cache hit rate. */
  readonly usage: UsageTotals;
}

/** Token counts of one catalog version, from the API's counting endpoint. */
export interface CountedTokens {
  readonly version: number;
  readonly byAlias: Readonly<Record<string, number>>;
  readonly total: number;
}

/** Sums of the usage the model API reported. */
export interface UsageTotals {
  readonly requests: number;
  /** Uncached input tokens. */
  readonly input: number;
  readonly cacheRead: number;
  readonly cacheWrite: number;
}

/** A configured server as `initialState` needs it (a hub status fits). */
export interface InitialServer {
  alias: string;
  trusted?: boolean;
  disabled?: boolean;
  state?: ServerStatus['state'];
  logFile?: string;
  /** Where the server is: fixed by its config, so known before any event. */
  transport?: ServerStatus['transport'];
  url?: string;
  warning?: string;
}

/** Options for `initialState`. */
export interface InitialStateOptions {
  /** In config order. */
  servers?: readonly InitialServer[];
  modelLabel?: string;
  offline?: boolean;
  maxSteps?: number;
  columns?: number;
  rows?: number;
  limits?: Partial<Limits>;
  /** The clock's reading at start. */
  now?: number;
}

/** The catalog before the hub built one; version -1 so any real catalog differs. */
export const EMPTY_CATALOG: Catalog = Object.freeze({entries: Object.freeze([]), byName: new Map(), version: -1});

/** Default bounds. */
export const DEFAULT_LIMITS: Limits = Object.freeze({
  tracePerServer: 500,
  stderrLines: 50,
  notices: 20,
  previewChars: 2000,
  summaryChars: 1000,
  resultChars: 100_000,
});

/** A server row before anything is known about it. */
export function newServerView(alias: string, trusted = false, disabled = false, logFile?: string): ServerView {
  return {alias, state: disabled ? 'disabled' : 'starting', toolCount: 0, pages: 0, trusted, toolsStale: false, ...(logFile === undefined ? {} : {logFile})};
}

/** The state before any event. */
export function initialState(opts: InitialStateOptions = {}): AppState {
  const order: string[] = [];
  // No prototype: `byAlias['__proto__'] = row` on a plain object would set its prototype, not add a row,
  // and the row's first event would then add the alias a second time.
  const byAlias: Record<string, ServerView> = Object.create(null);
  for (const s of opts.servers ?? []) {
    if (Object.hasOwn(byAlias, s.alias)) continue;
    order.push(s.alias);
    const where = {
      ...(s.transport === undefined ? {} : {transport: s.transport}),
      ...(s.url === undefined ? {} : {url: s.url}),
      ...(s.warning === undefined ? {} : {warning: s.warning}),
    };
    byAlias[s.alias] = {...newServerView(s.alias, s.trusted ?? false, s.disabled === true || s.state === 'disabled', s.logFile), ...where};
  }
  return {
    servers: {order, byAlias},
    catalog: EMPTY_CATALOG,
    conversation: {items: [], callIndex: new Map()},
    turn: {id: 0, step: 0, maxSteps: opts.maxSteps ?? 10, status: 'idle', firstIndex: 0, streamingIndex: null, openCalls: [], answer: ''},
    approvals: [],
    inputRequests: [],
    alwaysAllowed: new Set(),
    queued: null,
    now: opts.now ?? 0,
    traces: {},
    ui: {
      focus: 'input',
      scroll: {
        conversation: {offset: 0, follow: true},
        catalog: {offset: 0, follow: false},
        servers: {offset: 0, follow: false},
        trace: {offset: 0, follow: true},
      },
      viewport: {conversation: 10, catalog: 10, servers: 10, trace: 10},
      filter: '',
      traceVisible: false,
      traceAlias: null,
      size: {columns: opts.columns ?? 80, rows: opts.rows ?? 24},
      help: null,
      input: {value: '', cursor: 0},
      selectedCall: null,
      result: null,
      cursor: {catalog: 0, servers: 0},
    },
    model: {label: opts.modelLabel ?? '', offline: opts.offline ?? false},
    notices: [],
    limits: {...DEFAULT_LIMITS, ...opts.limits},
    inspect: INITIAL_INSPECT,
    nextId: 1,
    countedTokens: null,
    usage: {requests: 0, input: 0, cacheRead: 0, cacheWrite: 0},
  };
}
