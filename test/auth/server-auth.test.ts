import {mkdtempSync, readdirSync, readFileSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {AuthError} from '../../src/auth/errors.js';
import {neverAsk} from '../../src/auth/prompt.js';
import {ServerAuth, type ServerAuthOptions} from '../../src/auth/server-auth.js';
import {TokenStore} from '../../src/auth/token-store.js';
import {browserPrompt, rpc} from '../helpers/oauth-client.js';
import {startOAuthServer, type OAuthTestServer} from '../helpers/oauth-server.js';

let as: OAuthTestServer;
let dir: string;
let store: TokenStore;

beforeEach(async () => {
  as = await startOAuthServer();
  dir = mkdtempSync(join(tmpdir(), 'bb-auth-'));
  store = new TokenStore(dir);
});
afterEach(() => as.close());

const make = (o: Partial<ServerAuthOptions> = {}) => new ServerAuth({alias: 'notes', serverUrl: as.mcpUrl, store, prompt: browserPrompt(), ...o});
const paths = () => as.requests.map((r) => r.path);
const authorizeRequests = () => as.requests.filter((r) => r.path === '/authorize');

describe('ServerAuth against a local authorization server', () => {
  it('logs in on the first 401: metadata discovery, registration, PKCE S256, state, resource, scopes; then the request goes through', async () => {
    const prompt = browserPrompt();
    const auth = make({prompt});
    const res = await rpc(auth, as.mcpUrl, 'tools/list');
    expect(res.status).toBe(200);
    expect(prompt.shown).toHaveLength(1);
    expect(prompt.pages[0]).toContain('logged in to notes');
    expect(paths()).toEqual(['/mcp', '/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-authorization-server', '/register', '/authorize', '/token', '/mcp']);
    const [authz] = authorizeRequests();
    expect(authz.params).toMatchObject({response_type: 'code', code_challenge_method: 'S256', resource: as.mcpUrl, scope: 'notes:read offline_access'});
    expect(authz.params.state).toMatch(/.{16,}/);
    expect(authz.params.redirect_uri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const register = as.requests.find((r) => r.path === '/register')!;
    expect(register.headers['content-type']).toContain('application/json');
    const tokenReq = as.requests.find((r) => r.path === '/token')!;
    expect(tokenReq.params).toMatchObject({grant_type: 'authorization_code', resource: as.mcpUrl});
    expect(tokenReq.params.code_verifier).toBeTruthy();
    expect(statSync(store.path('notes')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'auth')).mode & 0o777).toBe(0o700);
  });

  it('reuses stored tokens after a restart without asking again', async () => {
    await rpc(make(), as.mcpUrl, 'tools/list');
    as.requests.length = 0;
    const prompt = browserPrompt();
    const res = await rpc(make({prompt}), as.mcpUrl, 'tools/list');
    expect(res.status).toBe(200);
    expect(prompt.shown).toHaveLength(0);
    expect(paths()).toEqual(['/mcp']);
  });

  it('refreshes a refused token with the refresh token before asking the user', async () => {
    await rpc(make(), as.mcpUrl, 'tools/list');
    as.expireAccessTokens();
    as.requests.length = 0;
    const prompt = browserPrompt();
    const res = await rpc(make({prompt}), as.mcpUrl, 'tools/list');
    expect(res.status).toBe(200);
    expect(prompt.shown).toHaveLength(0);
    expect(paths()).toEqual(['/mcp', '/token', '/mcp']);
    expect(as.requests[1].params).toMatchObject({grant_type: 'refresh_token', resource: as.mcpUrl});
  });

  it('refreshes ahead of time when the stored token has run out by the clock', async () => {
    let now = 1_000_000;
    await rpc(make({now: () => now}), as.mcpUrl, 'tools/list');
    as.requests.length = 0;
    now += 3600_000;
    const res = await rpc(make({now: () => now}), as.mcpUrl, 'tools/list');
    expect(res.status).toBe(200);
    expect(paths()).toEqual(['/token', '/mcp']);
  });

  it('logs in again when the refresh token has expired too', async () => {
    await rpc(make(), as.mcpUrl, 'tools/list');
    as.expireAccessTokens();
    as.expireRefreshTokens();
    as.requests.length = 0;
    const prompt = browserPrompt();
    const res = await rpc(make({prompt}), as.mcpUrl, 'tools/list');
    expect(res.status).toBe(200);
    expect(prompt.shown).toHaveLength(1);
    expect(paths()).toContain('/authorize');
    // The registration is kept per issuer: no second /register.
    expect(paths()).not.toContain('/register');
  });

  it('steps up on 403 insufficient_scope, keeping the scopes granted before', async () => {
    const prompt = browserPrompt();
    const auth = make({prompt});
    await rpc(auth, as.mcpUrl, 'tools/list');
    as.scopes['tools/call'] = ['notes:write'];
    const res = await rpc(auth, as.mcpUrl, 'tools/call');
    expect(res.status).toBe(200);
    expect(prompt.shown.map((s) => s.reason)).toEqual(['first', 'step-up']);
    expect(authorizeRequests()[1].params.scope).toBe('notes:read offline_access notes:write');
  });

  it('gives up a step-up that a new login cannot satisfy (the scope was asked for and not granted)', async () => {
    const prompt = browserPrompt();
    const auth = make({prompt});
    await rpc(auth, as.mcpUrl, 'tools/list');
    as.scopes['tools/call'] = ['notes:admin'];
    as.options.neverGrant = ['notes:admin'];
    await expect(rpc(auth, as.mcpUrl, 'tools/call')).rejects.toMatchObject({code: 'insufficient-scope', message: expect.stringContaining('notes:admin')});
    expect(authorizeRequests()).toHaveLength(2);
  });

  it('logout revokes at the server and forgets the tokens; the next request needs a login', async () => {
    const auth = make();
    await rpc(auth, as.mcpUrl, 'tools/list');
    const [token] = as.liveTokens();
    const out = await auth.logout();
    expect(out).toMatchObject({hadTokens: true, revoked: true});
    expect(as.liveTokens()).not.toContain(token);
    expect(as.requests.filter((r) => r.path === '/revoke').map((r) => r.params.token_type_hint)).toEqual(['refresh_token', 'access_token']);
    expect(readFileSync(store.path('notes'), 'utf8')).not.toContain(token);
    const after = make({prompt: neverAsk});
    await expect(rpc(after, as.mcpUrl, 'tools/list')).rejects.toMatchObject({code: 'login-required', message: expect.stringContaining('/login notes')});
  });

  it('keeps tokens in the token store only', async () => {
    await rpc(make(), as.mcpUrl, 'tools/list');
    const [token] = as.liveTokens();
    const files = (readdirSync(dir, {recursive: true}) as string[]).filter((f) => statSync(join(dir, f)).isFile());
    const holding = files.filter((f) => readFileSync(join(dir, f), 'utf8').includes(token));
    expect(holding).toEqual([join('auth', 'notes.json')]);
  });

  it('never sends stored tokens to another URL under the same alias', async () => {
    await rpc(make(), as.mcpUrl, 'tools/list');
    const moved = make({serverUrl: `${as.url}/other`, prompt: neverAsk});
    expect(await moved.headers()).toEqual({});
  });

  it('ignores a redirect whose state is not the one it sent, and one for another redirect URI', async () => {
    const outcomes: string[] = [];
    const prompt = {
      canAsk: () => true,
      show(request: import('../../src/auth/prompt.js').LoginRequest) {
        void (async () => {
          const location = new URL((await fetch(request.url, {redirect: 'manual'})).headers.get('location')!);
          const forged = new URL(location);
          forged.searchParams.set('state', 'forged');
          await request.paste(forged.href).catch((e: Error) => outcomes.push(e.message));
          const elsewhere = new URL(location);
          elsewhere.pathname = '/other';
          await request.paste(elsewhere.href).catch((e: Error) => outcomes.push(e.message));
          await request.paste(location.href);
          outcomes.push('ok');
        })();
      },
    };
    expect((await rpc(make({prompt}), as.mcpUrl, 'tools/list')).status).toBe(200);
    expect(outcomes).toEqual([expect.stringContaining('state does not match'), expect.stringContaining('not the redirect breakerbox waits for'), 'ok']);
    expect(as.requests.filter((r) => r.path === '/token')).toHaveLength(1);
  });

  it('accepts the final redirect URL pasted by hand', async () => {
    const prompt = browserPrompt('paste');
    const res = await rpc(make({prompt}), as.mcpUrl, 'tools/list');
    expect(res.status).toBe(200);
    expect(prompt.shown).toHaveLength(1);
  });
});

describe('ServerAuth refuses what the spec forbids', () => {
  it('rejects an authorization response whose iss names another issuer, without redeeming the code', async () => {
    as.options.issRedirect = 'wrong';
    await expect(rpc(make(), as.mcpUrl, 'tools/list')).rejects.toMatchObject({code: 'issuer-mismatch'});
    expect(paths()).toContain('/authorize');
    expect(paths()).not.toContain('/token');
  });

  it('rejects a response without iss from a server that advertises sending it', async () => {
    as.options.issRedirect = 'omit';
    await expect(rpc(make(), as.mcpUrl, 'tools/list')).rejects.toMatchObject({code: 'issuer-mismatch'});
    expect(paths()).not.toContain('/token');
  });

  it('proceeds without iss when the server does not advertise it', async () => {
    as.options.issRedirect = 'omit';
    as.options.issAdvertised = false;
    expect((await rpc(make(), as.mcpUrl, 'tools/list')).status).toBe(200);
  });

  it('refuses resource metadata that describes another resource, before any authorization request', async () => {
    as.options.resource = 'https://evil.example/mcp';
    await expect(rpc(make(), as.mcpUrl, 'tools/list')).rejects.toMatchObject({code: 'resource-mismatch'});
    expect(paths()).not.toContain('/authorize');
  });

  it('refuses an authorization server that does not advertise PKCE S256', async () => {
    as.options.pkce = false;
    await expect(rpc(make(), as.mcpUrl, 'tools/list')).rejects.toMatchObject({code: 'pkce-unsupported'});
    expect(paths()).not.toContain('/authorize');
  });

  it('says what to configure when the server offers no way to get a client id', async () => {
    as.options.registration = false;
    const err = await rpc(make(), as.mcpUrl, 'tools/list').catch((e: AuthError) => e);
    expect(err).toMatchObject({code: 'no-client', message: expect.stringContaining('"oauth": {"clientId"')});
  });

  it('reports an error from the authorization endpoint with its description', async () => {
    as.options.authorizeError = 'access_denied';
    await expect(rpc(make(), as.mcpUrl, 'tools/list')).rejects.toMatchObject({code: 'authorization-denied', message: expect.stringContaining('access_denied')});
  });
});
