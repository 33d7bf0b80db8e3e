import {measureJson} from '../util/safe-json.js';

/**
 * True when `value` serialised as JSON certainly exceeds `limit` bytes.
 * Counts string lengths and structure without building the string, and stops
 * as soon as the limit is passed. It counts a lower bound (escapes and UTF-8
 * can only make the real JSON longer), so `false` still needs an exact check.
 * Iterative, with no depth limit: a value nested 100,000 deep is measured too.
 */
export function exceedsJsonSize(value: unknown, limit: number): boolean {
  return measureJson(value, {maxDepth: Infinity, maxChars: limit}).chars > limit;
}
