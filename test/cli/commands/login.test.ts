import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {run as login} from '../../../src/cli/commands/login.js';
import {run as logout} from '../../../src/cli/commands/logout.js';
import {testIo} from './fixture-home.js';

function setup(servers: Record<string, unknown>) {
  const dir = mkdtempSync(join(tmpdir(), 'bb-login-cmd-'));
  const config = join(dir, 'mcp.config.json');
  writeFileSync(config, JSON.stringify({mcpServers: servers}));
  const io = testIo(dir, {XDG_STATE_HOME: join(dir, 'state')});
  return {config, io};
}

describe('breakerbox login / logout: what is wrong on the command line', () => {
  const servers = {
    local: {command: 'node', args: ['x.mjs']},
    remote: {url: 'https://mcp.example.com/mcp'},
    pasted: {url: 'https://mcp.example.com/mcp', headers: {Authorization: 'Bearer abc'}},
  };

  it('names the usage, an unknown alias with the known ones, a local server, and a server with its own Authorization header', async () => {
    const {config, io} = setup(servers);
    expect(await login([], io)).toBe(2);
    expect(await login(['nope', '--config', config], io)).toBe(2);
    expect(await login(['local', '--config', config], io)).toBe(2);
    expect(await logout(['pasted', '--config', config], io)).toBe(2);
    expect(io.err()).toMatch(/usage: breakerbox login <alias> \[--config PATH\]/);
    expect(io.err()).toMatch(/no server called "nope" in .*; servers: local, remote, pasted/);
    expect(io.err()).toMatch(/local is a local server: it gets its credentials from "env"/);
    expect(io.err()).toMatch(/pasted sends its own Authorization header/);
  });

  it('reports a broken config with exit 2', async () => {
    const {config, io} = setup({remote: {url: 42}});
    expect(await logout(['remote', '--config', config], io)).toBe(2);
    expect(io.err()).toMatch(/^breakerbox: .*mcpServers\.remote\.url/);
  });

  it('logout without a saved login says so', async () => {
    const {config, io} = setup(servers);
    expect(await logout(['remote', '--config', config], io)).toBe(0);
    expect(io.out()).toBe('remote: there was no saved login\n');
  });
});
