// `breakerbox call <model-name|alias/tool> ['{"json":"args"}']`: one tool
// call by hand, for scripts and CI. Starts only the server it needs, makes
// the call through the hub (the same path as the model's calls), prints the
// result and exits with a code a script can branch on.
import {loadConfig, type Config} from '../../config/index.js';
import {argumentProblem} from '../../hub/input-check.js';
import {Hub} from '../../hub/hub.js';
import type {CatalogEntry, HubCallResult} from '../../hub/types.js';
import {resultText} from '../../hub/content/index.js';
import {stripControl, stripControlLine} from '../../util/sanitize.js';
import {UsageError} from '../args.js';
import {jsonForTerminal} from '../json-out.js';
import {configFeatures, hubServers, logDir, pinStore} from '../setup.js';
import type {CliIo} from './io.js';
import {configTarget, fail, guarded, parseFlags} from './kit.js';

export const CALL_USAGE = `Usage: breakerbox call <mcp__alias__tool | alias/tool> ['{"json":"arguments"}'] [--json] [--yes] [--timeout MS] [--no-check] [--config PATH]
Exit codes: 0 ok, 1 the tool reported an error (isError), 2 bad usage or unknown tool,
            3 protocol error, 4 server unavailable, 5 timeout`;

/** Exit codes of `breakerbox call`. */
export const EXIT = {ok: 0, toolError: 1, usage: 2, protocol: 3, unavailable: 4, timeout: 5, interrupted: 130} as const;

/** Runs `breakerbox call`. */
export function run(argv: string[], io: CliIo): Promise<number> {
  return guarded(io, async () => {
    const {values: v, positionals} = parseFlags(argv, {json: {type: 'boolean'}, yes: {type: 'boolean', short: 'y'}, timeout: {type: 'string'}, 'no-check': {type: 'boolean'}}, CALL_USAGE);
    if (v.help) {
      io.stdout.write(`${CALL_USAGE}\n`);
      return 0;
    }
    const [target, argText, ...extra] = positionals;
    if (target === undefined) throw new UsageError(`call needs a tool\n${CALL_USAGE}`);
    if (extra.length) throw new UsageError(`unexpected argument ${JSON.stringify(extra[0])}; the arguments are one JSON object in quotes, e.g. '{"query":"pagination"}'`);
    const args = parseArguments(argText);
    const timeoutMs = v.timeout === undefined ? undefined : positiveMs(v.timeout);
    const config = loadConfig(configTarget(io, v.config).path, io.env);
    const alias = aliasOf(target, config);
    return callOne({io, config, alias, target, args, timeoutMs, json: v.json ?? false, yes: v.yes ?? false, check: !v['no-check']});
  });
}

interface CallPlan {
  io: CliIo;
  config: Config;
  alias: string;
  target: string;
  args: Record<string, unknown>;
  timeoutMs?: number;
  json: boolean;
  yes: boolean;
  check: boolean;
}

async function callOne(p: CallPlan): Promise<number> {
  const server = p.config.servers.find((s) => s.alias === p.alias)!;
  if (server.disabled) return fail(p.io, `the server ${p.alias} is disabled in ${p.config.path}`, EXIT.unavailable);
  const servers = hubServers(p.config, p.io.env).filter((s) => s.alias === p.alias);
  // The pins the app keeps: a tool changed since it was pinned is held back here too.
  const pins = pinStore(p.config, p.io.env, undefined, servers);
  const hub = new Hub({servers, pins, features: () => configFeatures(server), logDir: logDir(p.io.env, p.config.path)});
  const abort = new AbortController();
  const interrupt = () => abort.abort('interrupted (Ctrl-C)');
  process.on('SIGINT', interrupt);
  try {
    await hub.start();
    const status = hub.statuses()[0]!;
    if (status.state !== 'online') return fail(p.io, `the server ${p.alias} is unavailable: ${status.phase ?? 'startup'} failed: ${stripControlLine(status.reason ?? 'unknown reason')}`, EXIT.unavailable);
    const entry = findEntry(hub.catalog.entries, p.target, p.alias);
    if (!entry) return fail(p.io, unknownTool(hub, p.target, p.alias), EXIT.usage);
    const untrusted = pinRefusal(entry);
    if (untrusted) return fail(p.io, untrusted, EXIT.usage);
    if (entry.annotations?.destructiveHint === true && !p.yes) {
      return fail(p.io, `${entry.name} claims destructiveHint (it may delete or overwrite); add --yes to run it`, EXIT.usage);
    }
    const problem = p.check ? argumentProblem(entry.inputSchema, p.args) : undefined;
    if (problem) return fail(p.io, `the arguments do not match the input schema of ${entry.name}: ${problem} (--no-check sends them anyway)`, EXIT.usage);
    if (abort.signal.aborted) return EXIT.interrupted;
    const result = await hub.call(entry.name, p.args, {signal: abort.signal, timeoutMs: p.timeoutMs});
    report(p, entry, result);
    return exitCode(result);
  } finally {
    process.off('SIGINT', interrupt);
    await hub.close();
  }
}

