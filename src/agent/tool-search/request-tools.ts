// The tool table of one request when search is on. Client-side search (every
// provider, the offline model): the loaded tools of the startup table in
// catalog order, then the search tool, then every tool found so far in the
// order it was found, then loaded tools a server added later. Found tools come
// from the history (what each search answered, and any deferred tool the
// model already called), so a resumed session loads the same tools, and each
// request's table starts with the previous one's bytes: the prompt cache keeps
// its prefix. Server-side search (the API's own): the whole table in catalog
// order, the deferred part named for the provider to mark.
import {toModelTool} from '../../hub/translate.js';
import type {Catalog, CatalogEntry, ModelTool} from '../../hub/types.js';
import type {ModelMessage} from '../../state/model-content.js';
import {namesInResult, searchToolDefinition, SEARCH_TOOL_NAME} from './search-tool.js';
import {deferredNames, type ToolSearchSettings} from './settings.js';

/** Who answers searches: breakerbox (`search_tools`) or the model API. */
export type SearchPlacement = 'client' | 'server';

/** The table of one request, and what it left for search. */
export interface RequestTools {
  tools: ModelTool[];
  /** Deferred entries (searchable); empty when search is off. */
  deferred: CatalogEntry[];
  /** Server placement only: the names of `tools` the API's search finds. */
  serverDeferred?: string[];
}

/** Tools for the next request given the history so far; a pure function of its arguments. */
export function requestTools(
  catalog: Catalog,
  history: readonly ModelMessage[],
  settings: ToolSearchSettings,
  contextWindow?: number,
  placement: SearchPlacement = 'client',
): RequestTools {
  const names = deferredNames(catalog.entries, settings, contextWindow);
  const all = catalog.entries.map(toModelTool);
  if (names.size === 0) return {tools: all, deferred: []};
  const deferred = catalog.entries.filter((e) => names.has(e.name));
  if (placement === 'server') return {tools: all, deferred, serverDeferred: deferred.map((e) => e.name)};
  const split = catalog.appendedFrom ?? catalog.entries.length;
  const loaded = (entries: readonly CatalogEntry[]) => entries.filter((e) => !names.has(e.name)).map(toModelTool);
  const found = foundNames(history, catalog.byName).filter((n) => names.has(n));
  return {
    tools: [
      ...loaded(catalog.entries.slice(0, split)),
      searchToolDefinition(),
      ...found.map((n) => toModelTool(catalog.byName.get(n)!)),
      // After everything already sent: appended tools never shift bytes the cache holds.
      ...loaded(catalog.entries.slice(split)),
    ],
    deferred,
  };
}

/** Catalog names the history has found by search or called, first appearance first. */
export function foundNames(history: readonly ModelMessage[], byName: ReadonlyMap<string, CatalogEntry>): string[] {
  const searches = new Set<string>();
  const seen = new Set<string>();
  const add = (name: string): void => {
    if (byName.has(name)) seen.add(name);
  };
  for (const message of history) {
    for (const block of message.content) {
      if (block.type === 'tool_use') {
        if (block.name === SEARCH_TOOL_NAME) searches.add(block.id);
        else add(block.name);
      } else if (block.type === 'tool_result' && searches.has(block.tool_use_id) && !block.is_error) {
        for (const part of block.content) if (part.type === 'text') namesInResult(part.text, byName).forEach(add);
      }
    }
  }
  return [...seen];
}
