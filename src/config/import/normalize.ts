// One server entry of another client → a breakerbox entry: transport found,
// keys mapped through the table of other clients' keys, references rewritten,
// literal secrets replaced by `${NAME}` references. What has no equivalent is
// reported, never silently dropped; what cannot be converted keeps the entry
// out of the import with the reason.
import {formatPath} from '../path.js';
import {KEY_VARIANTS, transportType} from '../other-client-keys.js';
import type {Places} from '../other-clients.js';
import {convertRefs, hasReference, inputVariable, type RefContext} from './references.js';
import {isSecret, looksLikeToken, looksSecretName, urlSecretParts, variableName} from './secrets.js';
import type {SourceServer, VsInput} from './sources.js';

/** A value left out of the file: the user exports it as `variable`. */
export interface SecretUse {
  variable: string;
  /** Kept in memory to tell two different secrets of the same name apart; never printed or written. */
  value?: string;
  /** Where the value is: file and JSON path. */
  where: string;
  /** A VS Code input (VS Code asks for it; breakerbox reads the variable). */
  input?: VsInput;
}

/** One server ready to be merged, or the reason it cannot be. */
export interface Candidate {
  source: SourceServer;
  transport: 'stdio' | 'http' | 'sse';
  entry: Record<string, unknown>;
  secrets: SecretUse[];
  /** `key: note` for keys that have no breakerbox equivalent. */
  unmapped: string[];
  /** `key → breakerboxKey` lines for keys that were converted. */
  converted: string[];
  problem?: string;
}

const TRANSPORT_KEYS = new Set(['command', 'args', 'env', 'cwd', 'type', 'transportType', 'url', 'httpUrl', 'serverUrl', 'headers']);
// Keys breakerbox reads with the same meaning as the client that wrote them.
const SHARED_KEYS = new Set(['disabled', 'autoApprove', 'includeTools', 'excludeTools', 'trusted', 'startupTimeoutMs', 'installTimeoutMs', 'callTimeoutMs', 'toolTimeouts', 'roots', 'sampling', 'protocol']);

/** Converts one entry. */
export function normalize(src: SourceServer, places: Places): Candidate {
  const c: Candidate = {source: src, transport: 'stdio', entry: {}, secrets: [], unmapped: [], converted: []};
  const raw = src.raw;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return {...c, problem: 'the entry is not an object'};
  const r = raw as Record<string, unknown>;
  const ctx: RefContext = {client: src.client, workspace: src.file.scope === 'project' ? places.cwd : undefined, platform: places.platform, inputs: src.inputs};
  const where = (...path: string[]) => `${src.file.path} at ${formatPath([...containerPath(src, places), src.name, ...path])}`;
  const text = (value: unknown, ...path: string[]): string => {
    const converted = convertRefs(String(value), ctx);
    if (!converted.ok) {
      c.problem ??= `${path.join('.')}: ${converted.problem}`;
      return String(value);
    }
    for (const input of converted.inputs) c.secrets.push({variable: inputVariable(input.id), where: where(...path), input});
    return converted.value;
  };
  const secret = (variable: string, value: string, ...path: string[]): string => {
    c.secrets.push({variable, value, where: where(...path)});
    return `\${${variable}}`;
  };

  const declared = r.type ?? r.transportType;
  const url = r.httpUrl ?? r.serverUrl ?? r.url;
  const t = declared !== undefined ? transportType(declared) : r.command !== undefined ? 'stdio' : r.url !== undefined && r.httpUrl === undefined && (src.client === 'gemini' || src.client === 'cline') ? 'sse' : url !== undefined ? 'http' : undefined;
  if (declared !== undefined && !t) return {...c, problem: `type ${JSON.stringify(declared)} is not a transport breakerbox knows (stdio, http, sse)`};
  if (!t) return {...c, problem: 'the entry has neither a "command" nor a "url"'};
  c.transport = t;

  if (t === 'stdio') {
    if (typeof r.command !== 'string') return {...c, problem: 'a local server without a "command" string'};
    c.entry.command = text(r.command, 'command');
    if (r.args !== undefined) c.entry.args = Array.isArray(r.args) ? stringArgs(r.args, src.name, text, secret) : r.args;
    if (r.env !== undefined) c.entry.env = isObject(r.env) ? secretMap(r.env, 'env', (k) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(k) ? k : variableName(src.name, k)), text, secret) : r.env;
    if (r.cwd !== undefined) c.entry.cwd = text(r.cwd, 'cwd');
  } else {
    c.entry.type = t;
    c.entry.url = typeof url === 'string' ? urlWithoutSecrets(text(url, 'url'), src.name, secret) : url;
    if (r.headers !== undefined) c.entry.headers = isObject(r.headers) ? headerMap(r.headers, src.name, text, secret) : r.headers;
  }
  for (const [key, value] of Object.entries(r)) {
    if (TRANSPORT_KEYS.has(key)) continue;
    if (SHARED_KEYS.has(key)) {
      c.entry[key] = value;
      continue;
    }
    mapKey(c, key, value);
  }
  return c;
}

