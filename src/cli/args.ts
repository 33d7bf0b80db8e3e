import {parseArgs} from 'node:util';
import type {ProviderName} from '../agent/model.js';

/** Which thing the app does this run. */
export type Mode = 'tui' | 'print' | 'list-tools' | 'self-check' | 'sessions' | 'help' | 'version';

/** The command line, parsed and checked. */
export interface CliOptions {
  mode: Mode;
  question?: string;
  json: boolean;
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
  resultCap?: number;
}

/** The most model requests one turn may make: a bound a person can mean, not a typo's 10^20. */
export const MAX_STEPS = 1000;
/** The most characters of one result sent to the model (about 10 MB). */
export const MAX_RESULT_CAP = 10_000_000;

/** Options that take one value: giving one twice is a mistake, not "the last one wins". */
const SINGLE_VALUED = ['print', 'max-steps', 'model', 'provider', 'script', 'config', 'result-cap'] as const;

/** Wrong flags: the app prints the message and exits 2. */
export class UsageError extends Error {
  readonly code = 'usage';
}

export const HELP = `breakerbox — a terminal MCP client: many servers, one tool table.

Usage:
  breakerbox [options]                 open the terminal UI
  breakerbox --print "question"        run one turn without the UI
  breakerbox --list-tools [--json]     discover every server, print the tool table
  breakerbox --self-check              prove the client's behaviour against bundled servers
  breakerbox --sessions [--json]       list saved sessions
  breakerbox <command> [args]          an action (see Commands below)
  breakerbox import [--from CLIENT] [--dry-run] [--all | --only A,B]
                                       bring servers from Claude, Cursor, VS Code, Codex, Gemini…
  breakerbox add <alias> -- <command> [args…]
  breakerbox add <alias> --url <url> [--header NAME=VALUE]
  breakerbox remove <alias>            edit mcp.config.json in place
  breakerbox login <alias>             log in to a remote server (OAuth; opens the browser)
  breakerbox logout <alias>            revoke and forget a remote server's login

Options:
  --config PATH      server config (default: ./mcp.config.json)
  --json             machine-readable output (--print, --list-tools, --sessions)
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
  --debug            write every JSON-RPC message to a trace file
  -h, --help         this help
  -v, --version      the version
`;

/** Parses argv (without node and the script). */
export function parseCli(argv: string[]): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      tokens: true,
      options: {
        print: {type: 'string', short: 'p'},
        'list-tools': {type: 'boolean'},
        'self-check': {type: 'boolean'},
        sessions: {type: 'boolean'},
        json: {type: 'boolean'},
        yes: {type: 'boolean', short: 'y'},
        allow: {type: 'string', multiple: true},
        'max-steps': {type: 'string'},
        model: {type: 'string'},
        provider: {type: 'string'},
        script: {type: 'string'},
        config: {type: 'string', short: 'c'},
        resume: {type: 'boolean'},
        debug: {type: 'boolean'},
        'result-cap': {type: 'string'},
        help: {type: 'boolean', short: 'h'},
        version: {type: 'boolean', short: 'v'},
      },
    });
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\nRun breakerbox --help for the options.`);
  }
  for (const name of SINGLE_VALUED) {
    const given = parsed.tokens.filter((t) => t.kind === 'option' && t.name === name);
    if (given.length > 1) throw new UsageError(`--${name} was given ${given.length} times (${given.map((t) => JSON.stringify((t as {value?: string}).value ?? '')).join(', ')}); give it once`);
  }
  const v = parsed.values;
  const positionals = [...parsed.positionals];
  // `--resume ID`: parseArgs has no optional values, so the id arrives as a positional.
  const resume = v.resume ? (positionals.length ? positionals.shift()! : true) : undefined;
  if (positionals.length) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}; a question goes after --print`);
  const modes = (['print', 'list-tools', 'self-check', 'sessions'] as const).filter((m) => v[m] !== undefined && v[m] !== false);
  if (modes.length > 1) throw new UsageError(`--${modes[0]} and --${modes[1]} cannot be used together`);
  const mode: Mode = v.help ? 'help' : v.version ? 'version' : (modes[0] ?? 'tui');
  if (mode === 'print' && !v.print?.trim()) throw new UsageError('--print needs a question, e.g. breakerbox --print "what notes mention pagination?"');
  return {
    mode,
    question: v.print,
    json: v.json ?? false,
    yes: v.yes ?? false,
    allow: v.allow ?? [],
    maxSteps: boundedInt(v['max-steps'], '--max-steps', 10, MAX_STEPS),
    model: v.model,
    provider: provider(v.provider),
    script: v.script,
    config: v.config ?? 'mcp.config.json',
    resume,
    debug: v.debug ?? false,
    resultCap: v['result-cap'] === undefined ? undefined : boundedInt(v['result-cap'], '--result-cap', 100_000, MAX_RESULT_CAP),
  };
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
