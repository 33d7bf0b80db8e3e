import {chmodSync, mkdirSync, statSync} from 'node:fs';
import {dirname, join} from 'node:path';

/** `$XDG_STATE_HOME/breakerbox`, else `~/.local/state/breakerbox`. */
export function stateDir(env: NodeJS.ProcessEnv = process.env): string {
  // node:os only when HOME is unset: every start asks for this directory, and a start loads node:os for nothing else.
  const base = env.XDG_STATE_HOME && env.XDG_STATE_HOME.startsWith('/') ? env.XDG_STATE_HOME : join(env.HOME || process.getBuiltinModule('node:os').homedir(), '.local', 'state');
  return join(base, 'breakerbox');
}

/**
 * Creates a private directory (0700) under the state dir and returns its path.
 * `mkdir` leaves an existing directory as loose as it was, so the directory
 * and its parent (the breakerbox state directory) are tightened to 0700 when
 * anyone else may read or enter them.
 */
export function privateDir(...parts: string[]): string {
  const dir = join(...parts);
  mkdirSync(dir, {recursive: true, mode: 0o700});
  tighten(dir, 0o700);
  tighten(dirname(dir), 0o700);
  return dir;
}

/** Sets `mode` on `path` when group or others have any access to it; never throws (not ours, gone). */
export function tighten(path: string, mode: number): void {
  try {
    if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, mode);
  } catch {
    /* someone else's, or gone: leave it */
  }
}
