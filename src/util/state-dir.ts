import {mkdirSync} from 'node:fs';
import {homedir} from 'node:os';
import {join} from 'node:path';

/** `$XDG_STATE_HOME/breakerbox`, else `~/.local/state/breakerbox`. */
export function stateDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_STATE_HOME && env.XDG_STATE_HOME.startsWith('/') ? env.XDG_STATE_HOME : join(env.HOME || homedir(), '.local', 'state');
  return join(base, 'breakerbox');
}

/** Creates a private directory (0700) under the state dir and returns its path. */
export function privateDir(...parts: string[]): string {
  const dir = join(...parts);
  mkdirSync(dir, {recursive: true, mode: 0o700});
  return dir;
}
