// Keys other clients write in a server entry that breakerbox spells
// differently, or measures in other units. One table for `breakerbox import`
// (which converts them) and for the config loader (which can point a pasted
// key at its breakerbox equivalent). Keys breakerbox shares with them
// (`command`, `args`, `env`, `cwd`, `headers`, `disabled`, `autoApprove`,
// `includeTools`, `excludeTools`) are not listed.
import type {ClientId} from './other-clients.js';

/** One key as another client writes it, and what breakerbox makes of it. */
export interface KeyVariant {
  key: string;
  /** The clients that write it with this meaning. */
  clients: readonly ClientId[];
  /** breakerbox's key for the same thing; absent when breakerbox has none. */
  breakerboxKey?: string;
  /** The unit the other client means (timeouts). */
  unit?: 'ms' | 's';
  /** The value in breakerbox's terms, or undefined when this value cannot be converted. */
  convert?: (value: unknown) => unknown;
  /** One line for the user: the equivalent, or why there is none. */
  note: string;
}

const MAX_MS = 2_147_483_647;
const wholeMs = (factor: number) => (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return undefined;
  const ms = Math.round(n * factor);
  return ms >= 1 && ms <= MAX_MS ? ms : undefined;
};
const same = (value: unknown): unknown => value;
const strings = (value: unknown): string[] | undefined => (Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined);
const ref = (name: string): string => `\${${name}}`;
const isVarName = (v: unknown): v is string => typeof v === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(v);

/** The table. Order matters only for display. */
export const KEY_VARIANTS: readonly KeyVariant[] = [
  {key: 'timeout', clients: ['claude-code', 'gemini'], breakerboxKey: 'callTimeoutMs', unit: 'ms', convert: wholeMs(1), note: 'milliseconds per call: write "callTimeoutMs"'},
  {key: 'timeout', clients: ['cline'], breakerboxKey: 'callTimeoutMs', unit: 's', convert: wholeMs(1000), note: 'seconds per call: write "callTimeoutMs" in milliseconds (× 1000)'},
  {key: 'startup_timeout_sec', clients: ['codex'], breakerboxKey: 'startupTimeoutMs', unit: 's', convert: wholeMs(1000), note: 'seconds: write "startupTimeoutMs" in milliseconds (× 1000)'},
  {key: 'startup_timeout_ms', clients: ['codex'], breakerboxKey: 'startupTimeoutMs', unit: 'ms', convert: wholeMs(1), note: 'milliseconds: write "startupTimeoutMs"'},
  {key: 'tool_timeout_sec', clients: ['codex'], breakerboxKey: 'callTimeoutMs', unit: 's', convert: wholeMs(1000), note: 'seconds: write "callTimeoutMs" in milliseconds (× 1000)'},
  {key: 'alwaysAllow', clients: ['cline'], breakerboxKey: 'autoApprove', convert: strings, note: 'tools that run without asking: write "autoApprove"'},
  {key: 'enabled', clients: ['codex'], breakerboxKey: 'disabled', convert: (v) => (typeof v === 'boolean' ? !v : undefined), note: 'the opposite of "disabled": "enabled": false is "disabled": true'},
  {key: 'enabled_tools', clients: ['codex'], breakerboxKey: 'includeTools', convert: strings, note: 'write "includeTools"'},
  {key: 'disabled_tools', clients: ['codex'], breakerboxKey: 'excludeTools', convert: strings, note: 'write "excludeTools"'},
  {key: 'disabledTools', clients: ['windsurf'], breakerboxKey: 'excludeTools', convert: strings, note: 'write "excludeTools"'},
  {key: 'httpUrl', clients: ['gemini'], breakerboxKey: 'url', convert: same, note: 'a Streamable HTTP server: write "url" with "type": "http"'},
  {key: 'serverUrl', clients: ['windsurf'], breakerboxKey: 'url', convert: same, note: 'a remote server: write "url" with "type": "http"'},
  {key: 'url', clients: ['gemini'], breakerboxKey: 'url', convert: same, note: 'Gemini CLI\'s "url" is the older HTTP+SSE transport: add "type": "sse"'},
  {key: 'transportType', clients: ['cline'], breakerboxKey: 'type', convert: (v) => transportType(v), note: 'write "type" ("stdio", "http" or "sse")'},
  {key: 'http_headers', clients: ['codex'], breakerboxKey: 'headers', convert: same, note: 'write "headers"'},
  {
    key: 'env_http_headers',
    clients: ['codex'],
    breakerboxKey: 'headers',
    convert: (v) => mapValues(v, (name) => (isVarName(name) ? ref(name) : undefined)),
    note: 'headers whose values come from variables: write "headers": {"Name": "${VAR}"}',
  },
  {key: 'bearer_token_env_var', clients: ['codex'], breakerboxKey: 'headers', convert: (v) => (isVarName(v) ? {Authorization: `Bearer ${ref(v)}`} : undefined), note: 'write "headers": {"Authorization": "Bearer ${VAR}"}'},
  {key: 'env_vars', clients: ['codex'], breakerboxKey: 'env', convert: (v) => (Array.isArray(v) && v.every(isVarName) ? Object.fromEntries(v.map((n) => [n, ref(n)])) : undefined), note: 'variables passed through: write "env": {"NAME": "${NAME}"}'},
  {key: 'trust', clients: ['gemini'], note: 'breakerbox never skips every confirmation of a server: list its tools in "autoApprove" ("trusted" only makes its read-only annotations believed)'},
  {key: 'envFile', clients: ['vscode', 'cursor'], note: 'breakerbox reads no .env files: export the variables and write "env": {"NAME": "${NAME}"}'},
  {key: 'description', clients: ['gemini'], note: 'breakerbox shows what the server says about itself'},
  {key: 'oauth', clients: ['gemini'], note: 'sign-in settings are not imported; breakerbox asks the server how to authorize'},
  {key: 'authProviderType', clients: ['gemini'], note: 'sign-in settings are not imported'},
  {key: 'trust_level', clients: ['codex'], note: 'no equivalent'},
];

/** The transport names other clients write, in breakerbox's words. */
export function transportType(value: unknown): 'stdio' | 'http' | 'sse' | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.toLowerCase().replace(/[_-]/g, '');
  if (v === 'stdio') return 'stdio';
  if (v === 'http' || v === 'streamablehttp') return 'http';
  if (v === 'sse') return 'sse';
  return undefined;
}

/** What `key` means in other clients' configs (several rows when clients disagree, e.g. `timeout`). */
export function otherClientKey(key: string, client?: ClientId): KeyVariant[] {
  return KEY_VARIANTS.filter((v) => v.key === key && (client === undefined || v.clients.includes(client)));
}

function mapValues(value: unknown, f: (v: unknown) => string | undefined): Record<string, string> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    const mapped = f(v);
    if (mapped === undefined) return undefined;
    out[k] = mapped;
  }
  return out;
}
