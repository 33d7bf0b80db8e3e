// What `login` and `logout` share: the one remote server they act on.
import {parseArgs} from 'node:util';
import type {HttpServerConfig} from '../../config/index.js';
import {ConfigError, loadConfig, type Config} from '../../config/index.js';
import type {LoginPrompt} from '../../auth/prompt.js';
import type {ServerAuth} from '../../auth/server-auth.js';
import {serverAuths} from '../setup.js';
import type {CliIo} from './io.js';

/** The server named on the command line, with its auth; or an exit code after saying what is wrong. */
export type Target = {config: Config; server: HttpServerConfig; auth: ServerAuth} | {exit: number};

/** Parses `<alias> [--config PATH]` and finds the remote server. */
export async function remoteTarget(command: string, argv: string[], io: CliIo, prompt: LoginPrompt): Promise<Target> {
  const fail = (text: string): Target => {
    io.stderr.write(`breakerbox ${command}: ${text}\n`);
    return {exit: 2};
  };
  let parsed;
  try {
    parsed = parseArgs({args: argv, allowPositionals: true, options: {config: {type: 'string', short: 'c'}}});
  } catch (err) {
    return fail(`${(err as Error).message}\nusage: breakerbox ${command} <alias> [--config PATH]`);
  }
  const [alias, ...extra] = parsed.positionals;
  if (!alias || extra.length) return fail(`usage: breakerbox ${command} <alias> [--config PATH]`);
  let config: Config;
  try {
    config = loadConfig(parsed.values.config ?? 'mcp.config.json', io.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    io.stderr.write(`breakerbox: ${err.message}\n`);
    return {exit: 2};
  }
  const server = config.servers.find((s) => s.alias === alias);
  if (!server) return fail(`no server called "${alias}" in ${config.path}; servers: ${config.servers.map((s) => s.alias).join(', ') || 'none'}`);
  // A broken entry is kept (offline, with its reason) so the app goes on; here it is the answer.
  if (server.cannotStart) {
    io.stderr.write(`breakerbox: ${server.cannotStart}\n`);
    return {exit: 2};
  }
  if (server.type !== 'http') return fail(`${alias} is a local server: it gets its credentials from "env" in the config, not from a login`);
  const auth = (await serverAuths({...config, servers: [server]}, io.env, prompt)).get(alias);
  if (!auth) return fail(`${alias} sends its own Authorization header (from "headers" in the config); remove it to log in with OAuth instead`);
  return {config, server, auth};
}
