// The model API's own tool search (Anthropic's BM25 tool search tool): what
// its answer blocks found, in the words a card shows, and how to tell a
// provider or gateway that does not take it. Such a refusal is a 400 naming
// the parts it did not know, or, from a gateway that says only "Bad Request",
// a 400 to the first request that carried them and blames nothing else;
// anything else is an ordinary failed request.
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

/** Per session: whether requests use the API's own search, and whether the API has taken one that did. */
export interface SearchPlacementState {
  server: boolean;
  /** A request with deferred tools and the API's search tool got an answer: the API knows them. */
  accepted?: boolean;
}

const SEARCH_WORDS = /defer_loading|tool_search|tool search|tool_reference/i;
/** Parts of a request a 400 may name that are not the deferred tools or the search tool. */
const OTHER_CAUSES = /\b(messages|system|max_tokens|model|temperature|top_[pk]|stop_sequences|metadata|thinking|tool_choice|input_schema|prompt is too long|credit)\b/i;

/**
 * Whether `error`, the answer to a request that carried deferred tools and
 * the API's search tool, says the API or a gateway does not take them: the
 * words of the notice, or undefined for an ordinary failure. A 400 naming
 * them always counts. A 400 that names no cause counts only while no such
 * request has been answered (a gateway that does not know the fields fails
 * the very first one); after that the same 400 is about something else.
 */
export function searchRefusal(error: unknown, placement: SearchPlacementState): string | undefined {
  if (!(error instanceof ModelError) || (error.status !== 400 && error.status !== 422)) return undefined;
  if (SEARCH_WORDS.test(error.message)) return `the model API refused its own tool search (${error.message})`;
  if (placement.accepted || OTHER_CAUSES.test(error.message)) return undefined;
  return `the model API refused the first request with deferred tools with a ${error.status} that names no cause (${error.message}), as a gateway that does not know tool search would`;
}
