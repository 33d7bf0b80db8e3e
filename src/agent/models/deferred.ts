// A model whose provider SDK loads at its first use. The SDKs are the largest
// modules we have (the Anthropic one about 600 KB bundled); loaded before the
// hub, they held up the servers' start in the TUI by as much (BENCHMARKS.md
// §10), though nothing asks the model anything until the user does.
import type {Model} from '../model.js';
import type {ModelFacts} from './provider-facts.js';

/** What the app is given: the facts now, the provider once `load` resolves. */
export interface DeferredModel extends Model {
  /** Starts loading the provider (once); resolves to it. */
  load(): Promise<Model>;
}

/**
 * `facts` are the provider's own (./provider-facts.ts); `countsTokens` says
 * whether it has `countToolTokens`, which the driver asks before it calls.
 */
export function deferredModel(facts: ModelFacts, countsTokens: boolean, load: () => Promise<Model>): DeferredModel {
  let loading: Promise<Model> | undefined;
  const loaded = () => (loading ??= load());
  return {
    ...facts,
    load: loaded,
    respond: async (request) => (await loaded()).respond(request),
    ...(countsTokens ? {countToolTokens: async (groups) => (await loaded()).countToolTokens!(groups)} : {}),
  };
}
