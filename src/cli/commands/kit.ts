// Pieces every config-editing subcommand shares: flag parsing with a usage
// line, the config path, and how failures are printed.
import {isAbsolute, resolve} from 'node:path';
import {ConfigError} from '../../config/index.js';
import {configProblems, readConfigText} from '../../config/config-file.js';
import {UsageError} from '../args.js';
import {FlagError, parseFlags as parseTable, type FlagSpec} from '../flags.js';
import type {CliIo} from './io.js';

const COMMON = {config: {type: 'string', short: 'c'}, help: {type: 'boolean', short: 'h'}} as const satisfies Record<string, FlagSpec>;

/** Parses `argv` strictly, with --config and --help beside `options`; a mistake becomes a UsageError that ends with `usage`. */
export function parseFlags<O extends Readonly<Record<string, FlagSpec>>>(argv: string[], options: O, usage: string) {
  try {
    return parseTable(argv, {...options, ...COMMON});
  } catch (err) {
    if (!(err instanceof FlagError)) throw err;
    throw new UsageError(`${err.message}\n${usage}`);
  }
}

/** The config file: `--config` or ./mcp.config.json; `label` is what messages call it (as at startup). */
export function configTarget(io: CliIo, flag: string | undefined): {path: string; label: string} {
  const label = flag ?? 'mcp.config.json';
  return {path: isAbsolute(label) ? label : resolve(io.cwd, label), label};
}

/**
 * The config's text for `add` and `remove`. A file the loader cannot parse
 * (a comment, a trailing comma) is refused with the loader's own message, at
 * its line and column in the file: an edit around it would leave a config the
 * app still refuses, or report a place in text the user never saw.
 */
export function editableConfigText(target: {path: string; label: string}): {text: string; exists: boolean} {
  const read = readConfigText(target.path);
  try {
    JSON.parse(read.text.replace(/^\uFEFF/, ''));
  } catch {
    throw new ConfigError([...configProblems(read.text, target.label), `${target.label}: nothing was changed; fix the file first`]);
  }
  return read;
}

/** Runs a command body, turning usage and config errors into their exit codes. */
export async function guarded(io: CliIo, body: () => Promise<number> | number): Promise<number> {
  try {
    return await body();
  } catch (err) {
    if (err instanceof UsageError) return fail(io, err.message, 2);
    if (err instanceof ConfigError) return fail(io, err.message, 2);
    throw err;
  }
}

/** Prints `breakerbox: message` on stderr and returns `code`. */
export function fail(io: CliIo, message: string, code: number): number {
  io.stderr.write(`breakerbox: ${message}\n`);
  return code;
}

/** `1 tool`, `2 tools`. */
export const toolCount = (n: number): string => `${n} tool${n === 1 ? '' : 's'}`;
