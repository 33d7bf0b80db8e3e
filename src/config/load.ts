// Reads and validates `mcp.config.json`. Whatever the file holds (nothing,
// an array, random bytes, a 100 MB log), the only exception that leaves this
// module is a ConfigError whose message lists every problem, one per line,
// each starting with the file name and the JSON path.
import {closeSync, fstatSync, openSync, readSync} from 'node:fs';
import {dirname, isAbsolute, resolve} from 'node:path';
import {aliasProblem} from './aliases.js';
import {ConfigError} from './config-error.js';
import {JsonSyntaxError, scanJson, type DuplicateKey} from './json-scan.js';
import {formatPath} from './path.js';
import {kindOf} from './schema.js';
import {parseServer, unstartable} from './server.js';
import {suggestKey} from './suggest.js';
import type {Config, ServerConfig} from './types.js';

/** Larger files are refused before reading: no real config comes close. */
export const MAX_CONFIG_BYTES = 4 * 1024 * 1024;

/** An offline reason names at most this many problems of its entry. */
const MAX_REASON_PROBLEMS = 5;

const EXAMPLE = '{"mcpServers": {"notes": {"command": "npx", "args": ["-y", "some-mcp-server"]}}}';

/** Reads, validates and expands the config at `path`; throws ConfigError and nothing else. */
export function loadConfig(path: string, env: NodeJS.ProcessEnv): Config {
  let text: string;
  try {
    text = readBounded(path);
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    const code = (err as {code?: string}).code;
    if (code === 'ENOENT') throw new ConfigError(missingFile(path));
    const why = code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'is a directory' : (err as Error).message;
    throw new ConfigError(`${path}: cannot read the config file: ${why}`);
  }
  return parseConfig(text, path, env);
}

/** Where breakerbox looked, and the ways to point it at a config or make one. */
function missingFile(path: string): string[] {
  const abs = resolve(path);
  const where = isAbsolute(path) ? abs : `${abs} (${path} in the current directory, ${process.cwd()})`;
  return [
    `${path}: cannot read the config file: no such file; looked for ${where}`,
    `  pass another file with --config PATH, e.g. breakerbox --config ~/mcp.config.json`,
    `  or create this one: breakerbox add <alias> -- <command> [args…], or breakerbox import (servers from other clients)`,
  ];
}

/**
 * Reads at most MAX_CONFIG_BYTES + 1 bytes, whatever `path` is: a regular file
 * is refused by its size first, but a device (`/dev/zero`), a FIFO or a
 * process substitution (`<(yes '{}')`) reports size 0 and never ends, so the
 * read itself is what stops, with the same message.
 */
function readBounded(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new ConfigError(`${path}: is a directory, not a config file`);
    const tooBig = (what: string) => new ConfigError(`${path}: is ${what}; a config file is at most ${MAX_CONFIG_BYTES} bytes (is this the right file?)`);
    if (st.size > MAX_CONFIG_BYTES) throw tooBig(`${st.size} bytes`);
    // Sized by the file (one byte more, to see it end), grown by doubling for what has no size or grew:
    // a buffer of the whole limit was 4 MiB zeroed at every start for a file of a few hundred bytes.
    let buf = Buffer.allocUnsafe(Math.max(st.size + 1, 4096));
    let used = 0;
    for (;;) {
      if (used === buf.length) {
        const bigger = Buffer.allocUnsafe(Math.min(buf.length * 2, MAX_CONFIG_BYTES + 1));
        buf.copy(bigger, 0, 0, used);
        buf = bigger;
      }
      const n = readSync(fd, buf, used, buf.length - used, null);
      if (n === 0) break;
      used += n;
      if (used > MAX_CONFIG_BYTES) throw tooBig(st.isFile() ? 'larger than that' : `a ${kindOfFile(st)} that gave more than ${MAX_CONFIG_BYTES} bytes`);
    }
    // Windows editors save "Unicode" as UTF-16: read as UTF-8 that is a bad character at 1:1, which says nothing of the fix.
    if (used >= 2 && ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff))) {
      throw new ConfigError(`${path}: is saved as UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8`);
    }
    if (buf.subarray(0, used).includes(0)) throw new ConfigError(`${path}: contains NUL bytes, so it is not UTF-8 text (UTF-16, or not a config file at all); save it as UTF-8`);
    return buf.toString('utf8', 0, used);
  } finally {
    closeSync(fd);
  }
}

function kindOfFile(st: ReturnType<typeof fstatSync>): string {
  if (st.isCharacterDevice()) return 'device';
  if (st.isFIFO()) return 'pipe';
  if (st.isSocket()) return 'socket';
  return 'stream';
}

/** How strictly entries are judged. */
export interface ParseOptions {
  /**
   * Every problem of every entry is an error (the edit commands check a change
   * this way). Otherwise (startup) only a file that is not a JSON object of
   * servers is an error; an entry with problems is kept as a server that
   * cannot start, offline with the problems as its reason.
   */
  strict?: boolean;
}

