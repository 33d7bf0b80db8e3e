// `breakerbox add <alias> -- <command> [args…]` and
// `breakerbox add <alias> --url <url> [--header K=V]`: one new server in
// mcp.config.json, the rest of the file untouched, checked by the startup
// loader before anything is written.
import {ConfigError} from '../../config/index.js';
import {newProblems, writeConfigText} from '../../config/config-file.js';
import {addServerText} from '../../config/edit.js';
import {hasReference} from '../../config/import/references.js';
import {isSecret} from '../../config/import/secrets.js';
import {UsageError} from '../args.js';
import type {CliIo} from './io.js';
import {configTarget, editableConfigText, guarded, parseFlags} from './kit.js';

export const ADD_USAGE = `Usage: breakerbox add <alias> [--env NAME=VALUE]… -- <command> [args…]
       breakerbox add <alias> --url <url> [--header NAME=VALUE]…
       (both take --config PATH)`;

/** Runs `breakerbox add`. */
export function run(argv: string[], io: CliIo): Promise<number> {
  return guarded(io, () => {
    const split = argv.indexOf('--');
    const [mine, command] = split < 0 ? [argv, []] : [argv.slice(0, split), argv.slice(split + 1)];
    const {values: v, positionals} = parseFlags(mine, {env: {type: 'string', multiple: true}, url: {type: 'string'}, header: {type: 'string', multiple: true}, type: {type: 'string'}}, ADD_USAGE);
    if (v.help) {
      io.stdout.write(`${ADD_USAGE}\n`);
      return 0;
    }
    const [alias, ...extra] = positionals;
    if (alias === undefined) throw new UsageError(`add needs an alias\n${ADD_USAGE}`);
    if (extra.length) throw new UsageError(`unexpected argument ${JSON.stringify(extra[0])}; the server's command goes after --, e.g. breakerbox add ${alias} -- npx -y some-server`);
    const entry = buildEntry(v, command);
    const target = configTarget(io, v.config);
    const {text: before} = editableConfigText(target);
    const after = addServerText(before, target.label, alias, entry);
    const problems = newProblems(before, after, target.label);
    if (problems.length) throw new ConfigError(problems);
    for (const w of secretWarnings(entry)) io.stderr.write(`breakerbox: warning: ${w}\n`);
    writeConfigText(target.path, after);
    io.stdout.write(`Added "${alias}" to ${target.label}: ${'url' in entry ? entry.url : [entry.command, ...((entry.args as string[]) ?? [])].join(' ')}\n`);
    return 0;
  });
}

type Flags = {env?: string[]; url?: string; header?: string[]; type?: string};

function buildEntry(v: Flags, command: string[]): Record<string, unknown> {
  if (v.url !== undefined) {
    if (command.length) throw new UsageError('give either --url or a command after --, not both');
    if (v.env?.length) throw new UsageError('--env is for local servers; a remote server takes --header NAME=VALUE');
    const type = v.type ?? 'http';
    // An imported "sse" entry is kept to say why it is offline; one added by hand would never start.
    if (type === 'sse') throw new UsageError('--type sse: breakerbox does not speak the HTTP+SSE transport of 2024-11-05; if the server also offers Streamable HTTP (often at /mcp rather than /sse), add that URL (--type http, the default)');
    if (type !== 'http') throw new UsageError(`--type ${JSON.stringify(type)}: use http (Streamable HTTP, the default)`);
    return {type, url: v.url, ...(v.header?.length ? {headers: pairs(v.header, '--header')} : {})};
  }
  if (v.header?.length || v.type !== undefined) throw new UsageError('--header and --type are for remote servers (--url)');
  if (command.length === 0) throw new UsageError(`add needs a command after -- or a --url\n${ADD_USAGE}`);
  const [program, ...args] = command;
  return {command: program, ...(args.length ? {args} : {}), ...(v.env?.length ? {env: pairs(v.env, '--env')} : {})};
}

function pairs(items: string[], flag: string): Record<string, string> {
  const out = new Map<string, string>();
  // Header names are case-insensitive: X-Key and x-key are one header.
  const same = (name: string) => (flag === '--header' ? name.toLowerCase() : name);
  const seen = new Set<string>();
  for (const item of items) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new UsageError(`${flag} ${JSON.stringify(item)}: write NAME=VALUE`);
    const name = item.slice(0, eq);
    if (seen.has(same(name))) throw new UsageError(`${flag} ${JSON.stringify(name)} is given twice; give each name once`);
    seen.add(same(name));
    out.set(name, item.slice(eq + 1));
  }
  // fromEntries makes every name an own key, "__proto__" included (an assignment would drop it).
  return Object.fromEntries(out);
}

function secretWarnings(entry: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const field of ['env', 'headers'] as const) {
    for (const [name, value] of Object.entries((entry[field] as Record<string, string>) ?? {})) {
      if (!hasReference(value) && isSecret(name, value)) {
        out.push(`${field}.${name} looks like a secret and is now stored in plain text; write "\${${field === 'env' ? name : 'NAME'}}" instead and export the value`);
      }
    }
  }
  return out;
}
