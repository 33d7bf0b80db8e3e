import {describe, expect, it} from 'vitest';
import type {HttpServerConfig} from '../../src/config/index.js';
import {parse, problems} from './helpers.js';

const server = (oauth: unknown) => ({mcpServers: {remote: {url: 'https://mcp.example.com/mcp', oauth}}});

describe('config: the oauth block', () => {
  it('reads every key and expands variables in the client id, secret and metadata URL', () => {
    const [s] = parse(server({clientId: '${ID}', clientSecret: '${SECRET}', clientMetadataUrl: 'https://example.com/bb.json', scopes: ['repo'], callbackPort: 8765}), {ID: 'abc', SECRET: 's3'}).servers as HttpServerConfig[];
    expect(s.oauth).toEqual({clientId: 'abc', clientSecret: 's3', clientMetadataUrl: 'https://example.com/bb.json', scopes: ['repo'], callbackPort: 8765});
  });

  it('leaves oauth out when it is not configured', () => {
    expect((parse({mcpServers: {a: {url: 'https://mcp.example.com/mcp'}}}).servers[0] as HttpServerConfig).oauth).toBeUndefined();
  });

  it('keeps a local server with an oauth block offline with the reason, the app going on', () => {
    expect(parse({mcpServers: {a: {command: 'x', oauth: {clientId: 'y'}}}}).servers[0].cannotStart).toMatch(/"oauth" applies to remote servers/);
  });

  it('explains each wrong value', () => {
    expect(problems(server({clientid: 'a'}))).toMatch(/mcpServers\.remote\.oauth: unknown key; "oauth" takes clientId, clientSecret/);
    expect(problems(server({callbackPort: 70000}))).toMatch(/oauth\.callbackPort: expected a port number from 1 to 65535/);
    expect(problems(server({callbackPort: '8080'}))).toMatch(/oauth\.callbackPort: expected a port number from 1 to 65535, got a string \(remove the quotes\)/);
    expect(problems(server({clientSecret: 'x'}))).toMatch(/oauth\.clientSecret: needs "clientId" beside it/);
    expect(problems(server({clientMetadataUrl: 'http://example.com/a.json'}))).toMatch(/oauth\.clientMetadataUrl: must be an https URL with a path/);
    expect(problems(server({clientMetadataUrl: 'https://example.com'}))).toMatch(/must be an https URL with a path/);
    expect(problems(server({scopes: 'repo'}))).toMatch(/oauth\.scopes: expected an array of strings|oauth\.scopes: expected an array of scope names/);
    expect(problems(server('yes'))).toMatch(/mcpServers\.remote\.oauth: expected an object like \{"clientId": "…"\}, got a string/);
    expect(problems(server({clientId: '${MISSING}'}))).toMatch(/oauth\.clientId: .*MISSING/);
  });
});
