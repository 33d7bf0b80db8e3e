// The hub reads a transport's free-form text (stderr, HTTP notes) through the
// Transport interface only: any kind of transport gives an offline reason its
// last lines and feeds the server's log, without a cast to a concrete class.
import {mkdtempSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {expect, it} from 'vitest';
import {Hub} from '../../src/hub/hub.js';
import {MemoryTransport} from '../../src/transport/memory.js';

it('an offline reason carries the diagnostics tail of a non-stdio transport, and its log file the text', async () => {
  const logDir = mkdtempSync(join(tmpdir(), 'bb-diag-'));
  const hub = new Hub({
    servers: [{alias: 'quiet', command: 'none', args: [], env: {}, startupTimeoutMs: 300, callTimeoutMs: 1_000}],
    logDir,
    // Nobody answers on the other end; the "server" only complains.
    makeTransport: () => {
      const [client] = MemoryTransport.pair();
      queueMicrotask(() => client.diagnose('license check failed\nplease set LICENSE_KEY\n'));
      return client;
    },
  });
  await hub.start();
  const [status] = hub.statuses();
  expect(status).toMatchObject({alias: 'quiet', state: 'offline', phase: 'handshake'});
  expect(status!.reason).toContain('stderr: license check failed | please set LICENSE_KEY');
  expect(readFileSync(join(logDir, 'quiet.log'), 'utf8')).toContain('please set LICENSE_KEY');
  await hub.close();
});
