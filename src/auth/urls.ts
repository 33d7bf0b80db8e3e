// The URL rules of MCP authorization: which addresses may be plain http, what
// a server's resource identifier is, and where metadata documents live.
import {AuthError} from './errors.js';

/** Hosts that are this machine: the only ones allowed over plain http. */
export function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Parses an absolute http(s) URL or throws a `metadata-invalid` error naming `what`. */
export function parseHttpUrl(value: unknown, what: string): URL {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new AuthError('metadata-invalid', `${what} is not an http(s) URL: ${JSON.stringify(value)?.slice(0, 200)}`);
  }
  return url;
}

/** Authorization endpoints must be https unless they are on this machine (OAuth 2.1 §1.5). */
export function requireSecure(url: URL, what: string): URL {
  if (url.protocol === 'https:' || isLoopback(url)) return url;
  throw new AuthError('insecure-endpoint', `${what} ${url.origin} is plain http on another host; authorization servers must use https`);
}

/** The canonical URI of an MCP server (RFC 8707 §2): no fragment, no query, no trailing slash on an empty path. */
export function canonicalResource(serverUrl: string | URL): string {
  const url = new URL(String(serverUrl));
  url.hash = '';
  url.search = '';
  const text = url.href;
  return url.pathname === '/' ? text.slice(0, -1) : text;
}

/**
 * Whether the resource a metadata document names covers the server we talk to:
 * same origin, and its path is the server's path or a parent of it at a `/`
 * boundary (a server at /mcp may be described by the origin's metadata).
 */
export function resourceCovers(resource: string, serverUrl: string | URL): boolean {
  let r: URL;
  try {
    r = new URL(resource);
  } catch {
    return false;
  }
  const s = new URL(String(serverUrl));
  if (r.origin !== s.origin || r.hash) return false;
  const base = r.pathname.replace(/\/+$/, '');
  const path = s.pathname.replace(/\/+$/, '');
  return path === base || path.startsWith(base + '/');
}

/** Where Protected Resource Metadata may be (RFC 9728 §3.1), in the order MCP tries them. */
export function resourceMetadataUrls(serverUrl: string | URL): string[] {
  const url = new URL(String(serverUrl));
  const path = url.pathname.replace(/\/+$/, '');
  const root = `${url.origin}/.well-known/oauth-protected-resource`;
  return path ? [`${root}${path}`, root] : [root];
}

/** Where an issuer's metadata may be (RFC 8414 §3.1, OpenID Discovery, RFC 8414 §5), in MCP's order. */
export function authServerMetadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/+$/, '');
  if (!path) return [`${url.origin}/.well-known/oauth-authorization-server`, `${url.origin}/.well-known/openid-configuration`];
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}/.well-known/openid-configuration${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
}
