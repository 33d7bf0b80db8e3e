// Reading and rewriting `mcp.config.json` for the commands that edit it
// (`add`, `remove`, `import`). A change is checked with the loader the app
// starts with, so a refused edit says exactly what startup would say.
import {readFileSync, renameSync, statSync, unlinkSync, writeFileSync} from 'node:fs';
import {ConfigError} from './config-error.js';
import {EMPTY_CONFIG} from './edit.js';
import {parseConfig} from './load.js';

/** The file's text, or a new empty config when it does not exist yet. */
export function readConfigText(path: string): {text: string; exists: boolean} {
  try {
    return {text: readFileSync(path, 'utf8'), exists: true};
  } catch (err) {
    if ((err as {code?: string}).code === 'ENOENT') return {text: EMPTY_CONFIG, exists: false};
    throw new ConfigError(`${path}: cannot read the config file: ${(err as Error).message}`);
  }
}

// Variables are the user's business at run time, not at edit time: every
// `${NAME}` counts as set while checking, so an import can reference a secret
// the user has not exported yet.
const ANY_ENV: NodeJS.ProcessEnv = new Proxy({}, {get: (_t, key) => (typeof key === 'string' ? 'set' : undefined)});

/** The startup loader's problems with `text`, one per line, prefixed with `label`. */
export function configProblems(text: string, label: string): string[] {
  try {
    parseConfig(text, label, ANY_ENV, {strict: true});
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return [...err.problems];
    throw err;
  }
}

/** Problems `after` has that `before` did not (so an old mistake elsewhere does not block an edit). */
export function newProblems(before: string, after: string, label: string): string[] {
  const old = new Set(configProblems(before, label));
  return configProblems(after, label).filter((p) => !old.has(p));
}

/** Replaces the file in one step (write a sibling, rename over), keeping its permissions. */
export function writeConfigText(path: string, text: string): void {
  let mode: number | undefined;
  try {
    mode = statSync(path).mode & 0o777;
  } catch {
    /* a new file gets the default mode */
  }
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, text, mode === undefined ? {} : {mode});
    renameSync(tmp, path);
  } catch (err) {
    try {
      unlinkSync(tmp);
    } catch {
      /* never written */
    }
    throw new ConfigError(`${path}: cannot write the config file: ${(err as Error).message}`);
  }
}
