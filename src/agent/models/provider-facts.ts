// What is known of a provider's model before its SDK is loaded: the model id
// and the facts the app shows and plans with (label, tool search). The SDK
// modules (./anthropic.ts, ./openai.ts) build their models from these, and
// the TUI shows them while the SDK is not loaded yet (./deferred.ts).
import type {Model} from '../model.js';

/** A model's facts, without the SDK that answers. */
export type ModelFacts = Pick<Model, 'label' | 'offline' | 'provider' | 'contextWindow' | 'serverToolSearch'>;

/** The offline scripted model without a script (./scripted.ts): known before its module loads. */
export const OFFLINE_FACTS: ModelFacts = {label: 'offline scripted model', offline: true, provider: 'offline'};

/** The newest Sonnet in the SDK's `Model` list when this was written. */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-5-5';

/** Picks the model id: `--model`, then ANTHROPIC_MODEL, then the default Sonnet. */
export function resolveAnthropicModel(flag?: string, env: NodeJS.ProcessEnv = process.env): string {
  return flag?.trim() || env.ANTHROPIC_MODEL?.trim() || DEFAULT_ANTHROPIC_MODEL;
}

/** The API searches deferred tools itself (its tool search tool). */
export function anthropicFacts(model: string): ModelFacts {
  return {label: model, offline: false, provider: 'anthropic', serverToolSearch: true};
}

/** The newest general model in the SDK's `ChatModel` list when this was written. */
export const DEFAULT_OPENAI_MODEL = 'gpt-5.4';

/** Picks the model id: `--model`, then OPENAI_MODEL, then the default. */
export function resolveOpenAIModel(flag?: string, env: NodeJS.ProcessEnv = process.env): string {
  return flag?.trim() || env.OPENAI_MODEL?.trim() || DEFAULT_OPENAI_MODEL;
}

/** A server other than the public API is named in the label by its host. */
export function openAIFacts(model: string, baseURL: string | undefined): ModelFacts {
  const host = baseURL ? new URL(baseURL).host : undefined;
  return {label: host ? `${model} @ ${host}` : model, offline: false, provider: 'openai'};
}
