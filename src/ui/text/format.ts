// Small formatters for durations, counts and arguments.
import {safeLine} from './safe.js';
import {fitCells} from './cells.js';
import {safeStringify} from '../../util/safe-json.js';

/** `7 ms`, `1.2 s`, `3 min 4 s`. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '?';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** `1 tool`, `3 tools`. */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

/** Tool arguments on one safe line of at most `width` cells. */
export function shortArgs(args: unknown, width: number): string {
  // Depth-bounded: arguments read back from a session file may nest deeper than JSON.stringify goes.
  // Arguments that were not JSON (a model's cut-off call) are their text: shown as written, not as a quoted string.
  const text = args === undefined ? '{}' : typeof args === 'string' ? args : safeStringify(args, {maxString: Math.max(0, width) * 4 + 16, fallback: '(arguments cannot be shown)'});
  // Only the start is shown: never sanitise a megabyte to show 80 cells.
  return fitCells(safeLine(text.slice(0, Math.max(0, width) * 4 + 16)), width);
}

/** Local wall-clock time `HH:MM:SS.mmm`. */
export function clockTime(at: number): string {
  const d = new Date(at);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}.${p(d.getMilliseconds(), 3)}`;
}
