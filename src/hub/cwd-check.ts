import {statSync} from 'node:fs';

/** A server's `cwd` cannot be used: spawn would report it as ENOENT, "command not found". */
export class CwdError extends Error {
  override readonly name = 'CwdError';
  readonly code = 'cwd';
}

/** Throws CwdError when `cwd` is set but missing or not a directory; checked before every spawn (it may appear later). */
export function checkCwd(cwd: string | undefined): void {
  if (cwd === undefined) return;
  let isDir: boolean;
  try {
    isDir = statSync(cwd).isDirectory();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new CwdError(code === 'ENOENT' || code === 'ENOTDIR' ? `cwd ${cwd} does not exist` : `cwd ${cwd} cannot be used: ${(err as Error).message}`);
  }
  if (!isDir) throw new CwdError(`cwd ${cwd} is not a directory`);
}
