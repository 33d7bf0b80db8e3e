import type {ProviderName} from '../agent/model.js';
import type {ToolSearchMode} from '../agent/tool-search/settings.js';
import {FlagError, parseFlags, type FlagSpec} from './flags.js';

/** Which thing the app does this run. */
export type Mode = 'tui' | 'print' | 'list-tools' | 'list-resources' | 'list-prompts' | 'self-check' | 'sessions' | 'help' | 'version';

/** The command line, parsed and checked. */
export interface CliOptions {
  mode: Mode;
  question?: string;
  json: boolean;
  /** How `--print` writes the answer: as the model wrote it, or rendered. */
  format?: 'raw' | 'pretty';
  yes: boolean;
  allow: string[];
  maxSteps: number;
  model?: string;
  /** `--provider`: which model API; chosen from the keys that are set when absent. */
  provider?: ProviderName;
  script?: string;
  config: string;
  resume?: string | true;
  debug: boolean;
  /** `--lazy`: every server waits for its first call while its cached tools can be offered. */
  lazy?: boolean;
  resultCap?: number;
  /** `--tool-search`: defer tools behind search always, never, or past the threshold. */
  toolSearch?: ToolSearchMode;
  /** `--tool-search-threshold`: tokens past which `auto` defers (default 10% of the context window). */
  toolSearchThreshold?: number;
  /** `--result-tokens`: token budget of one result (default 25000; a server's maxResultTokens wins). */
  resultTokens?: number;
}

/** The most model requests one turn may make: a bound a person can mean, not a typo's 10^20. */
export const MAX_STEPS = 1000;
/** The most characters of one result sent to the model (about 10 MB). */
export const MAX_RESULT_CAP = 10_000_000;

/** Options that take one value: giving one twice is a mistake, not "the last one wins". */
const SINGLE_VALUED = ['print', 'format', 'max-steps', 'model', 'provider', 'script', 'config', 'result-cap', 'tool-search', 'tool-search-threshold', 'result-tokens'] as const;

/** Wrong flags: the app prints the message and exits 2. */
export class UsageError extends Error {
  readonly code = 'usage';
}

export const HELP = `breakerbox — a terminal MCP client: many servers, one tool table.

Usage:
  breakerbox [options]                 open the terminal UI
  breakerbox --print "question"        run one turn without the UI
  breakerbox --list-tools [--json]     discover every server, print the tool table
  breakerbox --list-resources [--json] every server's resources and resource templates
  breakerbox --list-prompts [--json]   every server's prompts (slash commands in the UI)
  breakerbox --self-check              prove the client's behaviour against bundled servers
  breakerbox --sessions [--json]       list saved sessions
  breakerbox <command> [args]          an action (see Commands below)
  breakerbox --export ID [file]        the export command (below), spelt as a flag
  breakerbox import [--from CLIENT] [--dry-run] [--all | --only A,B]
                                       bring servers from Claude, Cursor, VS Code, Codex, Gemini…
  breakerbox add <alias> -- <command> [args…]
  breakerbox add <alias> --url <url> [--header NAME=VALUE]
  breakerbox remove <alias>            edit mcp.config.json in place
  breakerbox call <mcp__alias__tool | alias/tool> ['{"json":"args"}'] [--json] [--yes]
                                       call one tool by hand (starts only its server)
  breakerbox login <alias>             log in to a remote server (OAuth; opens the browser)
  breakerbox logout <alias>            revoke and forget a remote server's login

Options:
  --config PATH      server config (default: ./mcp.config.json)
  --json             machine-readable output (--print, --list-tools, --list-resources, --list-prompts, --sessions)
  --format F         --print's answer: raw (the model's markdown, default) or pretty (rendered)
  --yes              run every tool call without asking
  --allow PATTERN    run matching tools without asking (repeatable; e.g. 'mcp__notes__*')
  --max-steps N      model requests per user turn (default 10, at most ${MAX_STEPS})
  --provider P       anthropic, openai (any Chat Completions API) or offline
                     (default: anthropic with ANTHROPIC_API_KEY, else openai with
                     OPENAI_API_KEY, else offline; OPENAI_BASE_URL picks the server)
  --model M          model id, or "scripted" for the offline model
  --script FILE      replay a scripted conversation (offline)
  --resume [ID]      continue a saved session (default: the latest)
  --result-cap N     characters of one tool result sent to the model (default 100000, at most ${MAX_RESULT_CAP})
  --result-tokens N  token budget of one tool result (default 25000; per server: "maxResultTokens")
  --tool-search M    auto (default), on or off: defer tools behind a search tool when the
                     tool table is large (per server: "deferTools": true|false)
  --tool-search-threshold N
                     tokens past which auto defers (default 10% of the model's context)
  --lazy             start each server at the first call of one of its tools, offering its
                     cached tools meanwhile (per server: "start": "lazy"; no cache: starts at once)
  --debug            write every JSON-RPC message to a trace file
  -h, --help         this help
  -v, --version      the version
`;

