import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {expect} from 'vitest';
import {ConfigError, parseConfig, type Config} from '../../src/config/index.js';

/** Writes `text` as `<tmp>/mcp.config.json` and returns the path. */
export function writeConfig(text: string, name = 'mcp.config.json'): string {
  const dir = mkdtempSync(join(tmpdir(), 'bb-config-'));
  mkdirSync(dir, {recursive: true});
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** Parses an object or text as `mcp.config.json`. */
export function parse(input: unknown, env: NodeJS.ProcessEnv = {}): Config {
  return parseConfig(typeof input === 'string' ? input : JSON.stringify(input, null, 2), 'mcp.config.json', env);
}

/**
 * The ConfigError message `input` produces when every problem counts (as the
 * edit commands check it); fails the test if it parses or throws anything else.
 * At startup the same lines of one entry become that server's offline reason: see `reasonOf`.
 */
export function problems(input: unknown, env: NodeJS.ProcessEnv = {}): string {
  try {
    parseConfig(typeof input === 'string' ? input : JSON.stringify(input, null, 2), 'mcp.config.json', env, {strict: true});
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).code).toBe('config');
    return (err as ConfigError).message;
  }
  throw new Error('expected a ConfigError');
}

/** Why the server `alias` cannot start when `input` is loaded at startup (undefined: it can). */
export function reasonOf(input: unknown, alias: string, env: NodeJS.ProcessEnv = {}): string | undefined {
  const server = parse(input, env).servers.find((s) => s.alias === alias);
  if (!server) throw new Error(`no server ${alias}`);
  return server.cannotStart;
}
