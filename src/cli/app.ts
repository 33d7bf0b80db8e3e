import {Controller, type TurnRecorder} from '../agent/controller.js';
import {hubEventToAppEvents} from '../agent/hub-to-events.js';
import type {Model, ModelMessage} from '../agent/model.js';
import {loadConfig, type Config} from '../config/index.js';
import {DEFAULT_RESULT_LIMITS} from '../hub/content/index.js';
import {Hub} from '../hub/hub.js';
import type {TraceEvent} from '../connection/connection.js';
import {initialState} from '../state/app-state.js';
import type {AppEvent} from '../state/events.js';
import {createStore, type Store} from '../state/store.js';
import type {CliOptions} from './args.js';
import {approvalRules, chooseModel, hubServers, logDir} from './setup.js';
import {clientFeatures} from '../agent/client-features.js';

/** Everything one run is made of. */
export interface App {
  config: Config;
  store: Store;
  hub: Hub;
  model: Model;
  controller: Controller;
}

/** Extra wiring a mode may add. */
export interface AppHooks {
  interactive: boolean;
  /** Sees every event after the store did. */
  observe?: (event: AppEvent) => void;
  trace?: boolean;
  rawTrace?: (alias: string, event: TraceEvent) => void;
  recorder?: TurnRecorder;
  history?: ModelMessage[];
  columns?: number;
  rows?: number;
  /** List every server's resources and prompts as it comes online. */
  listExtras?: boolean;
}

/** Loads the config (throws ConfigError), picks the model, wires hub → store → controller. Starts nothing. */
export async function buildApp(opts: CliOptions, env: NodeJS.ProcessEnv, hooks: AppHooks): Promise<App> {
  const config = loadConfig(opts.config, env);
  const model = await chooseModel(opts, env);
  const store = createStore(
    initialState({
      servers: config.servers.map((s) => ({alias: s.alias, trusted: s.trusted, disabled: s.disabled})),
      modelLabel: model.label,
      offline: model.offline,
      maxSteps: opts.maxSteps,
      columns: hooks.columns,
      rows: hooks.rows,
    }),
  );
  const observed: Store = hooks.observe
    ? {
        ...store,
        dispatch(event) {
          store.dispatch(event);
          hooks.observe!(event);
        },
      }
    : store;
  const hub = new Hub({
    servers: hubServers(config, env),
    features: (server) =>
      clientFeatures(config.servers.find((s) => s.alias === server.alias)!, {
        interactive: hooks.interactive,
        yes: opts.yes,
        model: () => model,
        ask: (request, signal) => controller.askInput(request, signal),
      }),
    onEvent: (event) => {
      for (const e of hubEventToAppEvents(event)) observed.dispatch(e);
    },
    trace: hooks.trace ?? false,
    rawTrace: hooks.rawTrace,
    logDir: logDir(env),
    listExtras: hooks.listExtras,
    results: {textChars: opts.resultCap ?? DEFAULT_RESULT_LIMITS.textChars},
  });
  const controller = new Controller({
    store: observed,
    hub,
    model,
    maxSteps: opts.maxSteps,
    rules: approvalRules(opts, config),
    interactive: hooks.interactive,
    resultCap: opts.resultCap,
    recorder: hooks.recorder,
    history: hooks.history,
  });
  return {config, store, hub, model, controller};
}
