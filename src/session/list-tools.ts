import type {Tool} from './mcp-types.js';

/** One `tools/list` page as the debug view shows it. */
export interface PageRecord {
  index: number;
  count: number;
  cursorIn?: string;
  cursorOut?: string;
  ms: number;
}

/** A tool entry the server sent that we could not use. */
export interface DroppedTool {
  page: number;
  position: number;
  name?: string;
  reason: string;
}

/** The whole list, across pages. */
export interface ToolListing {
  tools: Tool[];
  dropped: DroppedTool[];
  pages: PageRecord[];
  /** How long the list may be cached (2026-07-28 `ttlMs`): the shortest any page gave. */
  ttlMs?: number;
  /** `cacheScope` of the pages: "private" when any page said so. */
  cacheScope?: 'public' | 'private';
}

/** Pagination went wrong in a way that would loop forever or hide tools. */
export class PaginationError extends Error {
  override readonly name = 'PaginationError';
  readonly code = 'pagination';
}

/** Fetches one page; the session adds era-specific metadata. */
export type PageFetcher = (cursor: string | undefined) => Promise<Record<string, unknown>>;

/**
 * Follows `nextCursor` until it is absent: an empty page with a cursor is not
 * the end, a short page is not the end. The cursor goes back verbatim.
 */
export async function listAllTools(
  fetchPage: PageFetcher,
  label: string,
  options: {pageLimit?: number; onPage?: (page: PageRecord) => void; check?: (tool: Tool) => string | undefined} = {},
): Promise<ToolListing> {
  const pageLimit = options.pageLimit ?? 100;
  const seen = new Set<string>();
  const names = new Set<string>();
  const listing: ToolListing = {tools: [], dropped: [], pages: []};
  let cursor: string | undefined;
  for (let index = 1; ; index++) {
    if (index > pageLimit) {
      throw new PaginationError(`${label}: tools/list did not end after ${pageLimit} pages (page ${index} would follow cursor ${JSON.stringify(cursor)}); giving up`);
    }
    const started = Date.now();
    const result = await fetchPage(cursor);
    const raw = Array.isArray(result.tools) ? result.tools : undefined;
    if (!raw) throw new PaginationError(`${label}: tools/list page ${index} has no "tools" array`);
    const next = result.nextCursor;
    if (next !== undefined && next !== null && typeof next !== 'string') {
      throw new PaginationError(`${label}: tools/list page ${index} has a nextCursor that is not a string`);
    }
    raw.forEach((t, position) => {
      const problem = toolProblem(t) ?? options.check?.(t as Tool) ?? (names.has(nameOf(t)!) ? 'duplicate name (the first one is kept)' : undefined);
      if (problem) listing.dropped.push({page: index, position, name: nameOf(t), reason: problem});
      else {
        names.add((t as Tool).name);
        listing.tools.push(t as Tool);
      }
    });
    cacheHints(listing, result);
    const page: PageRecord = {index, count: raw.length, cursorIn: cursor, cursorOut: next ?? undefined, ms: Date.now() - started};
    listing.pages.push(page);
    options.onPage?.(page);
    if (typeof next !== 'string') return listing;
    if (seen.has(next)) {
      throw new PaginationError(`${label}: tools/list page ${index} returned cursor ${JSON.stringify(next.slice(0, 80))} again; the server's pagination loops`);
    }
    seen.add(next);
    cursor = next;
  }
}

/** Folds one page's `ttlMs`/`cacheScope` into the listing's (ill-formed values are ignored). */
function cacheHints(listing: ToolListing, page: Record<string, unknown>): void {
  const ttl = page.ttlMs;
  if (typeof ttl === 'number' && Number.isFinite(ttl) && ttl >= 0) listing.ttlMs = Math.min(listing.ttlMs ?? Infinity, Math.floor(ttl));
  if (page.cacheScope === 'private' || (page.cacheScope === 'public' && listing.cacheScope !== 'private')) listing.cacheScope = page.cacheScope;
}

function nameOf(t: unknown): string | undefined {
  const n = (t as {name?: unknown})?.name;
  return typeof n === 'string' ? n : undefined;
}

function toolProblem(t: unknown): string | undefined {
  if (typeof t !== 'object' || t === null || Array.isArray(t)) return 'not an object';
  const tool = t as Record<string, unknown>;
  if (typeof tool.name !== 'string' || tool.name === '') return 'no name';
  const schema = tool.inputSchema;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return 'inputSchema is not an object';
  // Such a tool must be called as a task (2025-11-25), which breakerbox does not do: every call would fail.
  if ((tool.execution as {taskSupport?: unknown} | undefined)?.taskSupport === 'required') return 'it can only be called as a task (execution.taskSupport "required"), which breakerbox does not support';
  if (tool.outputSchema !== undefined && (typeof tool.outputSchema !== 'object' || tool.outputSchema === null || Array.isArray(tool.outputSchema))) {
    return 'outputSchema is not an object';
  }
  return undefined;
}
