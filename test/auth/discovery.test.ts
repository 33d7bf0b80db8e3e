import {describe, expect, it} from 'vitest';
import {discoverAuthServer, discoverResource, legacyAuthServer} from '../../src/auth/discovery.js';

/** A fetch that serves a table of URL → JSON and records every URL asked for. */
function table(docs: Record<string, unknown>) {
  const asked: string[] = [];
  const fetch = (async (input: string | URL | Request) => {
    const url = String(input);
    asked.push(url);
    return url in docs ? new Response(JSON.stringify(docs[url]), {status: 200, headers: {'content-type': 'application/json'}}) : new Response('nope', {status: 404});
  }) as typeof globalThis.fetch;
  return {io: {fetch}, asked};
}

const as = (issuer: string, extra: Record<string, unknown> = {}) => ({issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token`, code_challenge_methods_supported: ['S256'], ...extra});

describe('discovery', () => {
  it('uses the resource_metadata URL of the challenge first, then the path-based and root well-known URLs', async () => {
    const t = table({'https://ex.com/.well-known/oauth-protected-resource': {resource: 'https://ex.com', authorization_servers: ['https://auth.ex.com']}});
    const prm = await discoverResource('https://ex.com/mcp', 'https://ex.com/custom.json', t.io);
    expect(t.asked).toEqual(['https://ex.com/custom.json', 'https://ex.com/.well-known/oauth-protected-resource/mcp', 'https://ex.com/.well-known/oauth-protected-resource']);
    expect(prm).toEqual({resource: 'https://ex.com', authorizationServers: ['https://auth.ex.com']});
  });

  it('returns nothing when the server publishes no resource metadata (2025-03-26)', async () => {
    expect(await discoverResource('https://ex.com/mcp', undefined, table({}).io)).toBeUndefined();
  });

  it('tries OAuth then OpenID metadata with path insertion, then path appending', async () => {
    const t = table({'https://auth.ex.com/tenant1/.well-known/openid-configuration': as('https://auth.ex.com/tenant1')});
    expect((await discoverAuthServer('https://auth.ex.com/tenant1', t.io)).issuer).toBe('https://auth.ex.com/tenant1');
    expect(t.asked).toHaveLength(3);
  });

  it('refuses metadata whose issuer is not identical to the one it was looked up for (no normalisation)', async () => {
    const t = table({'https://auth.ex.com/.well-known/oauth-authorization-server': as('https://auth.ex.com/')});
    await expect(discoverAuthServer('https://auth.ex.com', t.io)).rejects.toMatchObject({code: 'issuer-mismatch'});
  });

  it('refuses a non-loopback authorization server over plain http, before asking it anything', async () => {
    const t = table({});
    await expect(discoverAuthServer('http://auth.ex.com', t.io)).rejects.toMatchObject({code: 'insecure-endpoint'});
    expect(t.asked).toEqual([]);
  });

  it('falls back to the 2025-03-26 default endpoints at the server origin', async () => {
    const legacy = await legacyAuthServer('https://ex.com/mcp', table({}).io);
    expect(legacy).toMatchObject({issuer: 'https://ex.com', authorization_endpoint: 'https://ex.com/authorize', token_endpoint: 'https://ex.com/token', registration_endpoint: 'https://ex.com/register'});
  });

  it('says which documents it tried when there is no authorization server metadata', async () => {
    await expect(discoverAuthServer('https://auth.ex.com', table({}).io)).rejects.toThrow(/no authorization server metadata for https:\/\/auth\.ex\.com \(.*oauth-authorization-server: HTTP 404/);
  });
});

describe('discovery does not guess past a failure', () => {
  it('stops at a timeout or a 5xx instead of trying the next place', async () => {
    const asked: string[] = [];
    const fetch = (async (input: string | URL | Request) => {
      asked.push(String(input));
      return new Response('busy', {status: 503});
    }) as typeof globalThis.fetch;
    await expect(discoverResource('https://ex.com/mcp', undefined, {fetch})).rejects.toMatchObject({code: 'discovery-failed', message: expect.stringContaining('HTTP 503')});
    expect(asked).toEqual(['https://ex.com/.well-known/oauth-protected-resource/mcp']);
    const hanging = ((_: unknown, init?: RequestInit) => new Promise((_r, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))) as typeof globalThis.fetch;
    await expect(discoverAuthServer('https://auth.ex.com', {fetch: hanging, timeoutMs: 50})).rejects.toMatchObject({code: 'discovery-failed'});
  });
});
