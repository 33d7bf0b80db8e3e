// What one model request carries, from the history and the hub's current
// view: the system prompt (unavailable servers, server instructions) and the
// tool table in catalog order, translated once by the hub (past a size, the
// loaded part of it plus the search tool and what search found; or, when the
// API searches itself, the whole table with the deferred names beside it).
import type {Catalog, CatalogEntry} from '../hub/types.js';
import type {ModelMessage} from '../state/model-content.js';
import type {ModelRequest} from './model.js';
import {withinRequestImages} from './request-images.js';
import {systemPrompt} from './system-prompt.js';
import {requestTools, type SearchPlacement} from './tool-search/request-tools.js';
import {withoutServerSearch} from './tool-search/server-search.js';
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
  placement: SearchPlacement = 'client',
): {request: Omit<ModelRequest, 'signal' | 'onText'>; deferred: CatalogEntry[]} {
  const {tools, deferred, serverDeferred} = requestTools(hub.catalog, history, search, contextWindow, placement);
  const messages = withinRequestImages(serverDeferred ? history : withoutServerSearch(history));
  const request = {system: systemPrompt(hub.unavailable(), hub.instructions()), tools, messages};
  return {request: serverDeferred ? {...request, deferred: serverDeferred} : request, deferred};
}
