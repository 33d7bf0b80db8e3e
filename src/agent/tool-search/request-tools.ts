// The tool table of one request when search is on: the loaded tools in
// catalog order, then the search tool, then every tool found so far in the
// order it was found. Found tools come from the history (what each search
// answered, and any deferred tool the model already called), so a resumed
// session loads the same tools, and each request's table starts with the
// previous one's bytes: the prompt cache keeps its prefix.
import {toModelTool} from '../../hub/translate.js';
import type {Catalog, CatalogEntry, ModelTool} from '../../hub/types.js';
import type {ModelMessage} from '../../state/model-content.js';
import {namesInResult, searchToolDefinition, SEARCH_TOOL_NAME} from './search-tool.js';
import {deferredNames, type ToolSearchSettings} from './settings.js';

/** The table of one request, and what it left for search. */
export interface RequestTools {
  tools: ModelTool[];
  /** Deferred entries (searchable); empty when search is off. */
  deferred: CatalogEntry[];
}

/** Tools for the next request given the history so far. */
export function requestTools(catalog: Catalog, history: readonly ModelMessage[], settings: ToolSearchSettings, contextWindow?: number): RequestTools {
  const names = deferredNames(catalog.entries, settings, contextWindow);
  if (names.size === 0) return {tools: catalog.entries.map(toModelTool), deferred: []};
  const loaded = catalog.entries.filter((e) => !names.has(e.name));
  const deferred = catalog.entries.filter((e) => names.has(e.name));
  const found = foundNames(history, catalog.byName).filter((n) => names.has(n));
  return {
    tools: [...loaded.map(toModelTool), searchToolDefinition(deferred.length), ...found.map((n) => toModelTool(catalog.byName.get(n)!))],
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