function mapKey(c: Candidate, key: string, value: unknown): void {
  const variant = KEY_VARIANTS.find((v) => v.key === key && v.clients.includes(c.source.client));
  if (!variant) {
    c.unmapped.push(`${key}: breakerbox has no such key; not imported`);
    return;
  }
  const converted = variant.breakerboxKey && variant.convert ? variant.convert(value) : undefined;
  if (!variant.breakerboxKey) return void c.unmapped.push(`${key}: ${variant.note}`);
  if (converted === undefined) return void c.unmapped.push(`${key}: ${JSON.stringify(value)} cannot be converted (${variant.note})`);
  const target = variant.breakerboxKey;
  // Header and env maps add to what the entry already has; an explicit entry wins.
  c.entry[target] = isObject(converted) && isObject(c.entry[target]) ? {...converted, ...(c.entry[target] as object)} : converted;
  c.converted.push(`${key} ${JSON.stringify(value)}${variant.unit ? ` (${variant.unit === 's' ? 'seconds' : 'milliseconds'})` : ''} → ${target} ${JSON.stringify(c.entry[target])}`);
}

type Text = (value: unknown, ...path: string[]) => string;
type Secret = (variable: string, value: string, ...path: string[]) => string;

function secretMap(map: Record<string, unknown>, field: string, variable: (key: string) => string, text: Text, secret: Secret): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(map)) {
    const value = text(v, field, k);
    out[k] = !hasReference(value) && isSecret(k, String(v)) ? secret(variable(k), String(v), field, k) : value;
  }
  return out;
}

function headerMap(headers: Record<string, unknown>, name: string, text: Text, secret: Secret): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [h, v] of Object.entries(headers)) {
    const value = text(v, 'headers', h);
    const scheme = /^(Bearer|Basic|Token)\s+(\S.*)$/i.exec(String(v));
    if (hasReference(value)) out[h] = value;
    else if (scheme && /^authorization$/i.test(h)) out[h] = `${scheme[1]} ${secret(variableName(name, 'TOKEN'), scheme[2]!, 'headers', h)}`;
    else out[h] = isSecret(h, String(v)) ? secret(variableName(name, h), String(v), 'headers', h) : value;
  }
  return out;
}

function stringArgs(args: unknown[], name: string, text: Text, secret: Secret): unknown[] {
  return args.map((a, i) => {
    if (typeof a !== 'string') return a;
    const value = text(a, 'args', String(i));
    if (hasReference(value)) return value;
    const flag = /^(--?[A-Za-z][\w-]*)=(.+)$/.exec(a);
    if (flag && looksSecretName(flag[1]!)) return `${flag[1]}=${secret(variableName(name, flag[1]!), flag[2]!, 'args', String(i))}`;
    const prev = args[i - 1];
    if (typeof prev === 'string' && /^--?[A-Za-z][\w-]*$/.test(prev) && looksSecretName(prev) && !a.startsWith('-')) return secret(variableName(name, prev), a, 'args', String(i));
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(a)) return urlWithoutSecrets(value, name, secret);
    // Package names and paths are long and mixed too: only known token shapes count here.
    return looksLikeToken(a) ? secret(variableName(name, 'TOKEN'), a, 'args', String(i)) : value;
  });
}

function urlWithoutSecrets(url: string, name: string, secret: Secret): string {
  let out = url;
  for (const part of urlSecretParts(url)) {
    const variable = variableName(name, part.kind === 'password' ? 'PASSWORD' : part.name);
    const ref = secret(variable, part.value, 'url');
    out = part.kind === 'password' ? out.replace(`:${encodeURIComponent(part.value)}@`, `:${ref}@`).replace(`:${part.value}@`, `:${ref}@`) : out.replace(`${part.name}=${encodeURIComponent(part.value)}`, `${part.name}=${ref}`).replace(`${part.name}=${part.value}`, `${part.name}=${ref}`);
  }
  return out;
}

function containerPath(src: SourceServer, places: Places): string[] {
  if (src.file.container === 'claude-project') return ['projects', places.cwd, 'mcpServers'];
  return [src.file.container];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
