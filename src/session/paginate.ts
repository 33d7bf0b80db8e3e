// One paginator for every MCP list (`tools/list`, `resources/list`,
// `resources/templates/list`, `prompts/list`): follow `nextCursor` until it is
// absent (an empty page with a cursor is not the end, a short page is not the
// end), send the cursor back verbatim, and stop with a clear error when a
// server's pagination would loop forever (a repeated cursor, or more pages
// than anyone could mean).

/** One page of a listing, as the debug views show it. */
export interface PageRecord {
  index: number;
  /** Entries on the page, kept or not. */
  count: number;
  cursorIn?: string;
  cursorOut?: string;
  ms: number;
  /** Names (or URIs) of the entries kept from this page, in order. */
  names?: string[];
}

/** An entry the server sent that we could not use. */
export interface DroppedItem {
  page: number;
  position: number;
  name?: string;
  reason: string;
  /** A valid entry the client does not use (a task-only tool), not a malformed one. */
  notCallable?: {title?: string; description?: string};
}

/** A whole list, across pages. */
export interface Listing<T> {
  items: T[];
  dropped: DroppedItem[];
  pages: PageRecord[];
  /** How long the list may be cached (2026-07-28 `ttlMs`): the shortest any page gave. */
  ttlMs?: number;
  /** `cacheScope` of the pages: "private" when any page said so. */
  cacheScope?: 'public' | 'private';
}

/** Pagination went wrong in a way that would loop forever or hide entries. */
export class PaginationError extends Error {
  override readonly name = 'PaginationError';
  readonly code = 'pagination';
}

/** Fetches one page; the session adds era-specific metadata. */
export type PageFetcher = (cursor: string | undefined) => Promise<Record<string, unknown>>;

/** What one kind of list looks like. */
export interface ListKind {
  /** `tools/list`, …: for messages. */
  method: string;
  /** The result's array member: `tools`, `resources`, `resourceTemplates`, `prompts`. */
  key: string;
  /** The entry's identity (name or URI), when it has a usable one. */
  identity: (item: unknown) => string | undefined;
  /** Why an entry cannot be used, or undefined. */
  problem: (item: unknown) => string | undefined;
  /** What a second entry with the same identity is called in the reason. */
  duplicate: string;
}

/** Options every listing takes. */
export interface ListOptions {
  /** Most pages before giving up (default 100). */
  pageLimit?: number;
  onPage?: (page: PageRecord) => void;
}

/** Every entry of one list, page by page; malformed entries are dropped with a reason. */
export async function listAllPages<T>(fetchPage: PageFetcher, kind: ListKind, label: string, options: ListOptions = {}): Promise<Listing<T>> {
  const pageLimit = options.pageLimit ?? 100;
  const seen = new Set<string>();
  const ids = new Set<string>();
  const listing: Listing<T> = {items: [], dropped: [], pages: []};
  let cursor: string | undefined;
  for (let index = 1; ; index++) {
    if (index > pageLimit) {
      throw new PaginationError(`${label}: ${kind.method} did not end after ${pageLimit} pages (page ${index} would follow cursor ${JSON.stringify(cursor)}); giving up`);
    }
    const started = Date.now();
    const result = await fetchPage(cursor);
    const raw = Array.isArray(result[kind.key]) ? (result[kind.key] as unknown[]) : undefined;
    if (!raw) throw new PaginationError(`${label}: ${kind.method} page ${index} has no "${kind.key}" array`);
    const next = result.nextCursor;
    if (next !== undefined && next !== null && typeof next !== 'string') {
      throw new PaginationError(`${label}: ${kind.method} page ${index} has a nextCursor that is not a string`);
    }
    const names: string[] = [];
    // A plain loop: no closure called per entry of every page (issue #17).
    for (let position = 0; position < raw.length; position++) {
      const item = raw[position];
      const id = kind.identity(item);
      const problem = kind.problem(item) ?? (ids.has(id!) ? kind.duplicate : undefined);
      if (problem) listing.dropped.push({page: index, position, name: id, reason: problem});
      else {
        ids.add(id!);
        names.push(id!);
        listing.items.push(item as T);
      }
    }
    cacheHints(listing, result);
    const page: PageRecord = {index, count: raw.length, cursorIn: cursor, cursorOut: next ?? undefined, ms: Date.now() - started, names};
    listing.pages.push(page);
    options.onPage?.(page);
    if (typeof next !== 'string') return listing;
    if (seen.has(next)) {
      throw new PaginationError(`${label}: ${kind.method} page ${index} returned cursor ${JSON.stringify(next.slice(0, 80))} again; the server's pagination loops`);
    }
    seen.add(next);
    cursor = next;
  }
}

/** Folds one page's `ttlMs`/`cacheScope` into the listing's (ill-formed values are ignored). */
function cacheHints(listing: Listing<unknown>, page: Record<string, unknown>): void {
  const ttl = page.ttlMs;
  if (typeof ttl === 'number' && Number.isFinite(ttl) && ttl >= 0) listing.ttlMs = Math.min(listing.ttlMs ?? Infinity, Math.floor(ttl));
  if (page.cacheScope === 'private' || (page.cacheScope === 'public' && listing.cacheScope !== 'private')) listing.cacheScope = page.cacheScope;
}

/** A JSON object (not null, not an array). */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A string member of an object, if it is one. */
export function stringMember(item: unknown, key: string): string | undefined {
  const v = isRecord(item) ? item[key] : undefined;
  return typeof v === 'string' ? v : undefined;
}
