// The checks of one server entry. Every message names the expected shape
// and, where a common slip explains it, the fix; the loader adds file and path.
// Our own small combinators (checks.ts), not zod: zod/mini still cost ~13 ms
// of CPU before the first server could start (BENCHMARKS.md §10, h24b).
import {arrayOf, isBoolean, isNumber, isString, kind, objectOf, oneOf, optional, recordOf, stringIn, withDefault, type Message, type Output} from './checks.js';
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

function expected(what: string, hint?: (input: unknown) => string | undefined, required?: string): Message {
  return (input) => {
    if (input === undefined) return required ?? 'is required';
    const extra = hint?.(input);
    return `expected ${what}, got ${kindOf(input)}${extra ? ` (${extra})` : ''}`;
  };
}

const noNul = (s: string): boolean => !s.includes('\0');
const NUL = 'must not contain a NUL character';
const quoted = (input: unknown): string | undefined => (typeof input === 'string' ? 'remove the quotes' : undefined);
const wholeIn = (lo: number, hi: number) => (n: number): boolean => Number.isInteger(n) && n >= lo && n <= hi;

const str = (what = 'a string') => kind(isString, expected(what), [noNul, NUL]);
const strArray = (what: string) => arrayOf(str(), expected(what, (x) => (typeof x === 'string' ? `write ["${x.length > 20 ? '…' : x}"]` : undefined)));
const flag = kind(isBoolean, expected('true or false', quoted));
const MS_HELP = `a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`;
const ms = kind(isNumber, expected(MS_HELP, quoted), [wholeIn(1, MAX_TIMEOUT_MS), `expected ${MS_HELP}`]);

const protocolHelp = `"auto" (detect, the default), "legacy" (the initialize handshake) or a version breakerbox speaks: ${spokenVersions()}`;
const protocol = stringIn<ProtocolSetting>(PROTOCOL_SETTINGS, expected(protocolHelp), (input) => `${JSON.stringify(input)} is not ${protocolHelp}`);
const START_HELP = '"eager" (start with breakerbox, the default) or "lazy" (start at the first call of one of its tools)';
const start = stringIn<'eager' | 'lazy'>(['eager', 'lazy'], expected(START_HELP), (input) => `${JSON.stringify(input)} is not ${START_HELP}`);
const TOKENS_HELP = `a whole number of tokens from 100 to ${MAX_RESULT_TOKENS}`;
const tokens = kind(isNumber, expected(TOKENS_HELP, quoted), [wholeIn(100, MAX_RESULT_TOKENS), `expected ${TOKENS_HELP}`]);
const PORT_HELP = 'a port number from 1 to 65535';
const port = kind(isNumber, expected(PORT_HELP, quoted), [wholeIn(1, 65535), `expected ${PORT_HELP}`]);

/** Keys every server has, local or remote. */
const common = {
  disabled: withDefault(flag, () => false),
  trusted: withDefault(flag, () => false),
  autoApprove: withDefault(strArray('an array of tool names'), () => []),
  startupTimeoutMs: withDefault(ms, () => SERVER_DEFAULTS.startupTimeoutMs),
  installTimeoutMs: withDefault(ms, () => SERVER_DEFAULTS.installTimeoutMs),
  callTimeoutMs: withDefault(ms, () => SERVER_DEFAULTS.callTimeoutMs),
  toolTimeouts: withDefault(recordOf(ms, expected('an object of "tool": milliseconds')), () => ({})),
  includeTools: optional(strArray('an array of tool names')),
  excludeTools: withDefault(strArray('an array of tool names'), () => []),
  roots: withDefault(strArray('an array of directory paths'), () => []),
  sampling: withDefault(flag, () => false),
  onToolChange: withDefault(oneOf(['withhold', 'ask', 'allow'] as const, expected('"withhold", "ask" or "allow"')), () => 'withhold' as const),
  protocol: withDefault(protocol, () => 'auto' as const),
  deferTools: optional(flag),
  start: withDefault(start, () => 'eager' as const),
  idleStopMs: optional(ms),
  maxResultTokens: optional(tokens),
};

const required = (what: string) => expected('a string', undefined, `is required: ${what}`);
const nonBlank = (what: string): [(s: string) => boolean, string] => [(s) => s.trim() !== '', `must not be empty: ${what}`];

/** A local server entry as written; unknown keys are the caller's. */
export const serverSchema = objectOf(
  {
    command: kind(isString, required('the program that starts the server, e.g. "npx" or "node"'), [noNul, NUL], nonBlank('the program that starts the server, e.g. "npx"')),
    args: withDefault(strArray('an array of strings'), () => []),
    env: withDefault(recordOf(str('a string (quote numbers and booleans, e.g. "3000")'), expected('an object of "NAME": "value" strings')), () => ({})),
    cwd: optional(str('a directory path')),
    ...common,
  },
  expected('an object'),
);

const OAUTH_KEYS = 'unknown key; "oauth" takes clientId, clientSecret, clientMetadataUrl, scopes and callbackPort';

/** A remote server entry as written: `url` instead of `command`. */
export const httpServerSchema = objectOf(
  {
    url: kind(isString, required('the server\'s MCP endpoint, e.g. "https://example.com/mcp"'), [noNul, NUL], nonBlank('the server\'s MCP endpoint, e.g. "https://example.com/mcp"')),
    headers: withDefault(recordOf(str('a string (quote numbers, e.g. "3000")'), expected('an object of "Header-Name": "value" strings')), () => ({})),
    oauth: optional(
      objectOf(
        {
          clientId: optional(str('a string (the client id registered with the authorization server)')),
          clientSecret: optional(str('a string (use "${VAR}" to keep it out of the file)')),
          clientMetadataUrl: optional(str('an https URL of a Client ID Metadata Document')),
          scopes: optional(strArray('an array of scope names')),
          callbackPort: optional(port),
        },
        expected('an object like {"clientId": "…"}'),
        OAUTH_KEYS,
      ),
    ),
    ...common,
  },
  expected('an object'),
);

/** What the checks yield before variables are expanded and paths resolved. */
export type RawServer = Output<typeof serverSchema>;
/** A remote entry before variables are expanded. */
export type RawHttpServer = Output<typeof httpServerSchema>;
