// Token responses into records, refresh (RFC 6749 §6) and revocation (RFC 7009).
import * as oauth from 'oauth4webapi';
import {toAuthError} from './authorize.js';
import {clientAuth, insecureFor} from './client.js';
import {requestSignal, type AuthIo} from './http.js';
import type {ClientRecord, TokenRecord} from './token-store.js';

/** Where a set of tokens may be used and what was asked for it. */
export interface TokenContext {
  serverUrl: string;
  resource: string;
  issuer: string;
  requestedScopes?: string[];
}

/** A token response as a stored record. */
export function toTokenRecord(res: oauth.TokenEndpointResponse, ctx: TokenContext, now: number, previous?: TokenRecord): TokenRecord {
  const refreshToken = res.refresh_token ?? previous?.refreshToken;
  return {
    accessToken: res.access_token,
    tokenType: res.token_type,
    ...(refreshToken ? {refreshToken} : {}),
    ...(typeof res.expires_in === 'number' ? {expiresAt: now + res.expires_in * 1000} : {}),
    ...(ctx.requestedScopes ? {requestedScopes: ctx.requestedScopes} : {}),
    serverUrl: ctx.serverUrl,
    resource: ctx.resource,
    issuer: ctx.issuer,
  };
}

/** Whether the access token is past (or within `skewMs` of) its end. */
export function expired(tokens: TokenRecord, now: number, skewMs = 30_000): boolean {
  return tokens.expiresAt !== undefined && now + skewMs >= tokens.expiresAt;
}

/** Uses the refresh token; a server that rotates it gives a new one, else the old one stays. */
export async function refresh(as: oauth.AuthorizationServer, client: ClientRecord, secret: string | undefined, tokens: TokenRecord, io: AuthIo, now: () => number): Promise<TokenRecord> {
  const oclient: oauth.Client = {client_id: client.clientId};
  try {
    const res = await oauth.refreshTokenGrantRequest(as, oclient, clientAuth(client, secret), tokens.refreshToken!, {
      additionalParameters: {resource: tokens.resource},
      signal: requestSignal(io),
      [oauth.customFetch]: io.fetch,
      ...insecureFor(as.token_endpoint),
    });
    return toTokenRecord(await oauth.processRefreshTokenResponse(as, oclient, res), tokens, now(), tokens);
  } catch (err) {
    throw toAuthError(err, {alias: tokens.serverUrl, as});
  }
}

/** Revokes the refresh token, then the access token, where the server offers revocation; false when it does not. */
export async function revoke(as: oauth.AuthorizationServer, client: ClientRecord, secret: string | undefined, tokens: TokenRecord, io: AuthIo): Promise<boolean> {
  if (!as.revocation_endpoint) return false;
  const oclient: oauth.Client = {client_id: client.clientId};
  const pairs: Array<[string, string]> = [];
  if (tokens.refreshToken) pairs.push([tokens.refreshToken, 'refresh_token']);
  pairs.push([tokens.accessToken, 'access_token']);
  for (const [token, hint] of pairs) {
    const res = await oauth.revocationRequest(as, oclient, clientAuth(client, secret), token, {
      additionalParameters: {token_type_hint: hint},
      signal: requestSignal(io),
      [oauth.customFetch]: io.fetch,
      ...insecureFor(as.revocation_endpoint),
    });
    await oauth.processRevocationResponse(res);
  }
  return true;
}
