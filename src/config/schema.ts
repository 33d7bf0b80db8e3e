// The zod schema of one server entry. Every message names the expected shape
// and, where a common slip explains it, the fix; the loader adds file and path.
// zod/mini (functions, not methods): the same checks and messages from 34 KB of
// zod instead of 139 KB, built and checked before the first server can start
// (~25 ms of CPU less at every start, BENCHMARKS.md §10).
import './zod-locale.js';
import * as z from 'zod/mini';
import {PROTOCOL_SETTINGS, spokenVersions, type ProtocolSetting} from './protocol.js';

/** setTimeout silently turns anything larger into 1 ms, so this is the ceiling. */
export const MAX_TIMEOUT_MS = 2_147_483_647;
/** Defaults applied to every server. */
export const SERVER_DEFAULTS = {startupTimeoutMs: 30_000, callTimeoutMs: 60_000, installTimeoutMs: 600_000} as const;

/** Every per-server key we read; anything else is kept in `extra`. */
export const SERVER_KEYS = [
  'type', 'command', 'args', 'env', 'cwd', 'url', 'headers', 'disabled', 'trusted', 'autoApprove', 'startupTimeoutMs',
  'installTimeoutMs', 'callTimeoutMs', 'toolTimeouts', 'includeTools', 'excludeTools', 'roots', 'sampling', 'protocol', 'oauth', 'onToolChange',
  'deferTools', 'maxResultTokens', 'start', 'idleStopMs',
] as const;

/** Most tokens one result may be given (the model's context is the real ceiling). */
export const MAX_RESULT_TOKENS = 1_000_000;

/** Keys that only mean something for a local (stdio) server. */
export const STDIO_ONLY_KEYS = ['command', 'args', 'env', 'cwd'] as const;
/** Keys that only mean something for a remote (HTTP) server. */
export const HTTP_ONLY_KEYS = ['url', 'headers', 'oauth'] as const;

/** Other spellings people reach for (normalised: lower case, no `_`/`-`). */
export const SERVER_KEY_SYNONYMS: Readonly<Record<string, string>> = {
  environment: 'env', arguments: 'args', argv: 'args', cmd: 'command', workingdirectory: 'cwd', workdir: 'cwd',
  uri: 'url', endpoint: 'url', serverurl: 'url', header: 'headers', httpheaders: 'headers', protocolversion: 'protocol',
};

