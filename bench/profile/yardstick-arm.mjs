// Where the yardstick is, and the arm file a profile script runs: a name of
// the yardstick's own arms (bb-hub, raw, …) or a path to an arm of ours.
// Shared by the profile scripts that drive the yardstick's arms directly.
import {existsSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const YARDSTICK = [process.env.YARDSTICK_DIR, path.join(ROOT, '../shared/yardstick'), path.join(ROOT, '../../shared/yardstick'), '/work/shared/yardstick'].find((d) => d && existsSync(path.join(d, 'run.mjs')));

/** The arm's file; the yardstick's arms load breakerbox from BREAKERBOX_DIR (this checkout unless set). */
export function armFile(spec) {
  if (!YARDSTICK) throw new Error('yardstick not found: set YARDSTICK_DIR');
  process.env.BREAKERBOX_DIR ??= ROOT;
  const builtin = path.join(YARDSTICK, 'arms', `${spec}.mjs`);
  return /^[\w-]+$/.test(spec) && existsSync(builtin) ? builtin : path.resolve(spec);
}
