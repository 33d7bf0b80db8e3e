// The order of the tool table across restarts. Tools a server adds during a
// run go at the end of the table (buildCatalog), so the prompt cache keeps
// everything before them; each server's record remembers which of its tools
// were appended and where, so the next start sends the table in the order the
// model last saw it rather than putting them back in their server's place.
// A change that removes or alters a tool forgets all of it: canonical order.
import type {Catalog, CatalogEntry} from './types.js';

/** One server's appended tools: tool name → its place in the table when last sent. */
export type AppendedOrder = ReadonlyMap<string, number>;

/**
 * `entries` (canonical order) with the tools each server had appended moved
 * after all the others, in their remembered order; `appendedFrom` is where
 * they begin (unset when there are none).
 */
export function withAppendedLast(
  entries: CatalogEntry[],
  appendedOf: (alias: string) => AppendedOrder | undefined,
): {entries: CatalogEntry[]; appendedFrom?: number} {
  // One look-up per server, not per entry: every table passes here, and most remember nothing appended (issue #17).
  const appended: CatalogEntry[] = [];
  let alias: string | undefined;
  let order: AppendedOrder | undefined;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (e.alias !== alias) order = appendedOf((alias = e.alias));
    if (order?.has(e.tool)) appended.push(e);
  }
  if (appended.length === 0) return {entries};
  const placeOf = (e: CatalogEntry) => appendedOf(e.alias)?.get(e.tool);
  // A stable sort: two tools remembered at one place (hand-edited records) keep canonical order.
  appended.sort((a, b) => placeOf(a)! - placeOf(b)!);
  const kept = entries.filter((e) => placeOf(e) === undefined);
  return {entries: [...kept, ...appended], appendedFrom: kept.length};
}

/** The tools of `alias` after `catalog.appendedFrom`, with their places; undefined when it has none. */
export function appendedToolsOf(catalog: Catalog, alias: string): Map<string, number> | undefined {
  if (catalog.appendedFrom === undefined) return undefined;
  const places = new Map<string, number>();
  catalog.entries.forEach((e, i) => {
    if (i >= catalog.appendedFrom! && e.alias === alias) places.set(e.tool, i);
  });
  return places.size > 0 ? places : undefined;
}