/** A JSON value's kind, for "got …" in messages. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return `${value}`;
  return typeof value;
}

type Issue = {input?: unknown};

function expected(what: string, hint?: (input: unknown) => string | undefined, required?: string) {
  return (iss: Issue): string => {
    if (iss.input === undefined) return required ?? 'is required';
    const extra = hint?.(iss.input);
    return `expected ${what}, got ${kindOf(iss.input)}${extra ? ` (${extra})` : ''}`;
  };
}

const noNul = (s: string): boolean => !s.includes('\0');
const NUL = {error: 'must not contain a NUL character'};
const quoted = (input: unknown): string | undefined => (typeof input === 'string' ? 'remove the quotes' : undefined);

const str = (what = 'a string') => z.string({error: expected(what)}).check(z.refine(noNul, NUL));
const strArray = (what: string) => z.array(str(), {error: expected(what, (x) => (typeof x === 'string' ? `write ["${x.length > 20 ? '…' : x}"]` : undefined))});
const flag = z.boolean({error: expected('true or false', quoted)});
const ms = z
  .number({error: expected(`a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`, quoted)})
  .check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= MAX_TIMEOUT_MS, {error: `expected a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`}));

const protocolHelp = `"auto" (detect, the default), "legacy" (the initialize handshake) or a version breakerbox speaks: ${spokenVersions()}`;
const protocol = z.pipe(
  z.string({error: expected(protocolHelp)}).check(z.refine((s) => PROTOCOL_SETTINGS.includes(s), {error: (iss) => `${JSON.stringify(iss.input)} is not ${protocolHelp}`})),
  z.transform((s) => s as ProtocolSetting),
);
const START_HELP = '"eager" (start with breakerbox, the default) or "lazy" (start at the first call of one of its tools)';
const start = z.pipe(
  z.string({error: expected(START_HELP)}).check(z.refine((s) => s === 'eager' || s === 'lazy', {error: (iss) => `${JSON.stringify(iss.input)} is not ${START_HELP}`})),
  z.transform((s) => s as 'eager' | 'lazy'),
);
const tokens = z
  .number({error: expected(`a whole number of tokens from 100 to ${MAX_RESULT_TOKENS}`, quoted)})
  .check(z.refine((n) => Number.isInteger(n) && n >= 100 && n <= MAX_RESULT_TOKENS, {error: `expected a whole number of tokens from 100 to ${MAX_RESULT_TOKENS}`}));

/** Keys every server has, local or remote. */
const common = {
  disabled: z._default(flag, false),
  trusted: z._default(flag, false),
  autoApprove: z._default(strArray('an array of tool names'), []),
  startupTimeoutMs: z._default(ms, SERVER_DEFAULTS.startupTimeoutMs),
  installTimeoutMs: z._default(ms, SERVER_DEFAULTS.installTimeoutMs),
  callTimeoutMs: z._default(ms, SERVER_DEFAULTS.callTimeoutMs),
  toolTimeouts: z._default(z.record(z.string(), ms, {error: expected('an object of "tool": milliseconds')}), {}),
  includeTools: z.optional(strArray('an array of tool names')),
  excludeTools: z._default(strArray('an array of tool names'), []),
  roots: z._default(strArray('an array of directory paths'), []),
  sampling: z._default(flag, false),
  onToolChange: z._default(z.enum(['withhold', 'ask', 'allow'], {error: expected('"withhold", "ask" or "allow"')}), 'withhold'),
  protocol: z._default(protocol, 'auto'),
  deferTools: z.optional(flag),
  start: z._default(start, 'eager'),
  idleStopMs: z.optional(ms),
  maxResultTokens: z.optional(tokens),
};

/** A local server entry as written; unknown keys pass through. */
export const serverSchema = z.looseObject({
  command: z
    .string({error: expected('a string', undefined, 'is required: the program that starts the server, e.g. "npx" or "node"')})
    .check(z.refine(noNul, NUL), z.refine((s) => s.trim() !== '', {error: 'must not be empty: the program that starts the server, e.g. "npx"'})),
  args: z._default(strArray('an array of strings'), []),
  env: z._default(z.record(z.string(), str('a string (quote numbers and booleans, e.g. "3000")'), {error: expected('an object of "NAME": "value" strings')}), {}),
  cwd: z.optional(str('a directory path')),
  ...common,
});

/** A remote server entry as written: `url` instead of `command`. */
export const httpServerSchema = z.looseObject({
  url: z
    .string({error: expected('a string', undefined, 'is required: the server\'s MCP endpoint, e.g. "https://example.com/mcp"')})
    .check(z.refine(noNul, NUL), z.refine((s) => s.trim() !== '', {error: 'must not be empty: the server\'s MCP endpoint, e.g. "https://example.com/mcp"'})),
  headers: z._default(z.record(z.string(), str('a string (quote numbers, e.g. "3000")'), {error: expected('an object of "Header-Name": "value" strings')}), {}),
  oauth: z.optional(
    z.strictObject(
      {
        clientId: z.optional(str('a string (the client id registered with the authorization server)')),
        clientSecret: z.optional(str('a string (use "${VAR}" to keep it out of the file)')),
        clientMetadataUrl: z.optional(str('an https URL of a Client ID Metadata Document')),
        scopes: z.optional(strArray('an array of scope names')),
        callbackPort: z.optional(
          z.number({error: expected('a port number from 1 to 65535', quoted)}).check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= 65535, {error: 'expected a port number from 1 to 65535'})),
        ),
      },
      {error: (iss) => (iss.code === 'unrecognized_keys' ? `unknown key; "oauth" takes clientId, clientSecret, clientMetadataUrl, scopes and callbackPort` : expected('an object like {"clientId": "…"}')(iss))},
    ),
  ),
  ...common,
});

/** What the schema yields before variables are expanded and paths resolved. */
export type RawServer = z.output<typeof serverSchema>;
/** A remote entry before variables are expanded. */
export type RawHttpServer = z.output<typeof httpServerSchema>;
