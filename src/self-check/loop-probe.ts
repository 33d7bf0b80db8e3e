import {runTurn, type LoopHub} from '../agent/loop.js';
import type {Model, ModelRequest, ModelTool} from '../agent/model.js';

/** Rules that run every call: the self-check has no one to ask. */
export const RUN_ALL = {yes: true, allow: [], autoApprove: {}};

/** Runs one real turn against `hub` with a model that only records what it is sent. */
export async function toolsTheLoopSends(hub: LoopHub): Promise<ModelTool[]> {
  let seen: ModelRequest | undefined;
  const model: Model = {
    label: 'self-check probe',
    offline: true,
    async respond(request) {
      seen = request;
      return {content: [{type: 'text', text: 'ok'}], stopReason: 'end_turn'};
    },
  };
  await runTurn('which tools do you have?', {
    model,
    hub,
    history: [],
    dispatch: () => {},
    maxSteps: 1,
    rules: RUN_ALL,
    alwaysAllowed: new Set(),
    signal: new AbortController().signal,
  });
  return seen?.tools ?? [];
}

/** Wraps a model to count its requests. */
export function counting(model: Model): Model & {readonly requests: number} {
  let requests = 0;
  return {
    label: model.label,
    offline: model.offline,
    get requests() {
      return requests;
    },
    respond(request) {
      requests++;
      return model.respond(request);
    },
  };
}
