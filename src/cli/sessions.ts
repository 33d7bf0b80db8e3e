import {listSessions, sessionsDir, type SessionSummary} from '../sessions/index.js';
import {stripControlLine} from '../util/sanitize.js';

/** `breakerbox --sessions [--json]`: the saved sessions, most recently active first. Returns the exit code. */
export function runSessions(o: {env: NodeJS.ProcessEnv; json?: boolean; out?: NodeJS.WritableStream; columns?: number}): number {
  const out = o.out ?? process.stdout;
  const sessions = listSessions(o.env);
  if (o.json) {
    out.write(JSON.stringify(sessions.map((s) => ({id: s.id, startedAt: s.startedAt ?? null, turns: s.turns, firstQuestion: s.firstQuestion ?? null}))) + '\n');
    return 0;
  }
  if (sessions.length === 0) {
    out.write(`no saved sessions yet (they are kept in ${sessionsDir(o.env)})\n`);
    return 0;
  }
  out.write(formatSessions(sessions, o.columns ?? (process.stdout.columns || 100)) + '\n');
  out.write(`\ncontinue one with: breakerbox --resume ID   (without ID: the first row)\n`);
  return 0;
}

/** The sessions as an aligned table, one row each; the question is cut to fit `columns`. */
export function formatSessions(sessions: readonly SessionSummary[], columns = 100): string {
  const rows = sessions.map((s) => [s.id, s.startedAt ? localTime(s.startedAt) : '?', String(s.turns), stripControlLine(s.firstQuestion ?? '(no question)')]);
  const head = ['ID', 'STARTED', 'TURNS', 'FIRST QUESTION'];
  const widths = [0, 1, 2].map((i) => Math.max(head[i]!.length, ...rows.map((r) => r[i]!.length)));
  const room = Math.max(20, columns - widths.reduce((a, b) => a + b + 2, 0));
  const line = (r: string[]) => [r[0]!.padEnd(widths[0]!), r[1]!.padEnd(widths[1]!), r[2]!.padStart(widths[2]!), cut(r[3]!, room)].join('  ').trimEnd();
  return [line(head), ...rows.map(line)].join('\n');
}

function localTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '?';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

function cut(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, width - 1).join('')}…`;
}
