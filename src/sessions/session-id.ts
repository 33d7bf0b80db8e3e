import {randomBytes} from 'node:crypto';
import {chmodSync} from 'node:fs';
import {join} from 'node:path';
import {privateDir, stateDir} from '../util/state-dir.js';

/** What a session id looks like: UTC start time to the second, then 4 random hex digits. */
export const SESSION_ID_RE = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-[0-9a-f]{4}$/;

/** A new id, e.g. `2026-11-30T04-12-33-ab12`: ids sort by start time. */
export function newSessionId(now: Date = new Date()): string {
  return `${now.toISOString().slice(0, 19).replace(/:/g, '-')}-${randomBytes(2).toString('hex')}`;
}

/** Where session files live; `create` makes it (0700, even if it existed looser). */
export function sessionsDir(env: NodeJS.ProcessEnv, create = false): string {
  const dir = join(stateDir(env), 'sessions');
  if (create) {
    privateDir(dir);
    chmodSync(dir, 0o700);
  }
  return dir;
}

/** The file of one session. */
export function sessionPath(env: NodeJS.ProcessEnv, id: string): string {
  return join(sessionsDir(env), `${id}.jsonl`);
}

/** The start time an id encodes (for files whose header was lost). */
export function startedAtFromId(id: string): string | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})/.exec(id);
  return m ? `${m[1]}T${m[2]}:${m[3]}:${m[4]}.000Z` : undefined;
}
