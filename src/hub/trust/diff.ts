// What changed between two pinned definitions, field by field, as lines a
// person can read: `description: "old" → "new"`, `inputSchema.properties.note: added`.
// Invisible characters are shown visibly, long values cut.
import {showInvisible} from '../../util/visible.js';
import {canonicalJson} from './canonical.js';

/** One changed path. */
export interface DefinitionChange {
  path: string;
  change: 'added' | 'removed' | 'changed';
  before?: string;
  after?: string;
}

const MAX_CHANGES = 40;
const MAX_VALUE = 160;

/** The changes from `before` to `after` (canonical JSON texts), at most MAX_CHANGES of them. */
export function diffDefinitions(before: string, after: string): DefinitionChange[] {
  const out: DefinitionChange[] = [];
  walk(parse(before), parse(after), '', out);
  return out;
}

/** One line per change. */
export function formatChange(c: DefinitionChange): string {
  if (c.change === 'added') return `${c.path}: added ${c.after}`;
  if (c.change === 'removed') return `${c.path}: removed (was ${c.before})`;
  return `${c.path}: ${c.before} → ${c.after}`;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function walk(a: unknown, b: unknown, path: string, out: DefinitionChange[]): void {
  if (out.length >= MAX_CHANGES) return;
  if (isObject(a) && isObject(b)) {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      const here = path === '' ? key : `${path}.${key}`;
      if (!Object.hasOwn(b, key)) out.push({path: here, change: 'removed', before: shown(a[key])});
      else if (!Object.hasOwn(a, key)) out.push({path: here, change: 'added', after: shown(b[key])});
      else walk(a[key], b[key], here, out);
    }
    return;
  }
  if (typeof a === 'string' && typeof b === 'string' && a !== b) {
    const [before, after] = changedRegion(a, b);
    out.push({path: path || '(definition)', change: 'changed', before, after});
    return;
  }
  if (canonicalJson(a) !== canonicalJson(b)) out.push({path: path || '(definition)', change: 'changed', before: shown(a), after: shown(b)});
}

function shown(v: unknown): string {
  const text = showInvisible(canonicalJson(v));
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

const CONTEXT = 30;

/** Two strings cut to where they differ, with a little context, so a change deep in a long description shows. */
function changedRegion(a: string, b: string): [string, string] {
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  let s = 0;
  while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  const cut = (t: string) => {
    const from = Math.max(0, p - CONTEXT);
    const to = Math.min(t.length, t.length - s + CONTEXT);
    return shown(`${from > 0 ? '…' : ''}${t.slice(from, to)}${to < t.length ? '…' : ''}`);
  };
  return [cut(a), cut(b)];
}
