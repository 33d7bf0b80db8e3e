// Turns one `mcpServers` entry into a fully defaulted ServerConfig, or into
// the list of everything wrong with it (each line prefixed with its JSON path).
import {isAbsolute, resolve} from 'node:path';
import {checkValue} from './checks.js';
import {commandLineProblem} from './command-line.js';
import {expandVars} from './expand.js';
import {formatPath} from './path.js';
import {finishHttp} from './http-server.js';
import {borrowKeys, isBorrowedKey} from './borrowed-keys.js';
import {HTTP_ONLY_KEYS, httpServerSchema, kindOf, serverSchema, SERVER_DEFAULTS, SERVER_KEY_SYNONYMS, SERVER_KEYS, type RawHttpServer, type RawServer} from './schema.js';
import {suggestKey} from './suggest.js';
import {transportOf} from './transport-type.js';
import type {Common, Expander, ServerBase, ServerConfig, ServerParse} from './types.js';
export type {Common, Expander, ServerParse};

/** What `parseServer` needs besides the entry. */
export interface ServerContext {
  /** Directory of the config file, for relative `cwd` and `roots`. */
  dir: string;
  env: NodeJS.ProcessEnv;
}


const KNOWN = new Set<string>(SERVER_KEYS);


/** Validates, defaults and expands one server entry. */
export function parseServer(alias: string, raw: unknown, ctx: ServerContext): ServerParse {
  const at = (...rest: Array<string | number>): string => formatPath(['mcpServers', alias, ...rest]);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return {ok: false, problems: [`${at()}: expected an object like {"command": "npx", "args": ["-y", "some-server"]}, got ${kindOf(raw)}`]};
  }
  const written = raw as Record<string, unknown>;
  // A disabled entry is kept for later: nothing in it is checked or expanded now.
  if (written.disabled === true || (written.enabled === false && written.disabled === undefined)) return {ok: true, server: disabledServer(alias, written)};
  const transport = transportOf(written);
  if ('key' in transport) return {ok: false, problems: [`${at(transport.key)}: ${transport.message}`]};

  const borrowed = borrowKeys(written);
  const entry = {...written, ...borrowed.values};
  const problems: string[] = borrowed.problems.map((p) => `${at(p.key)}: ${p.message}`);
  const meant = new Set<string>();
  for (const key of Object.keys(written)) {
    if (KNOWN.has(key) || isBorrowedKey(key)) continue;
    const guess = suggestKey(key, SERVER_KEYS, SERVER_KEY_SYNONYMS);
    if (guess && !Object.hasOwn(entry, guess)) {
      problems.push(`${at(key)}: unknown key; did you mean \`${guess}\`?`);
      meant.add(guess);
    }
  }
  const parsed = checkValue<RawServer | RawHttpServer>(transport.type === 'stdio' ? serverSchema : httpServerSchema, entry);
  if (!parsed.ok) {
    for (const issue of parsed.issues) {
      // "command is required" adds nothing when we just said `comand` meant it.
      if (issue.path.length === 1 && meant.has(String(issue.path[0])) && entry[String(issue.path[0])] === undefined) continue;
      // A misspelt `url` (say `uri`) meant a remote server: no command is missing.
      if (issue.path[0] === 'command' && entry.command === undefined && meant.has('url')) continue;
      problems.push(`${at(...issue.path)}: ${issue.message}`);
    }
  }
  // `oauth` on a local server gets its own sentence (finish): it says where a local server's credentials go.
  const misplaced = transport.type === 'stdio' ? HTTP_ONLY_KEYS.filter((k) => k !== 'oauth' && entry[k] !== undefined) : [];
  for (const k of misplaced) problems.push(`${at(k)}: does not apply to a local server (it talks over stdin/stdout): remove it, or give a "url" instead of a "command"`);
  if (problems.length > 0 || !parsed.ok) return {ok: false, problems};
  const result = transport.type === 'stdio'
    ? finish(alias, parsed.value as RawServer, entry, ctx, at)
    : finishHttp(common(alias, parsed.value as RawHttpServer, entry, ctx, at), parsed.value as RawHttpServer, entry, ctx, at, transport.sse);
  if (!result.ok || borrowed.warnings.length === 0) return result;
  const warning = [result.server.warning, ...borrowed.warnings].filter(Boolean).join('; ');
  return {ok: true, server: {...result.server, warning}};
}

/**
 * The entry as a server that cannot start: the hub shows it offline with
 * `reason` (phase "config") while the other servers run. Only the fields the
 * hub and the UI read are meaningful; the transport fields are placeholders.
 */
export function unstartable(alias: string, raw: unknown, reason: string): ServerConfig {
  const entry = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  return {...placeholder(alias, entry), cannotStart: reason};
}

function disabledServer(alias: string, entry: Record<string, unknown>): ServerConfig {
  return {...placeholder(alias, entry), disabled: true};
}

