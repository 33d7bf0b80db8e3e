// Remote (url) entries: pasted blocks from other clients work, mistakes are
// explained, and problems of one entry keep only that server offline.
import {describe, expect, it} from 'vitest';
import type {HttpServerConfig} from '../../src/config/index.js';
import {parse, problems} from './helpers.js';

const one = (entry: unknown, env: NodeJS.ProcessEnv = {}) => parse({mcpServers: {r: entry}}, env).servers[0] as HttpServerConfig;

describe('remote servers in the config', () => {
  it.each([
    [{url: 'https://mcp.example.com/mcp'}],
    [{type: 'http', url: 'https://mcp.example.com/mcp'}],
    [{type: 'streamable-http', url: 'https://mcp.example.com/mcp'}],
  ])('accepts %j as Claude Code, VS Code and Cursor write it', (entry) => {
    const s = one(entry);
    expect(s).toMatchObject({type: 'http', url: 'https://mcp.example.com/mcp', headers: {}, startupTimeoutMs: 30000, callTimeoutMs: 60000, disabled: false});
    expect(s.cannotStart).toBeUndefined();
    expect(s.warning).toBeUndefined();
  });

  it('expands ${VAR} in headers and the URL, and keeps every common key', () => {
    const s = one({url: 'https://${HOST}/mcp', headers: {Authorization: 'Bearer ${TOKEN}'}, trusted: true, autoApprove: ['a'], includeTools: ['a'], callTimeoutMs: 5, roots: ['/data'], sampling: true}, {HOST: 'h.example', TOKEN: 'tok'});
    expect(s).toMatchObject({url: 'https://h.example/mcp', headers: {Authorization: 'Bearer tok'}, trusted: true, autoApprove: ['a'], includeTools: ['a'], callTimeoutMs: 5, roots: ['/data'], sampling: true});
  });

  it('a header variable that is not set keeps only that server offline, saying which', () => {
    const config = parse({mcpServers: {gh: {url: 'https://api.example/mcp', headers: {Authorization: 'Bearer ${GITHUB_TOKEN}'}}, local: {command: 'node'}}});
    expect(config.servers).toHaveLength(2);
    expect((config.servers[0] as HttpServerConfig).cannotStart).toBe('cannot start https://api.example/mcp: headers.Authorization: ${GITHUB_TOKEN} is not set (use ${GITHUB_TOKEN:-default} for a fallback)');
    expect(config.servers[1]!.cannotStart).toBeUndefined();
  });

  it('env and cwd make that one server offline with a reason naming them; the others start', () => {
    const s = one({url: 'https://x.example/mcp', env: {A: 'b'}, cwd: '/tmp'});
    expect(s.cannotStart).toBe('cannot start https://x.example/mcp: "env", "cwd" do not apply to a remote server (breakerbox does not start it): remove them');
    expect(one({url: 'https://x.example/mcp', args: ['a']}).cannotStart).toMatch(/"args" does not apply to a remote server/);
  });

  it('"type": "sse" (HTTP+SSE, 2024-11-05) is offline with a reason that says so', () => {
    expect(one({type: 'sse', url: 'https://x.example/sse'}).cannotStart).toMatch(/"type": "sse" is the HTTP\+SSE transport of 2024-11-05, which breakerbox does not speak; .*use that URL with "type": "http"/);
  });

  it('warns about plain http to another host, and masks credentials in what it says', () => {
    expect(one({url: 'http://mcp.example.com/mcp'}).warning).toBe('plain http to mcp.example.com: requests and headers travel unencrypted');
    expect(one({url: 'http://localhost:3000/mcp'}).warning).toBeUndefined();
    expect(one({url: 'http://127.0.0.1:3000/mcp'}).warning).toBeUndefined();
    expect(one({url: 'https://u:p@x.example/mcp?api_key=k', env: {}}).cannotStart).toMatch(/^cannot start https:\/\/\*\*\*@x\.example\/mcp\?api_key=\*\*\*: /);
  });

  it.each([
    [{command: 'node', url: 'https://x'}, 'mcp.config.json: mcpServers.r.url: a server has either "command" (a local program breakerbox starts) or "url" (a remote server), not both: remove one'],
    [{type: 'stdio', url: 'https://x'}, 'mcp.config.json: mcpServers.r.type: "stdio" runs a local "command", but this entry has a "url": write "type": "http" for a remote server'],
    [{type: 'http', command: 'node'}, 'mcp.config.json: mcpServers.r.type: "http" is a remote server reached by "url", but this entry has a "command": write "type": "stdio", or give a "url" instead'],
    [{type: 'http'}, 'mcp.config.json: mcpServers.r.url: is required: the server\'s MCP endpoint, e.g. "https://example.com/mcp"'],
    [{url: 'ftp://x/mcp'}, 'mcp.config.json: mcpServers.r.url: only http: and https: URLs are supported, got "ftp:"'],
    [{url: 'example.com/mcp'}, 'mcp.config.json: mcpServers.r.url: is not a URL (expected e.g. "https://example.com/mcp")'],
    [{url: 'https://x', headers: {'Bad Name': 'v'}}, 'mcp.config.json: mcpServers.r.headers["Bad Name"]: "Bad Name" is not a valid HTTP header name'],
    [{url: 'https://x', headers: {'Mcp-Session-Id': 'v'}}, 'mcp.config.json: mcpServers.r.headers.Mcp-Session-Id: breakerbox sets Mcp-Session-Id itself; remove it'],
    [{url: 'https://x', headers: {A: 'a\r\nInjected: 1'}}, 'mcp.config.json: mcpServers.r.headers.A: the value must not contain line breaks or NUL'],
    [{url: 'https://x', headers: ['Authorization: x']}, 'mcp.config.json: mcpServers.r.headers: expected an object of "Header-Name": "value" strings, got an array'],
    [{uri: 'https://x'}, 'mcp.config.json: mcpServers.r.uri: unknown key; did you mean `url`?'],
  ])('%j: %s', (entry, message) => {
    expect(problems({mcpServers: {r: entry}})).toBe(message);
  });
});
