// What a turn and its calls are given by the driver.
import type {ToolResult, ToolUse} from '../agent/history.js';
import type {Model, ModelMessage} from '../agent/model.js';
import type {RequestSource} from '../agent/request.js';
import type {SearchPlacementState} from '../agent/tool-search/server-search.js';
import type {ToolSearchSettings} from '../agent/tool-search/settings.js';
import type {HubCallOptions} from '../hub/hub.js';
import type {CatalogEntry, HubCallResult} from '../hub/types.js';
import type {AppEvent} from '../state/events.js';
import type {Approver} from './approval.js';
import type {InputAnswer} from '../agent/client-features.js';
import type {InputRequestView} from '../state/app-state.js';

/** The hub as a turn needs it. */
export interface LoopHub extends RequestSource {
  call(name: string, args: unknown, options?: HubCallOptions): Promise<HubCallResult>;
  callEntry(entry: CatalogEntry, args: unknown, options?: HubCallOptions): Promise<HubCallResult>;
}

/** What one turn needs from the driver. */
export interface TurnContext {
  model: Model;
  hub: LoopHub;
  /** Extended in place; valid for the model API whenever the turn returns. */
  history: ModelMessage[];
  dispatch(event: AppEvent): void;
  maxSteps: number;
  approver: Approver;
  signal: AbortSignal;
  resultCap?: number;
  /** Token budget of one result from server `alias` (unset: the default budget). */
  resultTokens?: (alias: string) => number | undefined;
  /** When tools are deferred behind search (default: auto). */
  toolSearch?: ToolSearchSettings;
  /** Whether the model API's own tool search is still used this session (false after it refused it). */
  searchPlacement?: SearchPlacementState;
  onText(delta: string): void;
  /** Shows a server's request to the user and waits (interactive runs only; else the user gets a notice). */
  askInput?: (request: Omit<InputRequestView, 'requestId'>, signal?: AbortSignal) => Promise<InputAnswer>;
  /** A result the model was given without the call running (step limit, cancel, failure). */
  closed(use: ToolUse, result: ToolResult): void;
}
