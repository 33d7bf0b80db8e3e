// The model API's own tool search (Anthropic's BM25 tool search tool): what
// its answer blocks found, in the words a card shows, and how to tell a
// provider or gateway that does not take it. Such a refusal is a 400 naming
// the parts it did not know; anything else is an ordinary failed request.
import type {CatalogEntry} from '../../hub/types.js';
import {apiToolSearches, type ModelContent, type ModelMessage} from '../../state/model-content.js';
import {ModelError} from '../models/model-error.js';
import {foundText} from './search-tool.js';

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
  return apiToolSearches(content).map(({id, name, input, outcome}) => {
    const base = {id, name, input};
    if (!outcome) return {...base, isError: false, text: 'The API has not answered this search yet (the response was paused).'};
    if (outcome.type === 'tool_search_tool_result_error') {
      const why = outcome.error_message ? `: ${outcome.error_message}` : '';
      return {...base, isError: true, text: `The API's tool search failed (${outcome.error_code}${why}).`};
    }
    const names = outcome.tool_references.map((r) => r.tool_name);
    if (names.length === 0) return {...base, isError: false, text: 'No tool matched.'};
    const known = names.flatMap((n) => byName.get(n) ?? []);
    return {...base, isError: false, text: foundText(known) + names.filter((n) => !byName.has(n)).map((n) => `\n${n} — (not in the tool table)`).join('')};
  });
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
