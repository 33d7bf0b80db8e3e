// What one model request carries, from the history and the hub's current
// view: the system prompt (unavailable servers, server instructions) and the
// tool table in catalog order, translated once by the hub (past a size, the
// loaded part of it plus the search tool and what search found).
import type {Catalog, CatalogEntry} from '../hub/types.js';
import type {ModelMessage} from '../state/model-content.js';
import type {ModelRequest} from './model.js';
import {withinRequestImages} from './request-images.js';
import {systemPrompt} from './system-prompt.js';
import {requestTools} from './tool-search/request-tools.js';
import type {ToolSearchSettings} from './tool-search/settings.js';

/** The hub as a model request needs it. */
export interface RequestSource {
  readonly catalog: Catalog;
  unavailable(): string[];
  instructions(): Array<{alias: string; text: string}>;
}

/** The request for the next step (without the signal and the text callback), and the tools it left for search. */
export function buildRequest(
  history: ModelMessage[],
  hub: RequestSource,
  search: ToolSearchSettings = {mode: 'off'},
  contextWindow?: number,
): {request: Omit<ModelRequest, 'signal' | 'onText'>; deferred: CatalogEntry[]} {
  const {tools, deferred} = requestTools(hub.catalog, history, search, contextWindow);
  return {request: {system: systemPrompt(hub.unavailable(), hub.instructions()), tools, messages: withinRequestImages(history)}, deferred};
}
