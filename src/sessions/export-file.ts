// Writing an exported conversation: a new file only (never over one that
// exists), private like the session files, with a clear error otherwise.
import {writeFileSync} from 'node:fs';
import {join, resolve} from 'node:path';

/** The export could not be written; `code` says why. */
export class ExportError extends Error {
  override readonly name = 'ExportError';
  constructor(
    readonly code: 'exists' | 'write',
    message: string,
  ) {
    super(message);
  }
}

/** `breakerbox-2026-11-30T04-12-33.md`: the UTC time, sortable, like session ids. */
export function defaultExportName(now: Date): string {
  return `breakerbox-${now.toISOString().slice(0, 19).replace(/:/g, '-')}.md`;
}

/**
 * Writes `text` to `file` (relative to `cwd`), or to a timestamped file in
 * `cwd` when no file is named (then `-2`, `-3`… if that name is taken).
 * Returns the absolute path written. Throws ExportError.
 */
export function writeExport(text: string, o: {file?: string; cwd: string; now: Date}): string {
  if (o.file !== undefined) return writeNew(resolve(o.cwd, o.file), text, true);
  const base = defaultExportName(o.now).slice(0, -3);
  for (let n = 1; ; n++) {
    const path = join(o.cwd, `${base}${n === 1 ? '' : `-${n}`}.md`);
    try {
      return writeNew(path, text, false);
    } catch (err) {
      if (!(err instanceof ExportError) || err.code !== 'exists' || n >= 100) throw err;
    }
  }
}

function writeNew(path: string, text: string, named: boolean): string {
  try {
    writeFileSync(path, text, {flag: 'wx', mode: 0o600});
    return path;
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'EEXIST') throw new ExportError('exists', `${path} already exists${named ? '; give another file name (nothing was overwritten)' : ''}`);
    throw new ExportError('write', `cannot write ${path}: ${e.message}`);
  }
}
