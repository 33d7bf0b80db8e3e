// `breakerbox login ALIAS`: a fresh OAuth login to one remote server, then a
// connection that proves it (the server's tools are listed).
import {Hub} from '../../hub/hub.js';
import {terminalPrompt} from '../login-prompt.js';
import {hubServers} from '../setup.js';
import type {CliIo} from './io.js';
import {remoteTarget} from './remote-server.js';

/** Longest a login waits for the browser here (a person is at the keyboard). */
const LOGIN_WAIT_MS = 5 * 60_000;

export async function run(argv: string[], io: CliIo): Promise<number> {
  const prompt = terminalPrompt({stderr: io.stderr, stdin: io.stdin, env: io.env, alwaysOpen: true});
  const target = await remoteTarget('login', argv, io, prompt);
  if ('exit' in target) return target.exit;
  const {server, auth} = target;
  auth.expectLogin();
  // The whole login happens inside the first connection: give it the time a person needs.
  const startupTimeoutMs = Math.max(server.startupTimeoutMs, LOGIN_WAIT_MS + 30_000);
  const hub = new Hub({servers: hubServers({...target.config, servers: [{...server, startupTimeoutMs}]}, io.env, new Map([[server.alias, auth]]))});
  try {
    await hub.start();
    const status = hub.statuses()[0];
    if (status?.state === 'online') {
      io.stdout.write(auth.loggedIn ? `logged in to ${server.alias}: ${status.toolCount} tool${status.toolCount === 1 ? '' : 's'} available\n` : `${server.alias} answered without asking for a login: nothing to do\n`);
      return 0;
    }
    io.stderr.write(`breakerbox login: ${server.alias}: ${status?.reason ?? 'did not connect'}\n`);
    return 1;
  } finally {
    await hub.close();
  }
}
