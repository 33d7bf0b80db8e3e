import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {PassThrough} from 'node:stream';
import {describe, expect, it} from 'vitest';
import {run as login} from '../../src/cli/commands/login.js';
import {run as logout} from '../../src/cli/commands/logout.js';

function setup(servers: Record<string, unknown>) {
  const dir = mkdtempSync(join(tmpdir(), 'bb-login-cmd-'));
  const config = join(dir, 'mcp.config.json');
  writeFileSync(config, JSON.stringify({mcpServers: servers}));
  const out = {stdout: '', stderr: ''};
  const stream = (key: 'stdout' | 'stderr') => {
    const s = new PassThrough();
    s.setEncoding('utf8').on('data', (d: string) => (out[key] += d));
    return s;
  };
  const io = {env: {XDG_STATE_HOME: join(dir, 'state')}, stdout: stream('stdout'), stderr: stream('stderr'), stdin: new PassThrough(), cwd: dir};
  return {config, io, out};
}

describe('breakerbox login / logout: what is wrong on the command line', () => {
  const servers = {
    local: {command: 'node', args: ['x.mjs']},
    remote: {url: 'https://mcp.example.com/mcp'},
    pasted: {url: 'https://mcp.example.com/mcp', headers: {Authorization: 'Bearer abc'}},
  };

  it('names the usage, an unknown alias with the known ones, a local server, and a server with its own Authorization header', async () => {
    const {config, io, out} = setup(servers);
    expect(await login([], io)).toBe(2);
    expect(await login(['nope', '--config', config], io)).toBe(2);
    expect(await login(['local', '--config', config], io)).toBe(2);
    expect(await logout(['pasted', '--config', config], io)).toBe(2);
    expect(out.stderr).toMatch(/usage: breakerbox login <alias> \[--config PATH\]/);
    expect(out.stderr).toMatch(/no server called "nope" in .*; servers: local, remote, pasted/);
    expect(out.stderr).toMatch(/local is a local server: it gets its credentials from "env"/);
    expect(out.stderr).toMatch(/pasted sends its own Authorization header/);
  });

  it('reports a broken config with exit 2', async () => {
    const {config, io, out} = setup({remote: {url: 42}});
    expect(await logout(['remote', '--config', config], io)).toBe(2);
    expect(out.stderr).toMatch(/^breakerbox: .*mcpServers\.remote\.url/);
  });

  it('logout without a saved login says so', async () => {
    const {config, io, out} = setup(servers);
    expect(await logout(['remote', '--config', config], io)).toBe(0);
    expect(out.stdout).toBe('remote: there was no saved login\n');
  });
});
