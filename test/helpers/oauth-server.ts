// A tiny authorization server and protected resource on 127.0.0.1 for tests:
// metadata, registration, an /authorize that consents at once, PKCE-checked
// code exchange, rotating refresh tokens, revocation, per-method scopes.
import {createHash, randomBytes} from 'node:crypto';
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';

/** What the test server records and lets a test change. */
export interface OAuthTestServer {
  url: string;
  /** The MCP endpoint URL (`<url>/mcp`). */
  mcpUrl: string;
  requests: Array<{path: string; params: Record<string, string>; headers: IncomingMessage['headers']}>;
  /** Scopes each JSON-RPC method needs (default: none beyond a valid token). */
  scopes: Record<string, string[]>;
  /** Options read on every request. */
  options: TestServerOptions;
  /** Makes every access token issued so far invalid (as if expired). */
  expireAccessTokens(): void;
  /** Makes every refresh token invalid. */
  expireRefreshTokens(): void;
  /** Access tokens currently valid. */
  liveTokens(): string[];
  close(): Promise<void>;
  /** Handles other MCP endpoint requests once authorized (default: echo the method). */
  mcp?: (body: {method?: string; id?: unknown}, res: ServerResponse) => void;
}

export interface TestServerOptions {
  issRedirect?: 'correct' | 'wrong' | 'omit';
  issAdvertised?: boolean;
  refreshTokens?: boolean;
  expiresIn?: number;
  resource?: string;
  asScopes?: string[];
  registration?: boolean;
  revocation?: boolean;
  pkce?: boolean;
  authorizeError?: string;
  /** Scopes the server never grants, whatever is asked. */
  neverGrant?: string[];
  /** Forward authorized /mcp requests here (the bundled notes server over HTTP), without the token: no passthrough. */
  upstream?: string;
}

interface Grant {
  scopes: string[];
  clientId: string;
}

/** Sends the request on to `upstream` minus its Authorization header, and streams the answer back (SSE included). */
async function forward(upstream: string, req: IncomingMessage, body: string, res: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && !['authorization', 'host', 'content-length', 'connection'].includes(k)) headers[k] = v;
  const ac = new AbortController();
  res.on('close', () => ac.abort());
  try {
    const up = await fetch(upstream, {method: req.method, headers, body: req.method === 'POST' ? body : undefined, signal: ac.signal});
    res.writeHead(up.status, Object.fromEntries([...up.headers].filter(([k]) => !['content-length', 'transfer-encoding', 'connection'].includes(k))));
    if (up.body) for await (const chunk of up.body) res.write(chunk);
    res.end();
  } catch {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  }
}

