// Which tools a request carries in full and which wait to be found by search.
// A big table costs every turn and blurs the model's choice, so past a
// threshold (a share of the model's context) tools are deferred; a server's
// `deferTools` overrides the threshold either way, `--tool-search off` wins
// over everything.
import {estimateToolTokens} from '../../hub/tool-tokens.js';
import {toModelTool} from '../../hub/translate.js';
import type {CatalogEntry} from '../../hub/types.js';

/** `--tool-search`: always, never, or past the threshold. */
export type ToolSearchMode = 'on' | 'off' | 'auto';

/** Assumed when the model's context window is unknown. */
export const DEFAULT_CONTEXT_WINDOW = 200_000;
/** Share of the context window a tool table may take before it is deferred. */
export const DEFAULT_THRESHOLD_SHARE = 0.1;

/** How the run decides. */
export interface ToolSearchSettings {
  mode: ToolSearchMode;
  /** Tokens past which `auto` defers; default 10% of the context window. */
  thresholdTokens?: number;
  /** Per server alias: the config's `deferTools`. */
  deferTools?: Readonly<Record<string, boolean | undefined>>;
}

/** The threshold in tokens for a model with `contextWindow` tokens. */
export function thresholdTokens(settings: ToolSearchSettings, contextWindow = DEFAULT_CONTEXT_WINDOW): number {
  return settings.thresholdTokens ?? Math.floor(contextWindow * DEFAULT_THRESHOLD_SHARE);
}

/** The prefixed names of the tools that are deferred (empty: send everything, no search tool). */
export function deferredNames(entries: readonly CatalogEntry[], settings: ToolSearchSettings, contextWindow?: number): ReadonlySet<string> {
  if (settings.mode === 'off' || entries.length === 0) return new Set();
  const over = settings.mode === 'on' || estimateToolTokens(entries.map(toModelTool)) > thresholdTokens(settings, contextWindow);
  const deferred = new Set<string>();
  for (const e of entries) {
    const forced = settings.deferTools?.[e.alias];
    if (forced === true || (forced === undefined && over)) deferred.add(e.name);
  }
  return deferred;
}
