// Everything that can happen, in the past tense. The controller turns hub,
// model and key callbacks into these; the reducer is the only reader.
import type {Catalog, FailurePhase, HubCallResult, ServerStatus} from '../hub/types.js';
import type {ContentBlock, ToolAnnotations} from '../session/mcp-types.js';
import type {ModelContent} from '../agent/model.js';
import type {InputRequestView, NoticeLevel, Pane, ScrollPane, TraceEntry} from './app-state.js';

/** One page of a paginated `tools/list`. */
export interface PageInfo {
  index: number;
  count: number;
  cursorIn?: string;
  cursorOut?: string;
}

/** A call's result as events carry it: a full `HubCallResult` or a slim copy of it. */
export interface CallResultLike {
  isError?: boolean;
  protocolError?: HubCallResult['protocolError'];
  failure?: HubCallResult['failure'];
  warnings?: readonly string[];
  durationMs: number;
  /** Result content; used for the preview when `preview` is absent, and kept (bounded) for the card. */
  content?: readonly ContentBlock[];
  /** The tool's structured result, shown on its card. */
  structuredContent?: unknown;
  /** Ready-made preview text. */
  preview?: string;
}

/** Every event the reducer understands. */
export type AppEvent =
  // servers
  /** The hub began spawning or connecting to a server. */
  | {type: 'server/starting'; alias: string}
  /** One page of the server's tool list arrived. */
  | {type: 'server/page-listed'; alias: string; page: PageInfo}
  /** Discovery finished; the server is online with these details. */
  | {type: 'server/discovered'; alias: string; status: Partial<ServerStatus>}
  /** The server failed in `phase`; it is offline until restarted. */
  | {type: 'server/failed'; alias: string; phase: FailurePhase; reason: string; at: number}
  /** The server process exited. */
  | {type: 'server/exited'; alias: string; code: number | null; signal: string | null; at?: number}
  /** The hub is restarting the server (attempt counts from 1). */
  | {type: 'server/restarting'; alias: string; attempt: number}
  /** The server announced that its tool list changed; a new list will follow. */
  | {type: 'server/tools-changed'; alias: string}
  /** The server was disabled (by config, the user, or the circuit breaker). */
  | {type: 'server/disabled'; alias: string; reason?: string}
  /** A full status snapshot from the hub replaces what we knew. */
  | {type: 'server/status'; status: ServerStatus}
  // catalog and trace
  /** The hub rebuilt the tool table. */
  | {type: 'catalog/rebuilt'; catalog: Catalog}
  /** One line for a server's protocol trace. */
  | {type: 'trace/recorded'; alias: string; entry: TraceEntry}
  // turn and model
  /** The user sent a message; a new turn starts. */
  | {type: 'user/submitted'; text: string; at?: number}
  /** The loop sent request number `step` to the model. */
  | {type: 'model/requested'; step: number; maxSteps: number}
  /** A fragment of streamed assistant text arrived. */
  | {type: 'model/text-delta'; text: string}
  /** The model's message for this step is complete. */
  | {type: 'model/responded'; content: readonly ModelContent[]; stopReason: string}
  /** A model request failed. */
  | {type: 'model/failed'; message: string}
  /** The model provider changed. */
  | {type: 'model/selected'; label: string; offline: boolean}
  // tool calls, keyed by the model's tool_use id
  /** The model asked for a tool call. */
  | {type: 'call/requested'; callId: string; name: string; alias?: string; tool?: string; arguments: unknown}
  /** The call needs the user's approval. */
  | {type: 'call/approval-asked'; callId: string; annotations?: ToolAnnotations; trusted: boolean}
  /** The user approved the call, once or for the rest of the session. */
  | {type: 'call/approved'; callId: string; always: boolean}
  /** The user denied the call. */
  | {type: 'call/denied'; callId: string}
  /** The call was sent to its server. */
  | {type: 'call/started'; callId: string; at: number}
  /** The server reported progress on the call. */
  | {type: 'call/progress'; callId: string; progress: number; total?: number; message?: string}
  /** The call finished (successfully or not; hub calls never throw). */
  | {type: 'call/completed'; callId: string; result: CallResultLike}
  // server requests (elicitation, sampling)
  /** A server asked for the user's input or for a model completion. */
  | {type: 'input/requested'; request: InputRequestView}
  /** The request was answered (or withdrawn); it leaves the queue. */
  | {type: 'input/answered'; requestId: string; action: 'accept' | 'decline' | 'cancel'}
  // turn end
  /** The loop stopped because the turn used all its steps; this ends the turn. */
  | {type: 'turn/step-limit-reached'; maxSteps: number}
  /** The user asked to cancel the running turn. */
  | {type: 'turn/cancel-requested'}
  /** The turn ended normally. */
  | {type: 'turn/finished'; stopReason: string}
  /** The turn was cancelled; open calls are marked cancelled. */
  | {type: 'turn/cancelled'}
  /** The turn ended with an error. */
  | {type: 'turn/failed'; message: string}
  // conversation and notices
  /** The user cleared the transcript. */
  | {type: 'conversation/cleared'}
  /** A status-line message was posted. */
  | {type: 'notice/posted'; level: NoticeLevel; text: string; at?: number}
  // ui intents
  /** Keyboard focus moved to `pane`. */
  | {type: 'ui/focus-changed'; pane: Pane}
  /** A pane was scrolled by `delta` rows (positive = down). */
  | {type: 'ui/scrolled'; pane: ScrollPane; delta: number}
  /** A pane was scrolled to one end. */
  | {type: 'ui/scrolled'; pane: ScrollPane; to: 'top' | 'bottom'}
  /** The UI measured how many rows a list pane can show. */
  | {type: 'ui/pane-measured'; pane: ScrollPane; height: number}
  /** The catalog filter text changed. */
  | {type: 'ui/filter-set'; filter: string}
  /** The trace pane was toggled, optionally for a specific server. */
  | {type: 'ui/trace-toggled'; alias?: string}
  /** The terminal was resized. */
  | {type: 'ui/resized'; columns: number; rows: number}
  /** The user chose the previous (-1) or next (+1) tool-call card in the conversation. */
  | {type: 'ui/card-selected'; step: 1 | -1}
  /** The user opened a card's full result (the chosen card, else the newest). */
  | {type: 'ui/result-opened'; callId?: string}
  /** The full result was closed. */
  | {type: 'ui/result-closed'}
  /** The UI measured the open result: its rows at the current width, and rows it can show. */
  | {type: 'ui/result-measured'; rows: number; height: number}
  /** The open result was scrolled by `delta` rows, or to one end. */
  | {type: 'ui/result-scrolled'; delta: number}
  | {type: 'ui/result-scrolled'; to: 'top' | 'bottom'};

/** Every event `type` string. */
export type AppEventType = AppEvent['type'];

/** The event(s) whose `type` matches `T` (a literal or a pattern like `server/${string}`). */
export type EventOf<T extends string> = Extract<AppEvent, {type: T}>;
