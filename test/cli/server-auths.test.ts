import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadConfig} from '../../src/config/index.js';
import {serverAuths} from '../../src/cli/setup.js';

const neverAsked = {ask: async () => { throw new Error('no login expected'); }} as never;

function configFile(servers: Record<string, unknown>): string {
  const file = join(mkdtempSync(join(tmpdir(), 'bb-auths-')), 'mcp.config.json');
  writeFileSync(file, JSON.stringify({mcpServers: servers}));
  return file;
}

describe('serverAuths', () => {
  it('skips a disabled remote entry whose URL is an unset variable, and one whose URL is not a URL', async () => {
    const config = loadConfig(configFile({
      later: {url: '${MCP_URL}', disabled: true},
      typo: {url: 'https://exa mple.com/mcp'},
      local: {command: 'node', args: ['x.mjs']},
    }), {});
    expect(config.servers.find((s) => s.alias === 'typo')?.cannotStart).toMatch(/is not a URL/);
    const auths = await serverAuths(config, {}, neverAsked);
    expect([...auths.keys()]).toEqual([]);
  });

  it('still gives a login to a remote entry with a good URL beside them', async () => {
    const config = loadConfig(configFile({
      later: {url: '${MCP_URL}', disabled: true},
      docs: {url: 'https://example.com/mcp'},
    }), {});
    const auths = await serverAuths(config, {XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'bb-state-'))}, neverAsked);
    expect([...auths.keys()]).toEqual(['docs']);
  });
});
