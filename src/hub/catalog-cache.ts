// The catalog from cache (issue #18): after each successful listing a server's
// tools (in the order the model sees them), era, version and name go into the
// `catalog` section of its record; at the next start they fill the table at
// once, marked cached, until the server's own list confirms or corrects them.
// A list whose `ttlMs` has run out is not used; `ttlMs: 0` means "do not
// keep". The record is per user, 0600 (util/server-record.ts), so a
// `cacheScope: "private"` list stays where the spec wants it.
import type {Tool} from '../session/mcp-types.js';

/**
 * What the `catalog` section of a server's record holds: plain JSON, read
 * back as untrusted (every tool goes through the catalog's checks again).
 * Its home is util/server-record.ts's RecordSections once that record is on
 * main (issue #12, branch h12a).
 */
export interface CatalogSection {
  /** The tools as the server listed them, in its order. */
  tools: Array<Record<string, unknown>>;
  era: 'modern' | 'legacy';
  protocolVersion: string;
  serverName?: string;
  /** ISO time of the listing. */
  at: string;
  /** The list's `ttlMs` (2026-07-28): how long it may be trusted from `at`. */
  ttlMs?: number;
  cacheScope?: 'public' | 'private';
}

/** What changed between the cached list and the live one, by tool name. */
export interface ToolDiff {
  added: string[];
  removed: string[];
  changed: string[];
}

/** The cached tools, when the section may still be trusted at `nowMs`. */
export function freshCachedTools(section: CatalogSection | undefined, nowMs: number): Tool[] | undefined {
  if (!section) return undefined;
  if (section.ttlMs !== undefined) {
    const at = Date.parse(section.at);
    if (!Number.isFinite(at) || nowMs >= at + section.ttlMs) return undefined;
  }
  return section.tools as unknown as Tool[];
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

/** True when the live list is the cached one byte for byte, in the same order (the model's table is then identical too). */
export function sameTools(before: readonly Tool[], after: readonly Tool[]): boolean {
  return before.length === after.length && before.every((t, i) => JSON.stringify(t) === JSON.stringify(after[i]));
}

/** JSON with object keys sorted: a server that reorders keys has not changed its tool. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v));
}
