/**
 * True when `value` serialised as JSON certainly exceeds `limit` bytes.
 * Counts string lengths and structure without building the string, and stops
 * as soon as the limit is passed. It counts a lower bound (escapes and UTF-8
 * can only make the real JSON longer), so `false` still needs an exact check.
 */
export function exceedsJsonSize(value: unknown, limit: number): boolean {
  let total = 0;
  const seen = new Set<object>();
  const visit = (v: unknown): boolean => {
    if (typeof v === 'string') total += v.length + 2;
    else if (typeof v === 'number') total += 1;
    else if (typeof v === 'boolean' || v === null) total += 4;
    else if (v && typeof v === 'object') {
      if (seen.has(v)) return false;
      seen.add(v);
      total += 2;
      if (Array.isArray(v)) {
        for (const item of v) if (visit(item) || total > limit) return true;
      } else {
        for (const [k, item] of Object.entries(v)) {
          if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue; // JSON leaves these out
          total += k.length + 3;
          if (visit(item) || total > limit) return true;
        }
      }
    }
    return total > limit;
  };
  return visit(value);
}
