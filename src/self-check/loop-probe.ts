import type {Model, ModelRequest, ModelTool} from '../agent/model.js';
import type {ToolSearchSettings} from '../agent/tool-search/settings.js';
import {Driver, type DriverHub} from '../driver/driver.js';
import {initialState, type AppState} from '../state/app-state.js';
import {createStore} from '../state/store.js';

/** Rules that run every call: the self-check has no one to ask. */
export const RUN_ALL = {yes: true, allow: [], autoApprove: {}};

/** The model of a driver that only watches servers: a turn would be a bug in the check. */
export const NO_MODEL: Model = {
  label: 'self-check: no model',
  offline: true,
  respond: () => Promise.reject(new Error('this self-check driver runs no turns')),
};

/** Runs one real turn against `hub` through a driver; resolves to the store's state afterwards. */
export async function turn(question: string, hub: DriverHub, model: Model, maxSteps: number, toolSearch?: ToolSearchSettings): Promise<AppState> {
  const store = createStore(initialState({maxSteps, limits: {previewChars: Infinity}}));
  // Not this driver's to close: the fixture hub outlives the turn.
  const driver = new Driver({store, hub, model, maxSteps, rules: RUN_ALL, interactive: false, ...(toolSearch ? {toolSearch} : {})});
  await driver.submit(question);
  return store.getState();
}

/** Runs one real turn against `hub` with a model that only records what it is sent. */
export async function toolsTheLoopSends(hub: Parameters<typeof turn>[1]): Promise<ModelTool[]> {
  let seen: ModelRequest | undefined;
  const model: Model = {
    label: 'self-check probe',
    offline: true,
    async respond(request) {
      seen = request;
      return {content: [{type: 'text', text: 'ok'}], stopReason: 'end_turn'};
    },
  };
  await turn('which tools do you have?', hub, model, 1);
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
