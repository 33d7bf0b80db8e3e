// The model API's own tool search (Anthropic's BM25 tool search tool): what
// its answer blocks found, in the words a card shows, and how to tell a
// provider or gateway that does not take it. Such a refusal is a 400 naming
// the parts it did not know; anything else is an ordinary failed request.
import type {CatalogEntry} from '../../hub/types.js';
import type {ModelContent, ModelMessage} from '../../state/model-content.js';
import {ModelError} from '../models/model-error.js';
import {foundText} from './search-tool.js';

/** Whether a card's name is the API's search tool (`tool_search_tool_bm25` or `…_regex`). */
export const isServerSearchName = (name: string): boolean => name.startsWith('tool_search_tool_');

/** One search the API ran during a response, and what it answered. */
export interface ServerSearch {
  id: string;
  name: string;
  input: unknown;
  text: string;
  isError: boolean;
}

/** The searches in `content`, each with its result in the words a search_tools card uses. */
export function serverSearches(content: readonly ModelContent[], byName: ReadonlyMap<string, CatalogEntry>): ServerSearch[] {
  const out: ServerSearch[] = [];
  for (const block of content) {
    if (block.type !== 'server_tool_use' || !isServerSearchName(block.name)) continue;
    const result = content.find((b) => b.type === 'tool_search_tool_result' && b.tool_use_id === block.id);
    const base = {id: block.id, name: block.name, input: block.input};
    if (!result || result.type !== 'tool_search_tool_result') {
      out.push({...base, isError: false, text: 'The API has not answered this search yet (the response was paused).'});
    } else if (result.content.type === 'tool_search_tool_result_error') {
      const why = result.content.error_message ? `: ${result.content.error_message}` : '';
      out.push({...base, isError: true, text: `The API's tool search failed (${result.content.error_code}${why}).`});
    } else {
      const names = result.content.tool_references.map((r) => r.tool_name);
      const known = names.flatMap((n) => byName.get(n) ?? []);
      const unknown = names.filter((n) => !byName.has(n));
      const text = names.length === 0 ? 'No tool matched.' : foundText(known) + unknown.map((n) => `\n${n} — (not in the tool table)`).join('');
      out.push({...base, isError: false, text});
    }
  }
  return out;
}

/**
 * The history without the API's search blocks, for a request that does not
 * use the API's search (after a fallback, or a session resumed through
 * another gateway): their tool references would point at tools that are not
 * deferred there. A message left empty says so, as the API refuses empty ones.
 */
export function withoutServerSearch(history: readonly ModelMessage[]): ModelMessage[] {
  if (!history.some((m) => m.content.some(isServerSearchBlock))) return history as ModelMessage[];
  return history.map((m) => {
    if (!m.content.some(isServerSearchBlock)) return m;
    const content = m.content.filter((b) => !isServerSearchBlock(b));
    return {...m, content: content.length > 0 ? content : [{type: 'text', text: '(searched the tools)'}]};
  });
}

const isServerSearchBlock = (b: ModelContent) => b.type === 'server_tool_use' || b.type === 'tool_search_tool_result';

const SEARCH_WORDS = /defer_loading|tool_search|tool search|tool_reference/i;

/** A 400 from an API or gateway that does not take deferred loading or the search tool. */
export function isSearchRefusal(error: unknown): boolean {
  return error instanceof ModelError && (error.status === 400 || error.status === 422) && SEARCH_WORDS.test(error.message);
}
