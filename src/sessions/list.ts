import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {byActivity, sessionIds} from './load.js';
import {sessionsDir, startedAtFromId} from './session-id.js';

/** One row of `--sessions`. */
export interface SessionSummary {
  id: string;
  path: string;
  startedAt?: string;
  /** The first user message, as typed. */
  firstQuestion?: string;
  turns: number;
}

/** Every saved session, most recently active first (the first is what `--resume` picks). */
export function listSessions(env: NodeJS.ProcessEnv): SessionSummary[] {
  const dir = sessionsDir(env);
  return byActivity(dir, sessionIds(dir)).flatMap((id) => {
    const path = join(dir, `${id}.jsonl`);
    try {
      return [summarise(id, path, readFileSync(path, 'utf8'))];
    } catch {
      return []; // removed while we listed, or unreadable: nothing to resume anyway
    }
  });
}

// Only the header and user lines are parsed; assistant and call lines can be large.
function summarise(id: string, path: string, text: string): SessionSummary {
  const summary: SessionSummary = {id, path, startedAt: startedAtFromId(id), turns: 0};
  for (const line of text.split('\n')) {
    if (line.startsWith('{"type":"session"')) {
      const started = parse(line)?.startedAt;
      if (typeof started === 'string') summary.startedAt = started;
    } else if (line.startsWith('{"type":"user"')) {
      const text = parse(line)?.text;
      if (typeof text !== 'string') continue;
      summary.turns++;
      summary.firstQuestion ??= text;
    }
  }
  return summary;
}

function parse(line: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
