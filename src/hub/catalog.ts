import type {Tool} from '../session/mcp-types.js';
import {safeStringify} from '../util/safe-json.js';
import {assignNames} from './names.js';
import {buildEntry} from './translate.js';
import type {Catalog, CatalogEntry} from './types.js';

/** One online server's tools, in the server's order. */
export interface ServerTools {
  alias: string;
  trusted: boolean;
  tools: Tool[];
}

/** Tools a translation could not use, with the reason, for the UI. */
export interface DroppedEntry {
  alias: string;
  tool: string;
  reason: string;
}

export const EMPTY_CATALOG: Catalog = {entries: [], byName: new Map(), version: 0};

/** What made a rebuilt table stop starting with the previous one's entries. */
export interface CacheBreak {
  /** Prefixed names no longer in the table. */
  removed: string[];
  /** Prefixed names whose definition changed. */
  changed: string[];
}

/**
 * Builds the immutable tool table. Servers come in config order and tools in
 * their server's order, so the same config and lists give the same names and
 * order whatever order the servers finished in. With `appendOnly` (a re-list
 * after startup), a change that only adds tools appends them, so the table the model
 * saw stays a byte-identical prefix (its prompt cache stays warm); a change
 * that removes or alters a tool goes back to the canonical order and says so.
 */
export function buildCatalog(
  servers: ServerTools[],
  previous: Catalog = EMPTY_CATALOG,
  appendOnly = false,
): {catalog: Catalog; dropped: DroppedEntry[]; broke?: CacheBreak} {
  const names = assignNames(servers.map((s) => ({alias: s.alias, tools: s.tools.map((t) => t.name)})));
  const entries: CatalogEntry[] = [];
  const dropped: DroppedEntry[] = [];
  servers.forEach((server, i) => {
    server.tools.forEach((tool, j) => {
      const {name, mangling} = names[i]![j]!;
      const entry = buildEntry(server.alias, tool, name, mangling, server.trusted);
      if ('dropped' in entry) dropped.push({alias: server.alias, tool: tool.name, reason: entry.dropped});
      else entries.push(entry);
    });
  });
  if (sameEntries(previous.entries, entries)) return {catalog: previous, dropped};
  const byName = new Map(entries.map((e) => [e.name, e] as const));
  const next = (list: CatalogEntry[], appendedFrom?: number): Catalog => ({entries: list, byName, version: previous.version + 1, ...(appendedFrom === undefined ? {} : {appendedFrom})});
  if (!appendOnly || previous.entries.length === 0) return {catalog: next(entries), dropped};
  const removed = previous.entries.filter((e) => !byName.has(e.name)).map((e) => e.name);
  const changed = previous.entries.filter((e) => byName.has(e.name) && !sameEntries([e], [byName.get(e.name)!])).map((e) => e.name);
  if (removed.length > 0 || changed.length > 0) return {catalog: next(entries), dropped, broke: {removed, changed}};
  const kept = new Set(previous.entries.map((e) => e.name));
  const appended = [...previous.entries, ...entries.filter((e) => !kept.has(e.name))];
  if (sameEntries(previous.entries, appended)) return {catalog: previous, dropped};
  return {catalog: next(appended, previous.appendedFrom ?? previous.entries.length), dropped};
}

/** Equal tables keep their version, so a model's prompt cache stays warm. */
function sameEntries(a: readonly CatalogEntry[], b: readonly CatalogEntry[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.name !== y.name || x.alias !== y.alias || x.tool !== y.tool || x.description !== y.description || x.trusted !== y.trusted) return false;
    if (x.title !== y.title || safeStringify([x.inputSchema, x.outputSchema, x.annotations]) !== safeStringify([y.inputSchema, y.outputSchema, y.annotations])) return false;
  }
  return true;
}