/** Validates config text as if read from `path` (relative paths resolve against its directory). */
export function parseConfig(text: string, path: string, env: NodeJS.ProcessEnv, options: ParseOptions = {}): Config {
  try {
    return parse(text, path, env, options.strict === true);
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    // A bug of ours must still come out as a printable config error.
    throw new ConfigError(`${path}: could not be read as a config: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function parse(input: string, label: string, env: NodeJS.ProcessEnv, strict: boolean): Config {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input; // editors add a BOM
  if (text.length > MAX_CONFIG_BYTES) throw new ConfigError(`${label}: is larger than ${MAX_CONFIG_BYTES} characters; is this the right file?`);
  if (text.trim() === '') throw new ConfigError(`${label}: the file is empty; expected ${EXAMPLE}`);
  let scan;
  try {
    scan = scanJson(text);
  } catch (err) {
    if (err instanceof JsonSyntaxError) throw new ConfigError(`${label}:${err.line}:${err.column}: invalid JSON: ${err.message}`);
    throw err;
  }
  const data: unknown = JSON.parse(text);
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new ConfigError(`${label}: expected a JSON object at the top level, got ${kindOf(data)}; e.g. ${EXAMPLE}`);
  }
  const root = data as Record<string, unknown>;
  // Problems of one entry (by alias) stay with that entry; the rest concern the whole file.
  const perServer = new Map<string, string[]>();
  const add = (alias: string, problem: string) => {
    const list = perServer.get(alias);
    if (list) list.push(problem);
    else perServer.set(alias, [problem]);
  };
  const problems: string[] = [];
  for (const d of scan.duplicates) {
    const alias = d.path[0] === 'mcpServers' ? (d.path.length === 1 ? d.first.key : String(d.path[1])) : undefined;
    if (alias === undefined) problems.push(duplicateMessage(d));
    else add(alias, duplicateMessage(d));
  }
  for (const p of topLevelProblems(root)) problems.push(p);
  const servers: ServerConfig[] = [];
  const block = root.mcpServers;
  if (block !== undefined && (block === null || typeof block !== 'object' || Array.isArray(block))) {
    problems.push(`mcpServers: expected an object mapping aliases to servers, got ${kindOf(block)}; e.g. ${EXAMPLE}`);
  } else if (block !== undefined) {
    const ctx = {dir: dirname(resolve(label)), env};
    for (const {key: alias} of scan.serverKeys) {
      const raw = (block as Record<string, unknown>)[alias];
      const bad = aliasProblem(alias);
      if (bad) add(alias, `${formatPath(['mcpServers', alias])}: alias ${bad}`);
      const r = parseServer(alias, raw, ctx);
      if (!r.ok) for (const p of r.problems) add(alias, p);
      const own = perServer.get(alias);
      if (!own) servers.push((r as {server: ServerConfig}).server);
      else if (strict) for (const p of own) problems.push(p);
      else servers.push(unstartable(alias, raw, reasonFrom(own)));
    }
  }
  if (problems.length > 0) throw new ConfigError(problems.map((p) => `${label}: ${p}`));
  const extra: Record<string, unknown> = {};
  for (const key of Object.keys(root)) {
    if (key !== 'mcpServers') Object.defineProperty(extra, key, {value: root[key], enumerable: true, writable: true, configurable: true});
  }
  return {path: resolve(label), servers, extra};
}

/** An entry's problems as one offline reason: the first few, and how many more. */
function reasonFrom(problems: string[]): string {
  const shown = problems.slice(0, MAX_REASON_PROBLEMS).join('; ');
  return problems.length > MAX_REASON_PROBLEMS ? `${shown}; … and ${problems.length - MAX_REASON_PROBLEMS} more problems in this entry` : shown;
}

function topLevelProblems(root: Record<string, unknown>): string[] {
  if (root.mcpServers !== undefined) {
    return Object.keys(root)
      .filter((k) => k !== 'mcpServers' && k !== '$schema' && suggestKey(k, ['mcpServers', '$schema']) !== undefined)
      .map((k) => `${formatPath([k])}: unknown key; did you mean \`${suggestKey(k, ['mcpServers', '$schema'])}\`?`);
  }
  const near = Object.keys(root).find((k) => suggestKey(k, ['mcpServers']) !== undefined);
  if (near) return [`${formatPath([near])}: unknown key; did you mean \`mcpServers\`?`];
  if ('servers' in root) return ['missing "mcpServers": found "servers" (VS Code\'s format); rename it to "mcpServers"'];
  return [`missing "mcpServers"; expected ${EXAMPLE}`];
}

function duplicateMessage(d: DuplicateKey): string {
  const lines = d.first.line === d.second.line ? `line ${d.first.line}, columns ${d.first.column} and ${d.second.column}` : `lines ${d.first.line} and ${d.second.line}`;
  if (d.path.length === 1 && d.path[0] === 'mcpServers') {
    return `mcpServers: alias "${d.first.key}" is defined twice (${lines}); JSON keeps only the last, so rename or remove one`;
  }
  const where = d.path.length === 0 ? '' : `${formatPath(d.path)}: `;
  return `${where}key "${d.first.key}" appears twice (${lines}); JSON keeps only the last, so remove one`;
}
