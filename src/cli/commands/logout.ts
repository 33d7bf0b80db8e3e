// `breakerbox logout ALIAS`: revokes the server's tokens where it supports
// revocation (RFC 7009) and forgets them here.
import {describeLogout} from '../../auth/describe.js';
import {neverAsk} from '../../auth/prompt.js';
import {ConfigError} from '../../config/index.js';
import type {CliIo} from './io.js';
import {remoteTarget} from './remote-server.js';

export async function run(argv: string[], io: CliIo): Promise<number> {
  let target;
  try {
    target = remoteTarget('logout', argv, io, neverAsk);
  } catch (err) {
    if (err instanceof ConfigError) return (io.stderr.write(`breakerbox: ${err.message}\n`), 2);
    throw err;
  }
  if ('exit' in target) return target.exit;
  io.stdout.write(describeLogout(target.server.alias, await target.auth.logout(AbortSignal.timeout(30_000))) + '\n');
  return 0;
}