/** Every flag of a mode (the subcommands parse their own). */
const FLAGS = {
  print: {type: 'string', short: 'p'},
  'list-tools': {type: 'boolean'},
  'list-resources': {type: 'boolean'},
  'list-prompts': {type: 'boolean'},
  'self-check': {type: 'boolean'},
  sessions: {type: 'boolean'},
  json: {type: 'boolean'},
  format: {type: 'string'},
  yes: {type: 'boolean', short: 'y'},
  allow: {type: 'string', multiple: true},
  'max-steps': {type: 'string'},
  model: {type: 'string'},
  provider: {type: 'string'},
  script: {type: 'string'},
  config: {type: 'string', short: 'c'},
  resume: {type: 'boolean'},
  debug: {type: 'boolean'},
  lazy: {type: 'boolean'},
  'result-cap': {type: 'string'},
  'result-tokens': {type: 'string'},
  'tool-search': {type: 'string'},
  'tool-search-threshold': {type: 'string'},
  help: {type: 'boolean', short: 'h'},
  version: {type: 'boolean', short: 'v'},
} as const satisfies Readonly<Record<string, FlagSpec>>;

/** Parses argv (without node and the script). */
export function parseCli(argv: string[]): CliOptions {
  let parsed;
  try {
    parsed = parseFlags(argv, FLAGS);
  } catch (err) {
    if (!(err instanceof FlagError)) throw err;
    throw new UsageError(`${err.message}\nRun breakerbox --help for the options.`);
  }
  for (const name of SINGLE_VALUED) {
    const given = parsed.given.filter((t) => t.name === name);
    if (given.length > 1) throw new UsageError(`--${name} was given ${given.length} times (${given.map((t) => JSON.stringify(t.value ?? '')).join(', ')}); give it once`);
  }
  const v = parsed.values;
  const positionals = [...parsed.positionals];
  // `--resume ID`: a flag has no optional value, so the id arrives as a positional.
  const resume = v.resume ? (positionals.length ? positionals.shift()! : true) : undefined;
  if (positionals.length) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}; a question goes after --print`);
  const modes = (['print', 'list-tools', 'list-resources', 'list-prompts', 'self-check', 'sessions'] as const).filter((m) => v[m] !== undefined);
  if (modes.length > 1) throw new UsageError(`--${modes[0]} and --${modes[1]} cannot be used together`);
  const mode: Mode = v.help ? 'help' : v.version ? 'version' : (modes[0] ?? 'tui');
  if (mode === 'print' && !v.print?.trim()) throw new UsageError('--print needs a question, e.g. breakerbox --print "what notes mention pagination?"');
  const format = v.format ?? 'raw';
  if (format !== 'raw' && format !== 'pretty') throw new UsageError(`--format takes raw or pretty, got ${JSON.stringify(format)}`);
  if (v.format !== undefined && mode !== 'print') throw new UsageError('--format goes with --print');
  if (format === 'pretty' && v.json) throw new UsageError('--format pretty and --json cannot be used together');
  return {
    mode,
    question: v.print,
    json: v.json ?? false,
    format,
    yes: v.yes ?? false,
    allow: v.allow ?? [],
    maxSteps: boundedInt(v['max-steps'], '--max-steps', 10, MAX_STEPS),
    model: v.model,
    provider: provider(v.provider),
    script: v.script,
    config: v.config ?? 'mcp.config.json',
    resume,
    debug: v.debug ?? false,
    ...(v.lazy ? {lazy: true} : {}),
    resultCap: v['result-cap'] === undefined ? undefined : boundedInt(v['result-cap'], '--result-cap', 100_000, MAX_RESULT_CAP),
    toolSearch: toolSearchMode(v['tool-search']),
    ...(v['tool-search-threshold'] === undefined ? {} : {toolSearchThreshold: boundedInt(v['tool-search-threshold'], '--tool-search-threshold', 0, MAX_RESULT_CAP)}),
    ...(v['result-tokens'] === undefined ? {} : {resultTokens: boundedInt(v['result-tokens'], '--result-tokens', 0, MAX_RESULT_CAP)}),
  };
}

function toolSearchMode(value: string | undefined): ToolSearchMode {
  if (value === undefined) return 'auto';
  if (value === 'on' || value === 'off' || value === 'auto') return value;
  throw new UsageError(`--tool-search ${JSON.stringify(value)}: use auto (defer tools past the threshold), on (always) or off (never)`);
}

function provider(value: string | undefined): ProviderName | undefined {
  if (value === undefined) return undefined;
  if (value === 'anthropic' || value === 'openai' || value === 'offline') return value;
  throw new UsageError(`--provider ${JSON.stringify(value)}: use anthropic, openai (any Chat Completions API: OpenAI, Ollama, vLLM, LM Studio, gateways) or offline`);
}

// Digits only: Number() would also take "1e3", "0x10" and " 5", and turn
// "99999999999999999999" into 1e20 (an integer, so it used to pass).
function boundedInt(value: string | undefined, flag: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const n = /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1 && n <= max)) throw new UsageError(`${flag} needs a whole number from 1 to ${max}, got ${JSON.stringify(value)}`);
  return n;
}
