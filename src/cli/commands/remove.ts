// `breakerbox remove <alias>`: takes one server out of mcp.config.json, with
// its line and comma; every other byte of the file stays.
import {ConfigError} from '../../config/index.js';
import {newProblems, writeConfigText} from '../../config/config-file.js';
import {removeServerText} from '../../config/edit.js';
import {UsageError} from '../args.js';
import type {CliIo} from './io.js';
import {configTarget, editableConfigText, guarded, parseFlags} from './kit.js';

export const REMOVE_USAGE = 'Usage: breakerbox remove <alias> [--config PATH]';

/** Runs `breakerbox remove`. */
export function run(argv: string[], io: CliIo): Promise<number> {
  return guarded(io, () => {
    const {values: v, positionals} = parseFlags(argv, {}, REMOVE_USAGE);
    if (v.help) {
      io.stdout.write(`${REMOVE_USAGE}\n`);
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError(`remove takes one alias\n${REMOVE_USAGE}`);
    const alias = positionals[0]!;
    const target = configTarget(io, v.config);
    const {text: before, exists} = editableConfigText(target);
    if (!exists) throw new ConfigError(`${target.label}: cannot read the config file: no such file`);
    let after: string;
    try {
      after = removeServerText(before, target.label, alias);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      throw new ConfigError(`${err.message}${knownAliases(before)}`);
    }
    // JSON keeps the last of two same-named entries: taking out the first would leave the server the app runs.
    if (stillListed(after, target.label, alias)) throw new ConfigError(`${target.label}: mcpServers: alias "${alias}" is defined twice; remove or rename one by hand (nothing was changed)`);
    const problems = newProblems(before, after, target.label);
    if (problems.length) throw new ConfigError(problems);
    writeConfigText(target.path, after);
    io.stdout.write(`Removed "${alias}" from ${target.label}.\n`);
    return 0;
  });
}

function stillListed(text: string, label: string, alias: string): boolean {
  try {
    removeServerText(text, label, alias);
    return true;
  } catch {
    return false;
  }
}

function knownAliases(text: string): string {
  try {
    const names = Object.keys(JSON.parse(text).mcpServers ?? {});
    return names.length ? `; the servers are: ${names.join(', ')}` : '; the file has no servers';
  } catch {
    return '';
  }
}
