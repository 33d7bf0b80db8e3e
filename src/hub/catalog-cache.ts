// The catalog from cache (issue #18): after each successful listing a server's
// tools (in the order the model sees them), era, version and name go into the
// `catalog` section of its record (util/server-record.ts, keyed by the server
// fingerprint, so a changed config entry never finds an old cache); at the
// next start they fill the table at once, marked cached, until the server's
// own list confirms or corrects them. A list whose `ttlMs` has run out is not
// used; `ttlMs: 0` means "do not keep". The record is per user, 0600, so a
// `cacheScope: "private"` list stays where the spec wants it.
import type {Tool} from '../session/mcp-types.js';
import type {CatalogSection} from '../util/server-record.js';

/** What changed between the cached list and the live one, by tool name. */
export interface ToolDiff {
  added: string[];
  removed: string[];
  changed: string[];
}

/** The config's filters as one string: a cache made under other filters is not offered. */
export function filterKey(config: {includeTools?: string[]; excludeTools?: string[]}): string {
  return JSON.stringify([config.includeTools ?? null, config.excludeTools ?? null]);
}

/** The cached tools, when the section may still be trusted at `nowMs` and was made under `filter`. */
export function freshCachedTools(section: CatalogSection | undefined, nowMs: number, filter?: string): Tool[] | undefined {
  if (!section || (filter !== undefined && section.filter !== filter)) return undefined;
  if (section.ttlMs !== undefined) {
    const at = Date.parse(section.at);
    if (!Number.isFinite(at) || nowMs >= at + section.ttlMs) return undefined;
  }
  return section.tools as unknown as Tool[];
}

/** When a cached list stops being trusted (ms since epoch), or undefined for never. */
export function cacheExpiresAt(section: CatalogSection): number | undefined {
  return section.ttlMs === undefined ? undefined : Date.parse(section.at) + section.ttlMs;
}

/** Whether writing `next` over `known` changes anything a later start would read (`at` matters only with a ttlMs). */
export function sectionChanged(known: CatalogSection | undefined, next: CatalogSection): boolean {
  if (!known || next.ttlMs !== undefined || known.ttlMs !== undefined) return true;
  const {at: _a, ...a} = known;
  const {at: _b, ...b} = next;
  return JSON.stringify(a) !== JSON.stringify(b);
}

/** Names added, removed and changed (any field of the definition) from `before` to `after`; order alone is no change. */
export function diffTools(before: readonly Tool[], after: readonly Tool[]): ToolDiff {
  const old = new Map(before.map((t) => [t.name, stableJson(t)]));
  const now = new Map(after.map((t) => [t.name, stableJson(t)]));
  return {
    added: after.map((t) => t.name).filter((n) => !old.has(n)),
    removed: before.map((t) => t.name).filter((n) => !now.has(n)),
    changed: after.map((t) => t.name).filter((n) => old.has(n) && old.get(n) !== now.get(n)),
  };
}

/** True when the diff names nothing. */
export const noDiff = (d: ToolDiff): boolean => d.added.length === 0 && d.removed.length === 0 && d.changed.length === 0;

/** "1 added (x), 2 removed (a, b)": the difference in words, a few names each. */
export function diffText(d: ToolDiff): string {
  const list = (names: readonly string[]) => `${names.slice(0, 3).join(', ')}${names.length > 3 ? ` and ${names.length - 3} more` : ''}`;
  return (['added', 'removed', 'changed'] as const)
    .filter((k) => d[k].length > 0)
    .map((k) => `${d[k].length} ${k} (${list(d[k])})`)
    .join(', ');
}

/** JSON with object keys sorted: a server that reorders keys has not changed its tool. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v));
}
