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
  // Valid tools breakerbox cannot run leave the table too, but as what they are, not as malformed.
  const tools: Tool[] = [];
  for (const tool of items) {
    if (!taskOnly(tool)) tools.push(tool);
    else dropped.push({...locate(pages, tool.name), name: tool.name, reason: TASK_ONLY, notCallable: {...optional('title', tool.title), ...optional('description', tool.description)}});
  }
  return {tools, dropped, pages, ...(ttlMs !== undefined ? {ttlMs} : {}), ...(cacheScope ? {cacheScope} : {})};
}

/** Why a task-only tool is listed but not offered: every call of it would fail. */
export const TASK_ONLY = 'not callable here: it runs only as a task (execution.taskSupport "required"), which breakerbox does not support';

// Such a tool must be called as a task (2025-11-25); a plain tools/call is refused by the server.
function taskOnly(tool: Tool): boolean {
  return ((tool as {execution?: {taskSupport?: unknown}}).execution)?.taskSupport === 'required';
}

function locate(pages: readonly PageRecord[], name: string): {page: number; position: number} {
  for (const p of pages) {
    const position = p.names?.indexOf(name) ?? -1;
    if (position >= 0) return {page: p.index, position};
  }
  return {page: 0, position: 0};
}

function optional(key: 'title' | 'description', value: unknown): Record<string, string> {
  return typeof value === 'string' ? {[key]: value} : {};
}

function toolProblem(t: unknown): string | undefined {
  if (!isRecord(t)) return 'not an object';
  if (typeof t.name !== 'string' || t.name === '') return 'no name';
  const schema = t.inputSchema;
  if (!isRecord(schema)) return 'inputSchema is not an object';
  if (t.outputSchema !== undefined && !isRecord(t.outputSchema)) return 'outputSchema is not an object';
  return undefined;
}
