import type {Tool} from './mcp-types.js';
import {isRecord, listAllPages, stringMember, type DroppedItem, type ListKind, type ListOptions, type PageFetcher, type PageRecord} from './paginate.js';

export {PaginationError, type PageFetcher, type PageRecord} from './paginate.js';

/** A tool entry the server sent that we could not use. */
export type DroppedTool = DroppedItem;

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

const TOOLS: ListKind = {
  method: 'tools/list',
  key: 'tools',
  identity: (t) => stringMember(t, 'name'),
  problem: toolProblem,
  duplicate: 'duplicate name (the first one is kept)',
};

/**
 * Follows `nextCursor` until it is absent: an empty page with a cursor is not
 * the end, a short page is not the end. The cursor goes back verbatim.
 */
export async function listAllTools(
  fetchPage: PageFetcher,
  label: string,
  options: ListOptions & {check?: (tool: Tool) => string | undefined} = {},
): Promise<ToolListing> {
  const {check} = options;
  const kind: ListKind = check ? {...TOOLS, problem: (t) => toolProblem(t) ?? check(t as Tool)} : TOOLS;
  const {items, dropped, pages, ttlMs, cacheScope} = await listAllPages<Tool>(fetchPage, kind, label, options);
  return {tools: items, dropped, pages, ...(ttlMs !== undefined ? {ttlMs} : {}), ...(cacheScope ? {cacheScope} : {})};
}

function toolProblem(t: unknown): string | undefined {
  if (!isRecord(t)) return 'not an object';
  if (typeof t.name !== 'string' || t.name === '') return 'no name';
  const schema = t.inputSchema;
  if (!isRecord(schema)) return 'inputSchema is not an object';
  // Such a tool must be called as a task (2025-11-25), which breakerbox does not do: every call would fail.
  if ((t.execution as {taskSupport?: unknown} | undefined)?.taskSupport === 'required') return 'it can only be called as a task (execution.taskSupport "required"), which breakerbox does not support';
  if (t.outputSchema !== undefined && !isRecord(t.outputSchema)) return 'outputSchema is not an object';
  return undefined;
}
