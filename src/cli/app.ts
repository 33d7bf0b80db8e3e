import type {ModelMessage} from '../agent/model.js';
import {loadConfig, type Config} from '../config/index.js';
import {DEFAULT_RESULT_LIMITS} from '../hub/content/index.js';
import type {TraceEvent} from '../connection/connection.js';
import {createApp, type AppParts} from '../driver/app.js';
import type {TurnRecorder} from '../driver/session-recording.js';
import type {Limits} from '../state/app-state.js';
import type {Model} from '../agent/model.js';
import type {CliOptions} from './args.js';
import {createScriptedModel} from '../agent/models/scripted.js';
import {approvalRules, chooseModel, hubServers, logDir} from './setup.js';

/** Everything one run is made of. */
export interface App extends AppParts {
  config: Config;
  model: Model;
}

/** What a mode adds to the wiring. */
export interface AppHooks {
  interactive: boolean;
  trace?: boolean;
  rawTrace?: (alias: string, event: TraceEvent) => void;
  recorder?: TurnRecorder;
  history?: ModelMessage[];
  columns?: number;
  rows?: number;
  limits?: Partial<Limits>;
  tickMs?: number;
  /** `--list-tools`: no model is chosen (no SDK is loaded); the offline one stands in. */
  noModel?: boolean;
}

/** Loads the config (throws ConfigError), picks the model, wires hub → driver → store. Starts nothing. */
export async function buildApp(opts: CliOptions, env: NodeJS.ProcessEnv, hooks: AppHooks): Promise<App> {
  const config = loadConfig(opts.config, env);
  const {noModel, ...rest} = hooks;
  const model = noModel ? createScriptedModel() : await chooseModel(opts, env);
  const parts = createApp({
    servers: hubServers(config, env),
    model,
    maxSteps: opts.maxSteps,
    rules: approvalRules(opts, config),
    resultCap: opts.resultCap,
    // The hub fits each result's text to the same cap the model gets.
    results: {textChars: opts.resultCap ?? DEFAULT_RESULT_LIMITS.textChars},
    logDir: logDir(env),
    ...rest,
  });
  return {config, model, ...parts};
}
