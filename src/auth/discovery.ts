// Finding a server's authorization server: Protected Resource Metadata
// (RFC 9728) first, then that issuer's metadata (RFC 8414 / OpenID Discovery),
// each at the well-known places in the order the MCP spec gives. A server of
// the 2025-03-26 revision has no resource metadata: its origin is the issuer,
// with default endpoints when it publishes no metadata either.
import type {AuthorizationServer} from 'oauth4webapi';
import {AuthError} from './errors.js';
import {getJson, notFound, type AuthIo} from './http.js';
import {authServerMetadataUrls, canonicalResource, parseHttpUrl, requireSecure, resourceCovers, resourceMetadataUrls} from './urls.js';

/** What a server says about itself (RFC 9728). */
export interface ResourceMetadata {
  /** The resource identifier: sent as `resource` (RFC 8707) on authorization and token requests. */
  resource: string;
  authorizationServers: string[];
  scopesSupported?: string[];
}

/** Finds the server's Protected Resource Metadata; undefined when it publishes none (a 2025-03-26 server). */
export async function discoverResource(serverUrl: string, headerUrl: string | undefined, io: AuthIo): Promise<ResourceMetadata | undefined> {
  const tried: string[] = [];
  const candidates = [...(headerUrl ? [headerUrl] : []), ...resourceMetadataUrls(serverUrl)];
  for (const url of candidates) {
    if (tried.includes(url)) continue;
    tried.push(url);
    const answer = await getJson(parseHttpUrl(url, 'resource_metadata').href, io);
    if (!answer.ok && !notFound(answer)) throw new AuthError('discovery-failed', `the resource metadata at ${url} could not be read: ${answer.reason}`);
    if (!answer.ok) continue;
    return checkResource(answer.json, serverUrl, url);
  }
  return undefined;
}

function checkResource(json: Record<string, unknown>, serverUrl: string, from: string): ResourceMetadata {
  const resource = json.resource;
  if (typeof resource !== 'string' || resource === '') throw new AuthError('metadata-invalid', `the resource metadata at ${from} has no "resource"`);
  if (!resourceCovers(resource, serverUrl)) {
    throw new AuthError('resource-mismatch', `the resource metadata at ${from} describes ${JSON.stringify(resource.slice(0, 200))}, not this server (${canonicalResource(serverUrl)}); refusing to log in`);
  }
  const servers = json.authorization_servers;
  if (!Array.isArray(servers) || servers.length === 0 || !servers.every((s) => typeof s === 'string')) {
    throw new AuthError('metadata-invalid', `the resource metadata at ${from} lists no authorization_servers`);
  }
  const scopes = strings(json.scopes_supported);
  return {resource, authorizationServers: servers as string[], ...(scopes ? {scopesSupported: scopes} : {})};
}

/** Fetches and validates the metadata of `issuer` exactly as the resource metadata names it. */
export async function discoverAuthServer(issuer: string, io: AuthIo): Promise<AuthorizationServer> {
  requireSecure(parseHttpUrl(issuer, 'the authorization server'), 'the authorization server');
  const problems: string[] = [];
  let mismatch: AuthError | undefined;
  for (const url of authServerMetadataUrls(issuer)) {
    const answer = await getJson(url, io);
    if (!answer.ok && !notFound(answer)) throw new AuthError('discovery-failed', `the authorization server metadata at ${url} could not be read: ${answer.reason}`);
    if (!answer.ok) {
      problems.push(`${url}: ${answer.reason}`);
      continue;
    }
    // RFC 8414 §3.3: identical, character for character; no URL normalisation.
    if (answer.json.issuer !== issuer) {
      mismatch = new AuthError('issuer-mismatch', `the metadata at ${url} names issuer ${JSON.stringify(String(answer.json.issuer).slice(0, 200))}, not ${issuer}; refusing to use it`);
      continue;
    }
    return checkAuthServer(answer.json as unknown as AuthorizationServer, issuer);
  }
  throw mismatch ?? new AuthError('discovery-failed', `no authorization server metadata for ${issuer} (${problems.join('; ')})`);
}

/** The 2025-03-26 rules: the server's origin is the issuer; default endpoints when it has no metadata. */
export async function legacyAuthServer(serverUrl: string, io: AuthIo): Promise<AuthorizationServer> {
  const origin = new URL(serverUrl).origin;
  requireSecure(new URL(origin), 'the authorization server');
  const answer = await getJson(`${origin}/.well-known/oauth-authorization-server`, io);
  if (answer.ok && answer.json.issuer === origin) return checkAuthServer(answer.json as unknown as AuthorizationServer, origin);
  if (answer.ok) throw new AuthError('issuer-mismatch', `the metadata at ${origin}/.well-known/oauth-authorization-server names issuer ${JSON.stringify(String(answer.json.issuer).slice(0, 200))}, not ${origin}`);
  // That revision required PKCE of every client, so S256 is assumed here.
  return {
    issuer: origin,
    authorization_endpoint: `${origin}/authorize`,
    token_endpoint: `${origin}/token`,
    registration_endpoint: `${origin}/register`,
    code_challenge_methods_supported: ['S256'],
  };
}

function checkAuthServer(as: AuthorizationServer, issuer: string): AuthorizationServer {
  for (const key of ['authorization_endpoint', 'token_endpoint'] as const) {
    requireSecure(parseHttpUrl(as[key], `${issuer}'s ${key}`), `${issuer}'s ${key}`);
  }
  for (const key of ['registration_endpoint', 'revocation_endpoint'] as const) {
    if (as[key] !== undefined) requireSecure(parseHttpUrl(as[key], `${issuer}'s ${key}`), `${issuer}'s ${key}`);
  }
  // Security considerations: without advertised S256 support there is no PKCE, and no login.
  const methods = strings(as.code_challenge_methods_supported);
  if (!methods?.includes('S256')) {
    throw new AuthError('pkce-unsupported', `${issuer} does not advertise PKCE with S256 (code_challenge_methods_supported: ${JSON.stringify(as.code_challenge_methods_supported ?? null)}); refusing to log in without it`);
  }
  return as;
}

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : undefined;
}
