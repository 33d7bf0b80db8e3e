import {describe, expect, it} from 'vitest';
import {normalize} from '../../src/config/import/normalize.js';
import {isSecret} from '../../src/config/import/secrets.js';
import type {SourceServer} from '../../src/config/import/sources.js';
import type {ClientId} from '../../src/config/other-clients.js';

const places = {platform: 'linux' as const, home: '/h', cwd: '/proj'};
const source = (client: ClientId, raw: unknown, scope: 'user' | 'project' = 'user'): SourceServer => ({
  client,
  name: 'srv',
  raw,
  inputs: [],
  file: {client, scope, path: '/h/file.json', format: 'json', container: 'mcpServers'},
});

describe('one entry from another client', () => {
  it('replaces secrets in flags, URLs and headers by references', () => {
    const c = normalize(source('claude-desktop', {command: 'srv', args: ['--api-key', 'abc123secret', '--token=xyz987', 'https://u:pw@db.example.com/x?apikey=k123&mode=fast', 'sk-live-000']}), places);
    expect(c.entry.args).toEqual(['--api-key', '${SRV_API_KEY}', '--token=${SRV_TOKEN}', 'https://u:${SRV_PASSWORD}@db.example.com/x?apikey=${SRV_APIKEY}&mode=fast', '${SRV_TOKEN}']);
    expect(c.secrets.map((s) => s.variable)).toEqual(['SRV_API_KEY', 'SRV_TOKEN', 'SRV_PASSWORD', 'SRV_APIKEY', 'SRV_TOKEN']);
  });

  it('keeps plain values and package names', () => {
    const c = normalize(source('codex', {command: 'uvx', args: ['mcp-server-sqlite==0.6.2', '/data/db.sqlite'], env: {LOG_LEVEL: 'debug', PORT: '8080', REGION: 'eu-west-1'}}), places);
    expect(c.entry).toEqual({command: 'uvx', args: ['mcp-server-sqlite==0.6.2', '/data/db.sqlite'], env: {LOG_LEVEL: 'debug', PORT: '8080', REGION: 'eu-west-1'}});
    expect(c.secrets).toEqual([]);
  });

  it('escapes a literal ${ from a client that does not expand variables', () => {
    expect(normalize(source('claude-desktop', {command: 'echo', args: ['${NOT_A_REF}']}), places).entry.args).toEqual(['$${NOT_A_REF}']);
    expect(normalize(source('claude-code', {command: 'echo', args: ['${REF:-x}']}), places).entry.args).toEqual(['${REF:-x}']);
  });

  it('refuses what cannot be converted, with the reason', () => {
    expect(normalize(source('vscode', {command: 'x', args: ['${command:pickFile}']}), places).problem).toMatch(/args\.0: \$\{command:pickFile\} cannot be converted/);
    expect(normalize(source('vscode', {command: 'x', args: ['${workspaceFolder}/a']}), places).problem).toMatch(/has no meaning outside a workspace/);
    expect(normalize(source('vscode', {command: 'x', args: ['${workspaceFolder}/a']}, 'project'), places).entry.args).toEqual(['/proj/a']);
    expect(normalize(source('cursor', {type: 'websocket', url: 'ws://x'}), places).problem).toMatch(/type "websocket" is not a transport/);
    expect(normalize(source('cursor', {foo: 1}), places).problem).toMatch(/neither a "command" nor a "url"/);
  });

  it('reports values of known keys that cannot be converted', () => {
    const c = normalize(source('cline', {command: 'x', timeout: 'soon', weird: true}), places);
    expect(c.unmapped).toEqual(['timeout: "soon" cannot be converted (seconds per call: write "callTimeoutMs" in milliseconds (× 1000))', 'weird: breakerbox has no such key; not imported']);
  });
});

describe('what counts as a secret', () => {
  it.each([
    ['GITHUB_TOKEN', 'abc', true],
    ['X-Api-Key', 'v', true],
    ['LOG_LEVEL', 'debug', false],
    ['DATABASE_URL', 'postgres://u:pw@h/db', true],
    ['DATABASE_URL', 'postgres://h/db', false],
    ['ANYTHING', 'xoxb-123-456', true],
    ['ANYTHING', 'Zq3xR8pL2mN7vB4kT9wY6cJ1', true],
    ['MONKEY_MODE', 'on', false],
    ['PASSTHROUGH', 'yes', false],
    ['SECRET', '', false],
  ])('%s=%s → %s', (name, value, secret) => expect(isSecret(name, value)).toBe(secret));
});
