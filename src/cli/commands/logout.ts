// `breakerbox logout ALIAS`: revokes the server's tokens where it supports
// revocation (RFC 7009) and forgets them here.
import {describeLogout} from '../../auth/describe.js';
import {neverAsk} from '../../auth/prompt.js';
import type {CliIo} from './io.js';
import {remoteTarget} from './remote-server.js';

export async function run(argv: string[], io: CliIo): Promise<number> {
  const target = await remoteTarget('logout', argv, io, neverAsk);
  if ('exit' in target) return target.exit;
  io.stdout.write(describeLogout(target.server.alias, await target.auth.logout(AbortSignal.timeout(30_000))) + '\n');
  return 0;
}
