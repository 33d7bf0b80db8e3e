// The remote half of a server entry: `url` and `headers`. Problems that only
// concern this one entry (keys that do not apply, a transport breakerbox does
// not speak, an unset variable in a header) do not stop the app: the entry is
// kept with a `cannotStart` reason, so the Servers pane shows it offline and
// says why while every other server runs.
import {isLoopbackHost, maskUrl} from '../util/mask-url.js';
import type {RawHttpServer} from './schema.js';
import {STDIO_ONLY_KEYS} from './schema.js';
import type {Common, ServerParse} from './types.js';
import {expandVars} from './expand.js';
import {oauthConfig} from './oauth-config.js';

/** Header names breakerbox sets itself; a config must not override them. */
const RESERVED = new Set(['accept', 'content-type', 'content-length', 'host', 'connection', 'transfer-encoding', 'mcp-protocol-version', 'mcp-session-id', 'mcp-method', 'mcp-name', 'last-event-id']);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Finishes a remote entry: the URL checked, headers expanded, per-entry problems kept as `cannotStart`. */
export function finishHttp(c: Common, data: RawHttpServer, entry: Record<string, unknown>, env: {env: NodeJS.ProcessEnv}, at: (...p: Array<string | number>) => string, sse: boolean): ServerParse {
  const {base, problems, expand} = c;
  const urlText = expand(data.url, 'url').trim();
  let url: URL | undefined;
  try {
    url = new URL(urlText);
  } catch {
    problems.push(`${at('url')}: is not a URL (expected e.g. "https://example.com/mcp")`);
  }
  if (url && url.protocol !== 'http:' && url.protocol !== 'https:') {
    problems.push(`${at('url')}: only http: and https: URLs are supported, got ${JSON.stringify(url.protocol)}`);
  }
  const headerProblems: string[] = [];
  const headers: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(data.headers)) {
    if (!TOKEN.test(name)) {
      problems.push(`${at('headers', name)}: ${JSON.stringify(name.slice(0, 40))} is not a valid HTTP header name`);
      continue;
    }
    if (RESERVED.has(name.toLowerCase())) {
      problems.push(`${at('headers', name)}: breakerbox sets ${name} itself; remove it`);
      continue;
    }
    // An unset variable (a token not exported in this shell) stops only this server.
    const r = expandVars(value, env.env);
    if (!r.ok) {
      headerProblems.push(`headers.${name}: ${r.problems.join('; ')}`);
      continue;
    }
    if (/[\r\n\0]/.test(r.value)) {
      problems.push(`${at('headers', name)}: the value must not contain line breaks or NUL`);
      continue;
    }
    Object.defineProperty(headers, name, {value: r.value, enumerable: true, writable: true, configurable: true});
  }
  const oauth = data.oauth && oauthConfig(data.oauth, expand, problems, at);
  if (problems.length > 0 || !url) return {ok: false, problems};

  const reasons: string[] = [];
  const misplaced = STDIO_ONLY_KEYS.filter((k) => k !== 'command' && entry[k] !== undefined);
  if (misplaced.length > 0) {
    reasons.push(`${misplaced.map((k) => `"${k}"`).join(', ')} ${misplaced.length === 1 ? 'does' : 'do'} not apply to a remote server (breakerbox does not start it): remove ${misplaced.length === 1 ? 'it' : 'them'}`);
  }
  if (sse) {
    reasons.push('"type": "sse" is the HTTP+SSE transport of 2024-11-05, which breakerbox does not speak; if the server also offers Streamable HTTP (often at /mcp rather than /sse), use that URL with "type": "http"');
  }
  reasons.push(...headerProblems);
  const warning = url.protocol === 'http:' && !isLoopbackHost(url.hostname)
    ? `plain http to ${url.hostname}: requests and headers travel unencrypted`
    : undefined;
  return {
    ok: true,
    server: {
      ...base,
      type: 'http',
      url: url.toString(),
      headers,
      ...(oauth ? {oauth} : {}),
      ...(reasons.length > 0 ? {cannotStart: `cannot start ${maskUrl(url)}: ${reasons.join('; ')}`} : {}),
      ...(warning ? {warning} : {}),
    },
  };
}
