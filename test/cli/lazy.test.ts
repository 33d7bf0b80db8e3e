// Lazy servers and the cache from the command line (issue #18): `--list-tools`
// always shows live servers, even when every server is lazy and cached;
// `--lazy` with a cache answers a turn by starting the server at its first call.
import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {tempDir} from '../helpers/hub.js';
import {serverPath} from '../helpers/servers.js';

describe('lazy servers from the command line', () => {
  it('--list-tools starts lazy servers (live, never the cache); --lazy --print starts the server for its call', async () => {
    const dir = tempDir('bb-lazy-cli-');
    const env = {XDG_STATE_HOME: join(dir, 'state')};
    const config = join(dir, 'mcp.config.json');
    writeFileSync(config, JSON.stringify({mcpServers: {tickets: {command: process.execPath, args: [serverPath('tickets.mjs')], start: 'lazy', idleStopMs: 600_000}}}));
    for (let run = 0; run < 2; run++) {
      const list = await runCli(['--list-tools', '--json', '--config', config], {env});
      expect(list.code).toBe(0);
      expect(JSON.parse(list.stdout).servers).toEqual([expect.objectContaining({alias: 'tickets', state: 'online', toolCount: 4})]);
    }
    const turn = await runCli(['--lazy', '--yes', '--print', 'search tickets for login', '--config', config], {env});
    expect(turn.code).toBe(0);
    expect(turn.stderr).toMatch(/mcp__tickets__search → tickets\/search: ok/);
    expect(turn.stdout).toMatch(/T-102/);
  });
});
