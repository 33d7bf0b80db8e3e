import {describeLogout} from '../auth/describe.js';
import {neverAsk} from '../auth/prompt.js';
import type {ServerAuth} from '../auth/server-auth.js';
import type {Config} from '../config/index.js';
import type {Accounts} from '../driver/accounts.js';
import {createApp, type AppParts} from '../driver/app.js';
import type {Driver} from '../driver/driver.js';
import {dialogPrompt} from '../driver/login-dialog.js';
import type {Model} from '../agent/model.js';
import type {CliOptions} from './args.js';
import {prepareApp, type AppHooks} from './app-parts.js';

/** Everything one run is made of. */
export interface App extends AppParts {
  config: Config;
  model: Model;
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
