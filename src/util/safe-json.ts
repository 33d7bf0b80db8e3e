// Walking values that came from a server. JSON.parse accepts a value nested
// 100,000 deep (about 200 KB), but every recursive walk over it (JSON.stringify
// itself overflows near 5,000 levels) throws "Maximum call stack size
// exceeded". So the one walk here is iterative, and the one stringify prunes
// whatever lies deeper than a bound before handing the rest to JSON.stringify.

/** Deepest nesting breakerbox keeps or writes; real results stay far below it. */
export const MAX_JSON_DEPTH = 128;

/** What one walk learnt about a value. */
export interface JsonShape {
  /** Deepest nesting seen (capped at `maxDepth` + 1 when the walk stopped there). */
  depth: number;
  /** A lower bound of the value's JSON length in characters (capped near `maxChars` + 1). */
  chars: number;
  /** True when the walk stopped early: `depth` > maxDepth or `chars` > maxChars. */
  over: boolean;
}

/**
 * Measures depth and approximate JSON size without recursion, stopping as
 * soon as either limit is passed. The size counts string lengths and
 * structure, a lower bound of the real JSON (escapes only add to it).
 */
export function measureJson(value: unknown, limits: {maxDepth?: number; maxChars?: number} = {}): JsonShape {
  const maxDepth = limits.maxDepth ?? MAX_JSON_DEPTH;
  const maxChars = limits.maxChars ?? Infinity;
  let chars = 0;
  let deepest = 0;
  // Under a size limit the walk ends by itself, cycles included (every object
  // visited adds to the count), and a shared node counts as often as
  // JSON.stringify would write it; a Set of every object was most of what the
  // per-tool limits allocated at discovery (issue #17). Without one, a cycle
  // or a node shared at every level must be visited once.
  const seen = Number.isFinite(maxChars) ? undefined : new Set<object>();
  // The module's two stacks with an index of their own: three walks per listed tool made six
  // arrays (issue #17), and emptying a shared array by its length gave its storage back each time.
  const values = WALK_VALUES;
  const depths = WALK_DEPTHS;
  let top = 0;
  let high = 0;
  values[top] = value;
  depths[top++] = 0;
  let over = false;
  while (top > 0) {
    const v = values[--top];
    const depth = depths[top]!;
    if (typeof v === 'string') chars += v.length + 2;
    else if (typeof v === 'number') chars += 1;
    else if (typeof v === 'boolean' || v === null) chars += 4;
    else if (typeof v === 'object' && v !== null) {
      if (seen) {
        if (seen.has(v)) continue;
        seen.add(v);
      }
      const d = depth + 1;
      if (d > deepest) deepest = d;
      if (d > maxDepth) {
        over = true;
        break;
      }
      chars += 2;
      if (Array.isArray(v)) {
        chars += Math.max(0, v.length - 1); // commas
        for (let i = v.length - 1; i >= 0; i--) {
          values[top] = v[i];
          depths[top++] = d;
        }
      } else {
        for (const k in v) {
          if (!Object.hasOwn(v, k)) continue;
          const item = (v as Record<string, unknown>)[k];
          if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue; // JSON leaves these out
          chars += k.length + 3;
          values[top] = item;
          depths[top++] = d;
        }
      }
      if (top > high) high = top;
    }
    if (chars > maxChars) {
      over = true;
      break;
    }
  }
  // Nothing of the value stays reachable from the module.
  for (let i = 0; i <= high; i++) values[i] = undefined;
  return {depth: deepest, chars, over};
}

// The walk's stacks. measureJson calls nothing that could measure again, so one pair serves every walk.
const WALK_VALUES: unknown[] = [];
const WALK_DEPTHS: number[] = [];

/** Whether `value` is nested deeper than `maxDepth` (objects and arrays count one level each). */
export function tooDeep(value: unknown, maxDepth = MAX_JSON_DEPTH): boolean {
  if (value === null || typeof value !== 'object') return false;
  return measureJson(value, {maxDepth}).depth > maxDepth;
}

/** What stands in for a subtree deeper than the bound. */
export const TOO_DEEP = '[breakerbox: nested too deep, not shown]';

/**
 * `JSON.stringify` that never throws: values nested deeper than `maxDepth`
 * are cut there (the subtree becomes a marker string), cycles become a
 * marker, BigInts become strings. Returns `fallback` for what JSON cannot
 * express at all (undefined, a function).
 */
export function safeStringify(value: unknown, o: {maxDepth?: number; space?: number; fallback?: string; maxString?: number} = {}): string {
  const maxDepth = o.maxDepth ?? MAX_JSON_DEPTH;
  const fallback = o.fallback ?? '';
  const max = o.maxString;
  const bigintSafe = max === undefined ? safeValue : (key: string, v: unknown) => (typeof v === 'string' && v.length > max ? `${v.slice(0, max)}…` : safeValue(key, v));
  const input = tooDeep(value, maxDepth) ? pruned(value, maxDepth, 0, new Set()) : value;
  try {
    return JSON.stringify(input, bigintSafe, o.space) ?? fallback;
  } catch {
    // A cycle (never from the wire), or a toJSON that throws.
    try {
      return JSON.stringify(pruned(input, maxDepth, 0, new Set()), bigintSafe, o.space) ?? fallback;
    } catch {
      return fallback;
    }
  }
}

function safeValue(_key: string, v: unknown): unknown {
  return typeof v === 'bigint' ? v.toString() : v;
}

// A copy cut at `maxDepth`; the recursion is bounded by that depth.
function pruned(value: unknown, maxDepth: number, depth: number, path: Set<object>): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= maxDepth) return TOO_DEEP;
  if (path.has(value)) return '[breakerbox: cycle]';
  path.add(value);
  let out: unknown;
  if (Array.isArray(value)) out = value.map((v) => pruned(v, maxDepth, depth + 1, path));
  else {
    const o: Record<string, unknown> = {};
    for (const k in value) {
      if (!Object.hasOwn(value, k)) continue;
      Object.defineProperty(o, k, {value: pruned((value as Record<string, unknown>)[k], maxDepth, depth + 1, path), enumerable: true, writable: true, configurable: true});
    }
    out = o;
  }
  path.delete(value);
  return out;
}
