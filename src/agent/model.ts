// The one interface every model provider implements. The loop never knows
// which provider it talks to; messages use the Anthropic Messages API shapes
// because that is the richest format we target, and the offline model reads
// the same shapes.

import type {ModelTool} from '../hub/types.js';
import type {ModelContent, ModelMessage} from '../state/model-content.js';

export type {ModelContent, ModelMessage, ModelTool};

/** Everything one model request needs. */
export interface ModelRequest {
  system: string;
  tools: ModelTool[];
  /**
   * Names of `tools` the API's own tool search finds (sent with
   * `defer_loading`, beside its search tool). Only set for a model with
   * `serverToolSearch`; otherwise search is client-side and `tools` is the table.
   */
  deferred?: readonly string[];
  messages: ModelMessage[];
  maxTokens?: number;
  signal?: AbortSignal;
  /** Called with each streamed text fragment, in order. */
  onText?: (delta: string) => void;
}

/** Why the model stopped. */
export type ModelStopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'refusal' | 'pause_turn' | string;

/** The final assistant message of one request. */
export interface ModelResponse {
  content: ModelContent[];
  stopReason: ModelStopReason;
  usage?: {inputTokens: number; outputTokens: number; cacheReadTokens?: number; cacheWriteTokens?: number};
}

/** The kinds of model API breakerbox talks to. */
export type ProviderName = 'anthropic' | 'openai' | 'offline';

/** A model provider. `respond` rejects with an Error whose message is readable by a person. */
export interface Model {
  /** Shown in the status line, e.g. "claude-sonnet-4-5" or "offline scripted model". */
  readonly label: string;
  readonly offline: boolean;
  /** Which API it speaks (sessions record it, to convert a history recorded with another). */
  readonly provider?: ProviderName;
  /** Tokens the model can take in, when known (tool search's threshold is a share of it). */
  readonly contextWindow?: number;
  respond(request: ModelRequest): Promise<ModelResponse>;
  /** The API can search deferred tools itself (Anthropic's tool search tool). */
  readonly serverToolSearch?: boolean;
  /** Tokens of each group of tools as this API counts them (providers with a counting endpoint). */
  countToolTokens?(groups: Record<string, ModelTool[]>): Promise<Record<string, number>>;
}
