// What every mode's run is built from before its parts are wired: the config,
// the model, the servers with their logins, records and pins, and the options
// of the hub and the store. ./app.ts adds the driver (the TUI, `--print`); a
// list run wires the hub straight to the store (./list-run.ts), so this file
// names nothing of the driver's.
import type {LoginPrompt} from '../auth/prompt.js';
import type {ServerAuth} from '../auth/server-auth.js';
import {loadConfig, type Config} from '../config/index.js';
import {DEFAULT_RESULT_LIMITS} from '../hub/content/index.js';
import type {AppOptions} from '../driver/app-options.js';
import type {Model, ModelMessage} from '../agent/model.js';
import type {TraceEvent} from '../connection/connection.js';
import type {TurnRecorder} from '../driver/session-recording.js';
import type {HubOptions} from '../hub/hub.js';
import type {Limits} from '../state/app-state.js';
import type {CliOptions} from './args.js';
import {approvalRules, chooseModel, hubServers, logDir, offlineModel, pinStore, serverAuths, startPolicy} from './setup.js';
import {ServerRecordStore} from '../util/server-record.js';

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
  /** List every server's resources and prompts as it comes online. */
  listExtras?: boolean;
  /** How a remote server's login reaches the user: stderr (--print), a dialog (TUI); none: the server stays offline with "needs login". */
  loginPrompt?: LoginPrompt | 'dialog';
  /** `--list-tools`: no model is chosen (no SDK is loaded); the offline one stands in. */
  noModel?: boolean;
  /** The TUI: the model's SDK loads at its first use, not before the servers start (setup.ts, chooseModel). */
  deferModel?: boolean;
  /** The config already loaded (the early spawn read it); loaded here otherwise. */
  config?: Config;
  /** Servers spawned before the hub loaded (early-spawn.ts). */
  adopt?: HubOptions['adopt'];
}

/** A run's options, decided; nothing is started or wired yet. */
export interface PreparedApp {
  config: Config;
  model: Model;
  /** The remote servers' logins, by alias. */
  auth: ReadonlyMap<string, ServerAuth>;
  options: AppOptions;
}

/** Loads the config (throws ConfigError), picks the model, decides the servers and the hub's options. */
export async function prepareApp(opts: CliOptions, env: NodeJS.ProcessEnv, prompt: LoginPrompt, {noModel, deferModel, config: loaded, ...hooks}: Omit<AppHooks, 'loginPrompt'>): Promise<PreparedApp> {
  const config = loaded ?? loadConfig(opts.config, env);
  const model = noModel ? await offlineModel(true) : await chooseModel(opts, env, {defer: deferModel});
  const auth = await serverAuths(config, env, prompt);
  // One record store for the run: the era and the pins live in the same files.
  const records = ServerRecordStore.open(env);
  // The list modes show live servers, never a cache: they start every server.
  const servers = startPolicy(hubServers(config, env, auth), opts.mode.startsWith('list-') ? 'eager' : opts.lazy ? 'lazy' : undefined);
  const options: AppOptions = {
    servers,
    model,
    maxSteps: opts.maxSteps,
    rules: approvalRules(opts, config),
    resultCap: opts.resultCap,
    ...(opts.resultTokens === undefined ? {} : {resultTokens: opts.resultTokens}),
    toolSearch: {mode: opts.toolSearch ?? 'auto', ...(opts.toolSearchThreshold === undefined ? {} : {thresholdTokens: opts.toolSearchThreshold})},
    // The hub fits each result's text to the same cap the model gets.
    results: {textChars: opts.resultCap ?? DEFAULT_RESULT_LIMITS.textChars},
    logDir: logDir(env, config.path),
    records,
    pins: pinStore(config, env, records, servers),
    ...hooks,
  };
  return {config, model, auth, options};
}
