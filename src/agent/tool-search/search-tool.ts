// The client-side tool search the model sees when tools are deferred: it
// asks `search_tools` in words, gets names and one-line descriptions, and
// from the next request on the found tools are in the table in full. Works
// with every provider and the offline model, since only ordinary tool calls
// are involved. The name has no `mcp__` prefix, so no server tool can take it.
import type {CatalogEntry, ModelTool} from '../../hub/types.js';
import {stripControlLine} from '../../util/sanitize.js';

/** The search tool's name. */
export const SEARCH_TOOL_NAME = 'search_tools';

/** Results when the model does not say how many. */
export const DEFAULT_SEARCH_LIMIT = 5;
const MAX_SEARCH_LIMIT = 20;
const LINE_CHARS = 160;

/**
 * The search tool's definition. The same bytes whatever the catalog holds (no
 * count of tools), so a tool added later does not change it and the prompt
 * cache keeps everything from here on.
 */
export function searchToolDefinition(): ModelTool {
  return {
    name: SEARCH_TOOL_NAME,
    description:
      'Search the MCP tools that are not loaded yet, by what you want to do (e.g. "read a file", "create github issue"). ' +
      'Returns matching tool names with one-line descriptions; the tools found are available to call by those names from your next step on.',
    input_schema: {
      type: 'object',
      properties: {
        query: {type: 'string', description: 'Words describing the task or the tool'},
        limit: {type: 'integer', minimum: 1, maximum: MAX_SEARCH_LIMIT, description: `How many tools to return (default ${DEFAULT_SEARCH_LIMIT})`},
      },
      required: ['query'],
    },
  };
}

/** What one search returned: the entries (for the table) and the text (for the model and the card). */
export interface SearchOutcome {
  found: CatalogEntry[];
  text: string;
  isError: boolean;
}

/**
 * Runs one search over the deferred entries; bad input is an error result the
 * model can read. The index (minisearch) loads at the first search: the list
 * modes and a TUI start never search, and its module was ~26 KB of what a
 * `--list-tools` run compiled before its first request (issue #18).
 */
export async function runToolSearch(input: unknown, deferred: readonly CatalogEntry[]): Promise<SearchOutcome> {
  const args = (typeof input === 'object' && input !== null ? input : {}) as {query?: unknown; limit?: unknown};
  if (typeof args.query !== 'string' || args.query.trim() === '') {
    return {found: [], isError: true, text: `${SEARCH_TOOL_NAME} needs {"query": "<words>"}: a non-empty string describing the tool you need.`};
  }
  const limit = typeof args.limit === 'number' && Number.isInteger(args.limit) ? Math.min(MAX_SEARCH_LIMIT, Math.max(1, args.limit)) : DEFAULT_SEARCH_LIMIT;
  const {searchEntries} = await import('./search-index.js');
  const found = searchEntries(deferred, args.query, limit);
  if (found.length === 0) return {found, isError: false, text: `No tool matches ${JSON.stringify(args.query)}. Try other words (what the tool does, or the server's name).`};
  return {found, isError: false, text: foundText(found)};
}

/** "Found 2 tools; …" and one line per tool: what a search result says (both kinds of search show it). */
export function foundText(found: readonly CatalogEntry[]): string {
  const lines = found.map((e) => `${e.name} — ${oneLine(e.originalDescription ?? e.description)}`);
  return `Found ${found.length} tool${found.length === 1 ? '' : 's'}; call them by these names:\n${lines.join('\n')}`;
}

/** The names a search result offered (each line that starts with a catalog name). */
export function namesInResult(text: string, byName: ReadonlyMap<string, CatalogEntry>): string[] {
  const names: string[] = [];
  for (const line of text.split('\n')) {
    const name = line.split(' — ', 1)[0]!;
    if (line.includes(' — ') && byName.has(name)) names.push(name);
  }
  return names;
}

function oneLine(text: string): string {
  const line = stripControlLine(text.split('\n').find((l) => l.trim() !== '') ?? '').trim();
  return line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS - 1)}…` : line || '(no description)';
}