export async function startOAuthServer(options: TestServerOptions = {}): Promise<OAuthTestServer> {
  const codes = new Map<string, Grant & {challenge: string; redirectUri: string; resource?: string}>();
  const access = new Map<string, Grant>();
  const refresh = new Map<string, Grant>();
  const clients = new Map<string, {secret?: string}>();
  const t: OAuthTestServer = {
    url: '',
    mcpUrl: '',
    requests: [],
    scopes: {},
    options,
    expireAccessTokens: () => access.clear(),
    expireRefreshTokens: () => refresh.clear(),
    liveTokens: () => [...access.keys()],
    close: () => new Promise((r) => server.close(() => r())),
  };
  const token = (): string => randomBytes(16).toString('hex');
  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
    res.writeHead(status, {'content-type': 'application/json', ...headers});
    res.end(JSON.stringify(body));
  };
  const issue = (res: ServerResponse, grant: Grant): void => {
    const at = `at-${token()}`;
    access.set(at, grant);
    const body: Record<string, unknown> = {access_token: at, token_type: 'Bearer', expires_in: t.options.expiresIn ?? 3600, scope: grant.scopes.join(' ')};
    if (t.options.refreshTokens !== false) {
      const rt = `rt-${token()}`;
      refresh.set(rt, grant);
      body.refresh_token = rt;
    }
    json(res, 200, body);
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url!, t.url);
    const raw = await new Promise<string>((r) => {
      let s = '';
      req.on('data', (c) => (s += c));
      req.on('end', () => r(s));
    });
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    if (req.headers['content-type']?.includes('application/x-www-form-urlencoded')) Object.assign(params, Object.fromEntries(new URLSearchParams(raw)));
    let body: Record<string, unknown> = {};
    if (req.headers['content-type']?.includes('application/json') && raw) body = JSON.parse(raw);
    t.requests.push({path: url.pathname, params, headers: req.headers});
    const o = t.options;
    switch (url.pathname) {
      case '/.well-known/oauth-protected-resource/mcp':
        return json(res, 200, {resource: o.resource ?? t.mcpUrl, authorization_servers: [t.url], scopes_supported: ['notes:read']});
      case '/.well-known/oauth-authorization-server':
        return json(res, 200, {
          issuer: t.url,
          authorization_endpoint: `${t.url}/authorize`,
          token_endpoint: `${t.url}/token`,
          ...(o.registration === false ? {} : {registration_endpoint: `${t.url}/register`}),
          ...(o.revocation === false ? {} : {revocation_endpoint: `${t.url}/revoke`}),
          ...(o.pkce === false ? {} : {code_challenge_methods_supported: ['S256']}),
          ...(o.issAdvertised === false ? {} : {authorization_response_iss_parameter_supported: true}),
          token_endpoint_auth_methods_supported: ['none', 'client_secret_basic'],
          scopes_supported: o.asScopes ?? ['notes:read', 'notes:write', 'offline_access'],
        });
      case '/register': {
        const id = `client-${token()}`;
        clients.set(id, {});
        return json(res, 201, {client_id: id, ...body, token_endpoint_auth_method: 'none'});
      }
      case '/authorize': {
        const redirect = new URL(params.redirect_uri);
        if (params.state) redirect.searchParams.set('state', params.state);
        if (o.issRedirect !== 'omit') redirect.searchParams.set('iss', o.issRedirect === 'wrong' ? 'https://evil.example' : t.url);
        if (o.authorizeError) redirect.searchParams.set('error', o.authorizeError);
        else {
          const code = `code-${token()}`;
          codes.set(code, {scopes: (params.scope ? params.scope.split(' ') : []).filter((s) => !o.neverGrant?.includes(s)), clientId: params.client_id, challenge: params.code_challenge, redirectUri: params.redirect_uri, resource: params.resource});
          redirect.searchParams.set('code', code);
        }
        res.writeHead(302, {location: redirect.href});
        return res.end();
      }
      case '/token': {
        if (params.grant_type === 'authorization_code') {
          const grant = codes.get(params.code);
          codes.delete(params.code);
          const verifier = params.code_verifier ?? '';
          const challenge = createHash('sha256').update(verifier).digest('base64url');
          if (!grant || grant.challenge !== challenge || grant.redirectUri !== params.redirect_uri || grant.resource !== params.resource) {
            return json(res, 400, {error: 'invalid_grant', error_description: 'code, verifier, redirect_uri or resource mismatch'});
          }
          return issue(res, grant);
        }
        if (params.grant_type === 'refresh_token') {
          const grant = refresh.get(params.refresh_token);
          refresh.delete(params.refresh_token); // rotation: a refresh token is good once
          if (!grant) return json(res, 400, {error: 'invalid_grant', error_description: 'refresh token expired'});
          return issue(res, grant);
        }
        return json(res, 400, {error: 'unsupported_grant_type'});
      }
      case '/revoke':
        access.delete(params.token);
        refresh.delete(params.token);
        res.writeHead(200);
        return res.end();
      case '/mcp': {
        const challenge = `Bearer resource_metadata="${t.url}/.well-known/oauth-protected-resource/mcp"`;
        const presented = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        const grant = presented ? access.get(presented) : undefined;
        if (!grant) return json(res, 401, {error: 'invalid_token'}, {'www-authenticate': `${challenge}, scope="notes:read"`});
        const need = t.scopes[String(body.method)] ?? [];
        const missing = need.filter((s) => !grant.scopes.includes(s));
        if (missing.length) return json(res, 403, {error: 'insufficient_scope'}, {'www-authenticate': `${challenge}, error="insufficient_scope", scope="${need.join(' ')}"`});
        if (o.upstream) return forward(o.upstream, req, raw, res);
        if (t.mcp) return t.mcp(body, res);
        return json(res, 200, {jsonrpc: '2.0', id: body.id ?? null, result: {method: body.method, scopes: grant.scopes}});
      }
      default:
        return json(res, 404, {error: 'not_found'});
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  t.url = `http://127.0.0.1:${(server.address() as {port: number}).port}`;
  t.mcpUrl = `${t.url}/mcp`;
  return t;
}
