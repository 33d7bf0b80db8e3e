// What one model request carries, from the history and the hub's current
// view: the system prompt (unavailable servers, server instructions) and the
// tool table in catalog order, translated once by the hub.
import {modelTools} from '../hub/translate.js';
import type {Catalog} from '../hub/types.js';
import type {ModelMessage} from '../state/model-content.js';
import type {ModelRequest} from './model.js';
import {withinRequestImages} from './request-images.js';
import {systemPrompt} from './system-prompt.js';

/** The hub as a model request needs it. */
export interface RequestSource {
  readonly catalog: Catalog;
  unavailable(): string[];
  instructions(): Array<{alias: string; text: string}>;
}

/** The request for the next step (without the signal and the text callback). */
export function buildRequest(history: ModelMessage[], hub: RequestSource): Omit<ModelRequest, 'signal' | 'onText'> {
  return {system: systemPrompt(hub.unavailable(), hub.instructions()), tools: modelTools(hub.catalog.entries), messages: withinRequestImages(history)};
}
