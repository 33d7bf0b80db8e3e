// Everything that can happen, in the past tense. The driver turns hub, model
// and user outcomes into these and stamps each with its time; the reducer is
// the only reader of their meaning.
import type {HubEvent} from '../hub/hub-events.js';
import type {HubCallResult} from '../hub/types.js';
import type {ContentBlock, ToolAnnotations} from '../session/mcp-types.js';
import type {InputRequestView, NoticeLevel, Pane, ScrollPane} from './app-state.js';
import type {ServerDetail} from '../hub/inspect-types.js';
import type {CompletionView, InspectView, ManualResultView, ResourceReadView} from './inspect-state.js';
import type {ModelContent} from './model-content.js';

/** A call's result as events carry it: what the card and `--print` keep of a `HubCallResult`. */
export interface CallResultLike {
  isError?: boolean;
  protocolError?: HubCallResult['protocolError'];
  failure?: HubCallResult['failure'];
  warnings?: readonly string[];
  /** How long the call took; unset for a call replayed from a saved session, which does not keep it. */
  durationMs?: number;
  /** The server and original name the hub resolved. */
  alias?: string;
  tool?: string;
  /** The result as plain text (the one describer's words for each block). */
  text: string;
  /** The result's content, kept (bounded) for the card and its full view. */
  content?: readonly ContentBlock[];
  /** The tool's structured result, shown on its card. */
  structuredContent?: unknown;
}

