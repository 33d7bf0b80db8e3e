import type {ProtocolSetting} from './protocol.js';

/** How breakerbox reaches a server: a local process, or Streamable HTTP. */
export type TransportType = 'stdio' | 'http';

/** A server's `oauth` block: how breakerbox identifies itself to the server's authorization server. */
export interface OAuthConfig {
  /** A client registered by hand with the authorization server (first choice when set). */
  clientId?: string;
  clientSecret?: string;
  /** An https URL of a Client ID Metadata Document describing breakerbox, used where the server supports them. */
  clientMetadataUrl?: string;
  /** Scopes to ask for on top of what the server asks for. */
  scopes?: string[];
  /** Fixed port of the loopback redirect `http://127.0.0.1:<port>/callback` (default: any free port). */
  callbackPort?: number;
}

/** One configured server with every default applied and every `${VAR}` expanded. */
export type ServerConfig = StdioServerConfig | HttpServerConfig;

/** A server run as a local process, spoken to over stdin/stdout. */
export interface StdioServerConfig extends ServerBase {
  type: 'stdio';
  command: string;
  args: string[];
  /** Only what the config sets (null prototype); see `childEnv` for what the process really gets. */
  env: Record<string, string>;
  /** Absolute; relative paths in the file resolve against the file's directory. */
  cwd?: string;
  url?: undefined;
}

/** A remote server reached over Streamable HTTP at `url`. */
export interface HttpServerConfig extends ServerBase {
  type: 'http';
  /** The MCP endpoint, `http:` or `https:`; may hold credentials, so show it only through `maskUrl`. */
  url: string;
  /** Sent on every request (values expanded); never logged or shown. */
  headers: Record<string, string>;
  /** OAuth client settings, for a server that needs a login. */
  oauth?: OAuthConfig;
  command?: undefined;
}

/** What every server entry has, local or remote. */
export interface ServerBase {
  /** The key under `mcpServers`: the prefix of every model name of this server. */
  alias: string;
  /**
   * Why this one entry cannot start (keys that do not apply to it, a transport
   * breakerbox does not speak); it stays offline with this reason while the
   * other servers run.
   */
  cannotStart?: string;
  /** Problems worth showing beside the server that do not stop it (plain http to another host, a key pasted from another client). */
  warning?: string;
  disabled: boolean;
  /** Whether tool annotations from this server may be believed. */
  trusted: boolean;
  /** Original tool names (as the server lists them) that run without asking. */
  autoApprove: string[];
  /** A silent server must answer within this; the clock restarts on no sign of life. */
  startupTimeoutMs: number;
  /** How long a server that shows signs of life (stderr, CPU, a package manager child) may take to start. */
  installTimeoutMs: number;
  callTimeoutMs: number;
  /** Per original tool name, overrides `callTimeoutMs` (null prototype: safe to index by any tool name). */
  toolTimeouts: Record<string, number>;
  /** When set, only these original tool names are exposed. */
  includeTools?: string[];
  /** Original tool names never exposed (applied after `includeTools`). */
  excludeTools: string[];
  /** Absolute directories offered to the server as roots. */
  roots: string[];
  /** Whether the server may ask us for model completions. */
  sampling: boolean;
  /** A tool whose definition changed since it was pinned: kept from the model until trusted, asked for on every call, or accepted. */
  onToolChange?: 'withhold' | 'ask' | 'allow';
  /** How the protocol era is chosen: detected, legacy, or one pinned version (absent: `auto`). */
  protocol?: ProtocolSetting;
  /** Tool search: true always defers this server's tools, false always sends them; unset follows `--tool-search`. */
  deferTools?: boolean;
  /** Token budget of one result from this server (default DEFAULT_RESULT_TOKENS). */
  maxResultTokens?: number;
  /** Keys we do not know yet, kept untouched for forward compatibility. */
  extra: Record<string, unknown>;
}

/** A loaded config file. */
export interface Config {
  /** Absolute path of the file. */
  path: string;
  /** In file order: everything downstream relies on it for stable names. */
  servers: ServerConfig[];
  /** Unknown top-level keys (e.g. `$schema`), kept untouched. */
  extra: Record<string, unknown>;
}

/** The parsed server, or the problems found in it. */
export type ServerParse = {ok: true; server: ServerConfig} | {ok: false; problems: string[]};

/** Adds `problem` lines under a JSON path; returns the expanded text. */
export type Expander = (value: string, ...path: Array<string | number>) => string;

/** What a finished entry needs besides its own keys: the common part and a way to expand. */
export interface Common {
  base: ServerBase;
  problems: string[];
  expand: Expander;
}
