import type {ModelMessage} from '../agent/model.js';
import {describeLogout} from '../auth/describe.js';
import {neverAsk, type LoginPrompt} from '../auth/prompt.js';
import type {ServerAuth} from '../auth/server-auth.js';
import type {Config} from '../config/index.js';
import type {TraceEvent} from '../connection/connection.js';
import type {Accounts} from '../driver/accounts.js';
import {createApp, type AppParts} from '../driver/app.js';
import type {HubOptions} from '../hub/hub.js';
import type {Driver} from '../driver/driver.js';
import {dialogPrompt} from '../driver/login-dialog.js';
import type {TurnRecorder} from '../driver/session-recording.js';
import type {Limits} from '../state/app-state.js';
import type {Model} from '../agent/model.js';
import type {CliOptions} from './args.js';
import {prepareApp} from './app-parts.js';

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

/** Loads the config (throws ConfigError), picks the model, wires hub → driver → store. Starts nothing. */
export async function buildApp(opts: CliOptions, env: NodeJS.ProcessEnv, {loginPrompt, ...hooks}: AppHooks): Promise<App> {
  // The TUI's login dialog is asked through the driver, made after the servers that need it.
  let driver: Driver | undefined;
  const prompt = loginPrompt === 'dialog' ? dialogPrompt((request, signal) => driver!.askInput(request, signal), env) : (loginPrompt ?? neverAsk);
  const {config, model, auth, options} = await prepareApp(opts, env, prompt, hooks);
  const parts = createApp({...options, accounts: auth.size > 0 ? accountsOf(auth) : undefined});
  driver = parts.driver;
  return {config, model, ...parts};
}

/** `/login` and `/logout` over the remote servers' ServerAuths. */
function accountsOf(auth: ReadonlyMap<string, ServerAuth>): Accounts {
  return {
    has: (alias) => auth.has(alias),
    expectLogin: (alias) => auth.get(alias)?.expectLogin(),
    loggedIn: (alias) => auth.get(alias)?.loggedIn ?? false,
    logout: async (alias) => describeLogout(alias, await auth.get(alias)!.logout()),
  };
}