/** Events the driver dispatches for the turn, the conversation and the user's intents. */
type DriverEvent =
  // turn and model
  /** The user sent a message; a new turn starts. */
  | {type: 'user/submitted'; text: string}
  /** A question was asked before the servers had started; it is sent once they have. */
  | {type: 'question/queued'; text: string}
  /** The waiting question was withdrawn (Ctrl-C). */
  | {type: 'question/dropped'}
  /** The loop sent request number `step` to the model. */
  | {type: 'model/requested'; step: number; maxSteps: number}
  /** A fragment of streamed assistant text arrived. */
  | {type: 'model/text-delta'; text: string}
  /** The model's message for this step is complete. */
  | {type: 'model/responded'; content: readonly ModelContent[]; stopReason: string}
  /** A model request failed. */
  | {type: 'model/failed'; message: string}
  // tool calls, keyed by the model's tool_use id
  /** The model asked for a tool call. */
  | {type: 'call/requested'; callId: string; name: string; alias?: string; tool?: string; arguments: unknown}
  /** The call needs the user's approval. */
  | {type: 'call/approval-asked'; callId: string; annotations?: ToolAnnotations; trusted: boolean}
  /** The user approved the call, once or for the rest of the session. */
  | {type: 'call/approved'; callId: string; always: boolean}
  /** The call was denied (by the user, or because this run cannot ask). */
  | {type: 'call/denied'; callId: string}
  /** The call was sent to its server. */
  | {type: 'call/started'; callId: string}
  /** The server reported progress on the call. */
  | {type: 'call/progress'; callId: string; progress: number; total?: number; message?: string}
  /** The call finished (successfully or not; hub calls never throw), or its denial was final. `block` is what the model was given. */
  | {type: 'call/completed'; callId: string; result: CallResultLike; block?: Extract<ModelContent, {type: 'tool_result'}>}
  /** The model asked for a call that never ran (the step limit, a cancel or a failure came first); `block` is what it was told instead. */
  | {type: 'call/skipped'; callId: string; name: string; arguments: unknown; block: Extract<ModelContent, {type: 'tool_result'}>}
  // server requests (elicitation, sampling)
  /** A server asked for the user's input or for a model completion. */
  | {type: 'input/requested'; request: InputRequestView}
  /** The request was answered (or withdrawn); it leaves the queue. `content` is the form's answer. */
  | {type: 'input/answered'; requestId: string; action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown>}
  // turn end
  /** The loop stopped because the turn used all its steps; this ends the turn. */
  | {type: 'turn/step-limit-reached'; maxSteps: number}
  /** The user asked to cancel the running turn. */
  | {type: 'turn/cancel-requested'}
  /** The turn ended normally. */
  | {type: 'turn/finished'}
  /** The turn was cancelled; open calls are marked cancelled. */
  | {type: 'turn/cancelled'}
  /** The turn ended with an error. */
  | {type: 'turn/failed'; message: string}
  /** The driver's clock ticked while something runs (elapsed times move). */
  | {type: 'clock/ticked'}
  // conversation and notices
  /** The user cleared the transcript. */
  | {type: 'conversation/cleared'}
  /** A status-line message was posted; `lasts: 'turn'` makes it about the running turn (gone when that turn ends), `'line'` about the input line (gone when a new line replaces it), `'dialog'` about the dialog on screen (gone with it). */
  | {type: 'notice/posted'; level: NoticeLevel; text: string; lasts?: 'turn' | 'line' | 'dialog'}
  /** The model API counted the tokens of catalog `version`'s tool table, per server. */
  | {type: 'tool-tokens/counted'; version: number; byAlias: Record<string, number>; total: number}
  /** A model request's usage (only APIs that report it). */
  | {type: 'usage/recorded'; input: number; cacheRead: number; cacheWrite: number}
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
  /** The help pane was opened or closed. */
  | {type: 'ui/help-toggled'; open: boolean}
  /** The help pane measured its rows and height. */
  | {type: 'ui/help-measured'; rows: number; height: number}
  /** The help pane was scrolled by rows, or to its top or end. */
  | {type: 'ui/help-scrolled'; delta: number}
  | {type: 'ui/help-scrolled'; to: 'top' | 'bottom'}
  /** The input line's text or cursor changed. */
  /** `fresh`: a new line replaced the old one (sent, or typed over a failed command). */
  | {type: 'ui/input-edited'; value: string; cursor: number; failed?: boolean; fresh?: boolean}
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
  | {type: 'ui/result-scrolled'; to: 'top' | 'bottom'}
  /** The highlighted row of the catalog or servers pane moved (the window follows it). */
  | {type: 'ui/cursor-moved'; pane: 'catalog' | 'servers'; delta: number}
  // the inspector (tool and server details, calls by hand, resources, prompts)
  /** A view opened over the conversation; `replace` drops the view it replaces instead of keeping it to go back to. */
  | {type: 'inspect/opened'; view: InspectView; replace?: boolean}
  /** The view closed (Esc): back to the one before, or to the conversation. */
  | {type: 'inspect/closed'; all?: boolean}
  /** The view's lines were scrolled. */
  | {type: 'inspect/scrolled'; delta: number}
  /** The UI measured the view: its lines at the current width, and the rows it shows. */
  | {type: 'inspect/measured'; rows: number; height: number}
  /** The highlighted row of a list view moved. */
  | {type: 'inspect/cursor-moved'; delta: number}
  /** A snapshot of one server's details arrived (server view). */
  | {type: 'inspect/detail-loaded'; detail: ServerDetail}
  /** A resource read started or ended. */
  | {type: 'resource/read'; read: ResourceReadView}
  /** A resource is watched, or no longer. */
  | {type: 'resource/watch-changed'; alias: string; uri: string; watching: boolean}
  /** Completion values for a prompt argument arrived. */
  | {type: 'completion/offered'; completion: CompletionView}
  /** The user started a call by hand (not the model's; the model's history never sees it). */
  | {type: 'manual/requested'; id: string; name: string; alias: string; tool: string; arguments: unknown}
  /** The call by hand needs the user's approval (the same rules as the model's calls). */
  | {type: 'manual/approval-asked'; id: string}
  /** The user approved the call by hand, once or for the session. */
  | {type: 'manual/approved'; id: string; always: boolean}
  /** The call by hand was denied. */
  | {type: 'manual/denied'; id: string}
  /** The call by hand was sent. */
  | {type: 'manual/started'; id: string}
  /** Progress of the call by hand. */
  | {type: 'manual/progress'; id: string; progress: number; total?: number; message?: string}
  /** The call by hand ended, however it ended. */
  | {type: 'manual/completed'; id: string; durationMs: number; result: ManualResultView};

/** Every event the reducer understands; `at` is the driver's clock when it happened (ms since epoch). */
export type AppEvent = (HubEvent | DriverEvent) & {readonly at?: number};

/** Every event `type` string. */
export type AppEventType = AppEvent['type'];

/** The event(s) whose `type` matches `T` (a literal or a pattern like `server/${string}`). */
export type EventOf<T extends string> = Extract<AppEvent, {type: T}>;
