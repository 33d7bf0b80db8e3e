import {readdirSync, readFileSync, statSync} from 'node:fs';
import {join} from 'node:path';
import type {ModelMessage} from '../state/model-content.js';
import type {HeaderRecord} from './records.js';
import {rebuildHistory, type CallRoute, type NumberedRecord} from './rebuild.js';
import {sessionsDir, startedAtFromId} from './session-id.js';

/** A session that cannot be found or read; the CLI prints the message and exits 2. */
export class SessionError extends Error {
  override readonly name = 'SessionError';
  readonly code = 'session';
}

/** What the header says, with gaps filled from the id. */
export interface SessionMeta {
  id: string;
  path: string;
  startedAt?: string;
  cwd?: string;
  config?: string;
  model?: string;
  /** The API of the model that spoke last (`anthropic`, `openai`, `offline`), when recorded. */
  provider?: string;
}

/** A saved session, ready to continue. */
export interface LoadedSession {
  history: ModelMessage[];
  /** Lines skipped or repaired, each naming its line; show them to the user. */
  warnings: string[];
  meta: SessionMeta;
  /** How many user messages the session holds. */
  turns: number;
  /** Where each saved call went: the catalog of this run may not have its server (yet). */
  routes: ReadonlyMap<string, CallRoute>;
}

/** A session file's records, as read. */
export interface SessionRecords {
  records: NumberedRecord[];
  warnings: string[];
  meta: SessionMeta;
}

/** Loads `id` (an exact id or a unique prefix) or the latest session. Throws SessionError. */
export function loadSession(id: string | 'latest', env: NodeJS.ProcessEnv): LoadedSession {
  const {records, warnings, meta} = readSession(id, env);
  const rebuilt = rebuildHistory(records);
  return {history: rebuilt.history, warnings: [...warnings, ...rebuilt.warnings], turns: rebuilt.turns, routes: rebuilt.routes, meta};
}

/** Reads the records of `id` (an exact id, a unique prefix, or `latest`). Throws SessionError. */
export function readSession(id: string | 'latest', env: NodeJS.ProcessEnv): SessionRecords {
  const resolved = resolveSessionId(id, env);
  const path = join(sessionsDir(env), `${resolved}.jsonl`);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new SessionError(`cannot read session ${resolved}: ${(err as Error).message}`);
  }
  const {records, warnings} = parseLines(text);
  const header = records.find((r) => r.record.type === 'session')?.record as Partial<HeaderRecord> | undefined;
  if (!header) warnings.unshift('the session header is missing or unreadable; its start time comes from the id');
  return {
    records,
    warnings,
    meta: {
      id: resolved,
      path,
      startedAt: str(header?.startedAt) ?? startedAtFromId(resolved),
      cwd: str(header?.cwd),
      config: str(header?.config),
      model: str(header?.model),
      provider: str([...records].reverse().find((r) => (r.record.type === 'resumed' || r.record.type === 'session') && typeof r.record.provider === 'string')?.record.provider),
    },
  };
}

/** Splits a session file into records; a bad last line is a half-written one, a bad middle line is named. */
export function parseLines(text: string): {records: NumberedRecord[]; warnings: string[]} {
  const lines = text.split('\n');
  const complete = text.endsWith('\n');
  if (complete) lines.pop();
  let lastNonEmpty = lines.length - 1;
  while (lastNonEmpty >= 0 && lines[lastNonEmpty]!.trim() === '') lastNonEmpty--;
  const records: NumberedRecord[] = [];
  const warnings: string[] = [];
  lines.forEach((raw, i) => {
    if (raw.trim() === '') return;
    let record: unknown;
    try {
      record = JSON.parse(raw);
    } catch {
      record = undefined;
    }
    if (record && typeof record === 'object' && !Array.isArray(record) && typeof (record as {type?: unknown}).type === 'string') {
      records.push({line: i + 1, record: record as Record<string, unknown>});
    } else if (i === lastNonEmpty && !complete) {
      warnings.push(`line ${i + 1}: the last line was only half written (breakerbox stopped while writing it); skipped`);
    } else {
      warnings.push(`line ${i + 1}: not a valid session record; skipped (the rest is kept)`);
    }
  });
  return {records, warnings};
}

/** An exact id, a unique id prefix, or `latest` (the most recently active session). */
export function resolveSessionId(id: string, env: NodeJS.ProcessEnv): string {
  const dir = sessionsDir(env);
  const ids = sessionIds(dir);
  if (id === 'latest') {
    if (ids.length === 0) throw new SessionError(`no saved sessions yet (they are kept in ${dir})`);
    return byActivity(dir, ids)[0]!;
  }
  const wanted = id.endsWith('.jsonl') ? id.slice(0, -'.jsonl'.length) : id;
  if (!/^[A-Za-z0-9_-]+$/.test(wanted)) throw new SessionError(`${JSON.stringify(id)} is not a session id; see breakerbox --sessions`);
  if (ids.includes(wanted)) return wanted;
  const matches = ids.filter((x) => x.startsWith(wanted));
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) throw new SessionError(`${JSON.stringify(id)} matches ${matches.length} sessions (${matches.slice(0, 3).join(', ')}…); give more of the id`);
  throw new SessionError(`no saved session ${JSON.stringify(id)}; see breakerbox --sessions`);
}

/** Ids of every session file in `dir` (none when it does not exist). */
export function sessionIds(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => f.slice(0, -'.jsonl'.length));
  } catch {
    return [];
  }
}

/** Most recently written first; equal times fall back to the id (the start time). */
export function byActivity(dir: string, ids: readonly string[]): string[] {
  const mtime = new Map(ids.map((id) => [id, mtimeOf(join(dir, `${id}.jsonl`))] as const));
  return [...ids].sort((a, b) => mtime.get(b)! - mtime.get(a)! || (a < b ? 1 : a > b ? -1 : 0));
}

function mtimeOf(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