function placeholder(alias: string, entry: Record<string, unknown>): ServerConfig {
  const base: ServerBase = {
    alias, disabled: false, trusted: entry.trusted === true, autoApprove: [], ...SERVER_DEFAULTS,
    toolTimeouts: Object.create(null) as Record<string, number>, excludeTools: [], roots: [], sampling: false, extra: {},
  };
  const remote = typeof entry.url === 'string' && entry.command === undefined;
  if (remote) return {...base, type: 'http', url: entry.url as string, headers: Object.create(null) as Record<string, string>};
  return {...base, type: 'stdio', command: typeof entry.command === 'string' ? entry.command : '', args: [], env: Object.create(null) as Record<string, string>};
}


type CommonRaw = Pick<RawServer, 'disabled' | 'trusted' | 'autoApprove' | 'startupTimeoutMs' | 'installTimeoutMs' | 'callTimeoutMs' | 'toolTimeouts' | 'includeTools' | 'excludeTools' | 'roots' | 'sampling' | 'onToolChange' | 'protocol' | 'deferTools' | 'maxResultTokens' | 'start' | 'idleStopMs'>;

/** The keys every server has, expanded and defaulted. */
function common(alias: string, data: CommonRaw, entry: Record<string, unknown>, ctx: ServerContext, at: (...p: Array<string | number>) => string): Common {
  const problems: string[] = [];
  const expand: Expander = (value, ...path) => {
    const r = expandVars(value, ctx.env);
    if (r.ok) return r.value;
    for (const p of r.problems) problems.push(`${at(...path)}: ${p}`);
    return value;
  };
  const dir = (p: string): string => (isAbsolute(p) ? p : resolve(ctx.dir, p));
  const roots = data.roots.map((r, i) => expand(r, 'roots', i)).filter((r) => r !== '').map(dir);
  const extra: Record<string, unknown> = {};
  for (const key of Object.keys(entry)) {
    if (!(SERVER_KEYS as readonly string[]).includes(key)) Object.defineProperty(extra, key, {value: entry[key], enumerable: true, writable: true, configurable: true});
  }
  const base: ServerBase = {
    alias,
    disabled: data.disabled,
    trusted: data.trusted,
    autoApprove: data.autoApprove,
    startupTimeoutMs: data.startupTimeoutMs,
    installTimeoutMs: data.installTimeoutMs,
    callTimeoutMs: data.callTimeoutMs,
    toolTimeouts: Object.assign(Object.create(null) as Record<string, number>, data.toolTimeouts),
    ...(data.includeTools ? {includeTools: data.includeTools} : {}),
    excludeTools: data.excludeTools,
    roots,
    sampling: data.sampling,
    onToolChange: data.onToolChange,
    protocol: data.protocol,
    ...(data.deferTools === undefined ? {} : {deferTools: data.deferTools}),
    ...(data.maxResultTokens === undefined ? {} : {maxResultTokens: data.maxResultTokens}),
    ...(data.start === 'lazy' ? {start: 'lazy' as const} : {}),
    ...(data.idleStopMs === undefined ? {} : {idleStopMs: data.idleStopMs}),
    extra,
  };
  return {base, problems, expand};
}

function finish(alias: string, data: RawServer, entry: Record<string, unknown>, ctx: ServerContext, at: (...p: Array<string | number>) => string): ServerParse {
  const {base, problems, expand} = common(alias, data, entry, ctx, at);
  const command = expand(data.command, 'command');
  if (problems.length === 0 && command.trim() === '') problems.push(`${at('command')}: is empty after expanding variables`);
  const args = data.args.map((a, i) => expand(a, 'args', i));
  // Null prototypes: lookups by a server-chosen tool name ("toString",
  // "constructor") must never find Object.prototype members.
  const env: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(data.env)) {
    if (name === '' || name.includes('=') || name.includes('\0')) {
      problems.push(`${at('env', name)}: "${name}" is not a valid environment variable name`);
      continue;
    }
    Object.defineProperty(env, name, {value: expand(value, 'env', name), enumerable: true, writable: true, configurable: true});
  }
  const cwdText = data.cwd === undefined ? '' : expand(data.cwd, 'cwd');
  const cwd = cwdText === '' ? undefined : isAbsolute(cwdText) ? cwdText : resolve(ctx.dir, cwdText);
  if (problems.length === 0) {
    const whole = commandLineProblem(command, args, cwd ?? process.cwd(), env.PATH ?? ctx.env.PATH);
    if (whole) problems.push(`${at('command')}: ${whole}`);
  }
  if (problems.length > 0) return {ok: false, problems};
  const {alias: _a, ...rest} = base;
  // OAuth is for remote servers; a local one gets its credentials from its env (spec: Authorization, Protocol Requirements).
  const cannotStart = entry.oauth !== undefined ? {cannotStart: '"oauth" applies to remote servers (with a "url") only; a local server gets its credentials from "env": remove "oauth"'} : {};
  const server: ServerConfig = {alias, type: 'stdio', command, args, env, ...(cwd !== undefined ? {cwd} : {}), ...rest, ...cannotStart};
  return {ok: true, server};
}
