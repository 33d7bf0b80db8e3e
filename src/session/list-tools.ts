import type {Tool} from './mcp-types.js';
import {listAllPages, type DroppedItem, type ListKind, type ListOptions, type PageFetcher, type PageRecord} from './paginate.js';

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
  identity: toolName,
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

// These two run for every entry of every page; the object test is written out
// in them, not called (isRecord, stringMember), so that a 1,000-tool listing
// gives V8 two functions to compile rather than four (issue #17).

/** The entry's `name` when it is an object with a string name (stringMember's answer). */
function toolName(t: unknown): string | undefined {
  if (typeof t !== 'object' || t === null || Array.isArray(t)) return undefined;
  const name = (t as {name?: unknown}).name;
  return typeof name === 'string' ? name : undefined;
}

function toolProblem(t: unknown): string | undefined {
  if (typeof t !== 'object' || t === null || Array.isArray(t)) return 'not an object';
  const tool = t as Record<string, unknown>;
  if (typeof tool.name !== 'string' || tool.name === '') return 'no name';
  const schema = tool.inputSchema;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return 'inputSchema is not an object';
  const output = tool.outputSchema;
  if (output !== undefined && (typeof output !== 'object' || output === null || Array.isArray(output))) return 'outputSchema is not an object';
  return undefined;
}
