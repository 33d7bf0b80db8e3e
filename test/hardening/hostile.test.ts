// Lines and names a hostile server can send that are not covered by a chaos
// mode: values nested far deeper than any real message, and tool names that
// are Object.prototype members.
import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {Connection} from '../../src/connection/connection.js';
import {MemoryTransport} from '../../src/transport/memory.js';
import {runCli} from '../helpers/cli.js';
import {tempDir, testHub, textOf} from '../helpers/hub.js';
import {serverPath} from '../helpers/servers.js';
import {waitFor} from '../helpers/wait.js';
import {FIXTURES, killTagged, newTag, quickClose} from './helpers.js';
import {liar} from './security-kit.js';

const tags: string[] = [];
afterEach(() => {
  for (const t of tags.splice(0)) killTagged(t);
});

const DEPTH = 100_000;
const deepArray = () => JSON.parse('['.repeat(DEPTH) + ']'.repeat(DEPTH)) as unknown;

describe('a line nested 100,000 deep', () => {
  // Regression (found here, fixed in 674fecd, src/connection/connection.ts Connection.receive):
  // `JSON.stringify(value)` of the bad value overflowed the stack; the RangeError left
  // receive(), and under StdioTransport it was an uncaught exception that ended breakerbox.
  it('is counted as noise by the connection, not thrown', () => {
    const [client] = MemoryTransport.pair();
    const conn = new Connection(client);
    expect(() => client.onmessage!(deepArray())).not.toThrow();
    expect(conn.stats.noise).toBe(1);
  });

  // The same defect seen from the command line: one such line from one server
  // crashed `--list-tools` with a stack trace (exit 1) instead of listing the others.
  it('does not crash breakerbox --list-tools', async () => {
    const tag = newTag('deep-cli');
    tags.push(tag);
    const dir = tempDir('bb-deep-');
    const server = join(dir, 'deep.mjs');
    writeFileSync(server, `process.stdout.write('['.repeat(${DEPTH}) + ']'.repeat(${DEPTH}) + '\\n');\nawait import(${JSON.stringify(serverPath('chaos.mjs'))});\n`);
    const config = join(dir, 'mcp.config.json');
    writeFileSync(config, JSON.stringify({mcpServers: {deep: {command: process.execPath, args: [server, '--tag', tag]}, ok: {command: process.execPath, args: [serverPath('chaos.mjs'), '--tag', tag]}}}));
    const r = await runCli(['--list-tools', '--config', config], {env: {XDG_STATE_HOME: tempDir('bb-state-')}});
    expect(r.stderr).not.toMatch(/RangeError|\n\s+at /);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/ok\s+online/);
  });
});

describe('a server that exits while a helper it started keeps its stdout open', () => {
  // Defect (src/transport/stdio.ts, start(): the transport ends only on the child's 'close'
  // event, which waits for every stdio pipe to close). A helper that inherited the server's
  // stdout keeps 'close' from ever firing after the server itself exits, so: the slot stays
  // "online" and is never restarted; the call in flight waits out its whole timeout instead
  // of failing with the exit; later calls fail as "failed inside breakerbox: the server is
  // not running" (failure 'internal', not 'exited', so the circuit does not count them).
  // The same plain Error shows up under load when a write hits EPIPE before 'close' fires.
  it('the exit is seen at once: the call fails as "exited" and the server is restarted', async () => {
    const tag = newTag('helper');
    tags.push(tag);
    const {hub} = testHub([{alias: 'h', command: process.execPath, args: [join(FIXTURES, 'leaves-helper.cjs'), tag], env: {PATH: process.env.PATH ?? ''}, startupTimeoutMs: 10_000, callTimeoutMs: 2_500}], quickClose());
    try {
      await hub.start();
      expect(hub.statuses()[0]!.state).toBe('online');
      const started = Date.now();
      const first = await hub.call('mcp__h__t', {});
      expect(first.failure).toBe('exited');
      expect(textOf(first)).toMatch(/exited with code 5/);
      expect(Date.now() - started).toBeLessThan(2_000);
      const second = await hub.call('mcp__h__t', {});
      expect(['offline', 'exited']).toContain(second.failure);
      await waitFor(() => hub.statuses()[0]!.state !== 'online' || hub.statuses()[0]!.attempt !== undefined, 'the slot to notice the exit', 3_000);
    } finally {
      await hub.close();
    }
  });
});

describe('tool names that are Object.prototype members', () => {
  it('a tool named "toString" still gets the call timeout (toolTimeouts as a plain object)', async () => {
    const tag = newTag('proto');
    tags.push(tag);
    const {hub} = testHub([{...liar('liar', tag), callTimeoutMs: 400, toolTimeouts: {}}]);
    try {
      await hub.start();
      const started = Date.now();
      const r = await hub.call('mcp__liar__toString', {});
      expect(r).toMatchObject({isError: true, failure: 'timeout'});
      expect(textOf(r)).toMatch(/liar\/toString timed out after 400 ms/);
      expect(Date.now() - started).toBeLessThan(400 + 3_000);
    } finally {
      await hub.close();
    }
  });
});
