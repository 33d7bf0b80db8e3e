// What a new listing changed in one server's part of the catalog, by model
// name: tools added, removed, and changed (naming which fields differ).
import {safeStringify} from '../util/safe-json.js';
import type {DiffRow} from './inspect-types.js';
import type {CatalogEntry} from './types.js';

const FIELDS = [
  ['title', 'title'],
  ['originalDescription', 'description'],
  ['inputSchema', 'input schema'],
  ['outputSchema', 'output schema'],
  ['annotations', 'annotations'],
  ['tool', 'original name'],
] as const;

/** Rows of `after` not in `before`, the reverse, and entries whose fields differ. */
export function diffCatalog(before: readonly CatalogEntry[], after: readonly CatalogEntry[]): {added: DiffRow[]; removed: DiffRow[]; changed: DiffRow[]; unchanged: number} {
  const old = new Map(before.map((e) => [e.name, e] as const));
  const now = new Map(after.map((e) => [e.name, e] as const));
  const added = after.filter((e) => !old.has(e.name)).map(row);
  const removed = before.filter((e) => !now.has(e.name)).map(row);
  const changed: DiffRow[] = [];
  let unchanged = 0;
  for (const e of after) {
    const was = old.get(e.name);
    if (!was) continue;
    const what = FIELDS.filter(([key]) => !same(was[key], e[key])).map(([, label]) => label);
    if (what.length > 0) changed.push({...row(e), what});
    else unchanged++;
  }
  return {added, removed, changed, unchanged};
}

const row = (e: CatalogEntry): DiffRow => ({name: e.name, tool: e.tool});

// Depth-bounded: server data may nest deeper than JSON.stringify can walk.
const same = (a: unknown, b: unknown): boolean => safeStringify(a) === safeStringify(b);
