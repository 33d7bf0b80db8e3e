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
  if (!Array.isArray(known.tools) || !sameToolTexts(known.tools, next.tools)) return true;
  // The tools compared by their texts above, kept with the lists for diffTools; the rest is small.
  const {at: _a, tools: _ta, ...a} = known;
  const {at: _b, tools: _tb, ...b} = next;
  return JSON.stringify(a) !== JSON.stringify(b);
}

/**
 * Each tool's JSON text, by position, once per list: a warm start compares
 * the list its record cached with the live one twice (is the record to be
 * written? what changed?), and both lists are replaced, never changed in
 * place. The whole section as one text, and every tool again as a text with
 * its keys sorted (a JS replacer per object), cost ~25 ms of a 1,000-tool
 * start with a record (issue #17).
 */
const toolTexts = new WeakMap<readonly unknown[], readonly (string | undefined)[]>();

function textsOf(tools: readonly unknown[]): readonly (string | undefined)[] {
  let texts = toolTexts.get(tools);
  if (texts) return texts;
  const made = new Array<string | undefined>(tools.length);
  for (let i = 0; i < tools.length; i++) made[i] = JSON.stringify(tools[i]);
  toolTexts.set(tools, (texts = made));
  return texts;
}

/** The same tools with the same texts in the same order (the texts kept with each list). */
export function sameToolTexts(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  const x = textsOf(a);
  const y = textsOf(b);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/** Names added, removed and changed (any field of the definition) from `before` to `after`; order alone is no change. */
export function diffTools(before: readonly Tool[], after: readonly Tool[]): ToolDiff {
  // The usual warm start: the live list is the cached one, text for text; no sorted texts needed to say so.
  if (sameToolTexts(before, after)) return {added: [], removed: [], changed: []};
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
