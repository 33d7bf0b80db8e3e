// The tool table's size per server and in total: the API's count when it
// has counted this very table, the offline estimate otherwise (and the
// result says which, so nobody takes an estimate for a count).
import {estimateToolTokens} from '../hub/tool-tokens.js';
import {toModelTool} from '../hub/translate.js';
import type {Catalog} from '../hub/types.js';
import type {AppState, CountedTokens, UsageTotals} from './app-state.js';

/** Tokens of the tool table. */
export interface ToolTokens {
  source: 'api' | 'estimate';
  total: number;
  byAlias: Readonly<Record<string, number>>;
}

const estimates = new WeakMap<Catalog, ToolTokens>();
const counted = new WeakMap<CountedTokens, ToolTokens>();

/** The offline estimate of a catalog's table, memoised on the catalog. */
export function estimatedTokens(catalog: Catalog): ToolTokens {
  let hit = estimates.get(catalog);
  if (hit) return hit;
  const byAlias: Record<string, number> = {};
  for (const e of catalog.entries) byAlias[e.alias] = (byAlias[e.alias] ?? 0) + estimateToolTokens([toModelTool(e)]);
  hit = {source: 'estimate', total: Object.values(byAlias).reduce((a, b) => a + b, 0), byAlias};
  estimates.set(catalog, hit);
  return hit;
}

/** The best known size of the current table. */
export function toolTokens(state: Pick<AppState, 'catalog' | 'countedTokens'>): ToolTokens {
  const c = state.countedTokens;
  if (c && c.version === state.catalog.version) {
    let hit = counted.get(c);
    if (!hit) counted.set(c, (hit = {source: 'api', total: c.total, byAlias: c.byAlias}));
    return hit;
  }
  return estimatedTokens(state.catalog);
}

/** "12.3k" style. */
export function formatTokens(n: number): string {
  return n < 1000 ? String(n) : n < 100_000 ? `${(n / 1000).toFixed(1)}k` : `${Math.round(n / 1000)}k`;
}

/** e.g. "~12.3k tool tokens (estimate)" or "12.1k tool tokens". */
export function toolTokensLabel(t: ToolTokens): string {
  return t.source === 'api' ? `${formatTokens(t.total)} tool tokens` : `~${formatTokens(t.total)} tool tokens (est.)`;
}

/** Share of input tokens read from the prompt cache, or null before any request reported usage. */
export function cacheHitRate(u: UsageTotals): number | null {
  const all = u.input + u.cacheRead + u.cacheWrite;
  return u.requests === 0 || all === 0 ? null : u.cacheRead / all;
}

/** The status line's cost part: the table's size, and the cache hit rate once the API reported usage. */
export function costLabel(state: Pick<AppState, 'catalog' | 'countedTokens' | 'usage'>): string {
  const rate = cacheHitRate(state.usage);
  return `${toolTokensLabel(toolTokens(state))}${rate === null ? '' : ` · cache ${Math.round(rate * 100)}%`}`;
}