/** What a script reads from the result: the code says which kind of failure. */
export function exitCode(result: HubCallResult): number {
  switch (result.failure) {
    case undefined:
      return result.isError ? EXIT.toolError : EXIT.ok;
    case 'timeout':
      return EXIT.timeout;
    case 'protocol':
    case 'input-rounds':
      return EXIT.protocol;
    case 'offline':
    case 'exited':
    case 'circuit-open':
      return EXIT.unavailable;
    case 'unknown-tool':
      return EXIT.usage;
    case 'aborted':
      return EXIT.interrupted;
    default:
      // Output that breaks its outputSchema, and anything else the hub turned into an error result.
      return EXIT.toolError;
  }
}

function report(p: CallPlan, entry: CatalogEntry, r: HubCallResult): void {
  if (p.json) {
    const out = {
      name: entry.name,
      server: entry.alias,
      tool: entry.tool,
      arguments: p.args,
      isError: r.isError === true,
      failure: r.failure ?? null,
      protocolError: r.protocolError ?? null,
      durationMs: r.durationMs,
      text: resultText(r),
      content: r.content,
      structuredContent: r.structuredContent ?? null,
      warnings: r.warnings ?? [],
    };
    p.io.stdout.write(jsonForTerminal(out, 2) + '\n');
    return;
  }
  const text = stripControl(resultText(r));
  const how = r.failure === undefined ? (r.isError ? 'tool error' : 'ok') : r.failure === 'protocol' ? 'protocol error' : r.failure;
  p.io.stderr.write(`• ${entry.name} → ${entry.alias} / ${stripControlLine(entry.tool)}: ${how} in ${r.durationMs} ms\n`);
  for (const w of r.warnings ?? []) p.io.stderr.write(`• warning: ${stripControlLine(w)}\n`);
  // The server's own words go to stdout; breakerbox's reasons (timeouts, protocol errors) to stderr.
  if (r.failure === undefined || r.failure === 'invalid-output') p.io.stdout.write(text.endsWith('\n') || text === '' ? text : `${text}\n`);
  else p.io.stderr.write(`breakerbox: ${text}\n`);
}

function parseArguments(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`the arguments are not JSON (${(err as Error).message}); give one object in single quotes, e.g. '{"query":"pagination"}'`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError(`the arguments must be a JSON object, not ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}`);
  return value as Record<string, unknown>;
}

function positiveMs(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 2_147_483_647) throw new UsageError(`--timeout needs milliseconds (a whole number from 1), got ${JSON.stringify(text)}`);
  return Number(text);
}

/**
 * The server a name belongs to, from the config alone (so only that server
 * starts): `alias/tool`, or `mcp__<alias>__…`, where aliases never contain
 * `__` and so the first `__` after `mcp__` ends the alias.
 */
function aliasOf(target: string, config: Config): string {
  const aliases = config.servers.map((s) => s.alias);
  const known = (a: string) => (aliases.includes(a) ? a : undefined);
  const listed = `configured servers: ${aliases.join(', ') || 'none'}`;
  if (target.startsWith('mcp__')) {
    const end = target.indexOf('__', 5);
    const alias = end > 5 ? target.slice(5, end) : '';
    return known(alias) ?? raise(`${JSON.stringify(target)} names no configured server (${listed})`);
  }
  const slash = target.indexOf('/');
  if (slash > 0) return known(target.slice(0, slash)) ?? raise(`there is no server ${JSON.stringify(target.slice(0, slash))} (${listed})`);
  return raise(`${JSON.stringify(target)} is neither a model name (mcp__<alias>__<tool>) nor alias/tool; ${listed}`);
}

function findEntry(entries: readonly CatalogEntry[], target: string, alias: string): CatalogEntry | undefined {
  if (target.startsWith('mcp__')) return entries.find((e) => e.name === target);
  const tool = target.slice(alias.length + 1);
  return entries.find((e) => e.alias === alias && e.tool === tool);
}

/**
 * Why a tool trust holds back is not called: typing the command approves a
 * call, not a definition you were never shown (as in --print, which cannot ask).
 */
function pinRefusal(entry: CatalogEntry): string | undefined {
  const check = entry.pinCheck;
  if (!check || (check.withheld.length === 0 && !check.mustAsk)) return undefined;
  const why = check.withheld.includes('hidden-characters') && check.state !== 'changed' ? 'its definition contains invisible characters' : 'its definition changed since it was pinned';
  return `${entry.name} was not called: ${why}. Review it with breakerbox audit; accept it with /trust ${entry.name} in the app, or breakerbox pins --write`;
}

function unknownTool(hub: Hub, target: string, alias: string): string {
  const held = findEntry(hub.catalog.withheld ?? [], target, alias);
  if (held) return pinRefusal(held)!;
  const dropped = hub.droppedTools.find((d) => d.alias === alias && (target === `${alias}/${d.tool}` || target.endsWith(`__${d.tool}`)));
  if (dropped) return `${target}: ${alias} lists it, but it cannot be called: ${stripControlLine(dropped.reason)}`;
  const names = hub.catalog.entries.map((e) => e.name);
  return `there is no tool ${JSON.stringify(stripControlLine(target))} on ${alias}; its tools: ${names.join(', ') || 'none'}`;
}

function raise(message: string): never {
  throw new UsageError(message);
}
