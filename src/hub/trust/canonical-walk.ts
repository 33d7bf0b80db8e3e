// Canonical JSON by walking the value in JS: the reference every faster way
// of writing it is checked against, and what writes the values those ways
// cannot (canonical.ts says what the canonical form is).
import {MAX_JSON_DEPTH} from '../../util/safe-json.js';

/** canonicalJson by hand: what JSON.stringify cannot be trusted to write the same. */
export function walkedCanonicalJson(value: unknown, depth = 0): string {
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value !== 'object') return 'null';
  if (depth >= MAX_JSON_DEPTH) return '"[too deep]"';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + walkedCanonicalJson(value[i] ?? null, depth + 1);
    return out + ']';
  }
  const object = value as Record<string, unknown>;
  let out = '{';
  for (const key of sortInPlace(Object.keys(object))) {
    const v = object[key];
    if (v === undefined) continue;
    out += (out.length === 1 ? '' : ',') + JSON.stringify(key) + ':' + walkedCanonicalJson(v, depth + 1);
  }
  return out + '}';
}

/**
 * Every key of every object in `value`, sorted; undefined when JSON.stringify
 * with that list would not write the canonical form: values it writes
 * otherwise (functions and symbols in objects, bigints, toJSON, objects that
 * are not plain), a `__proto__` key (the list would make it read every
 * object's prototype), or nesting as deep as the "[too deep]" cut.
 */
export function sortedKeyList(value: unknown): string[] | undefined {
  // Reentered only if a getter in `value` pins something: that call gets a list of its own.
  if (scratch.busy) {
    const keys = new KeyList();
    return collectKeys(value, 0, keys) ? sortInPlace(keys.list.slice(0, keys.count)) : undefined;
  }
  scratch.reset();
  scratch.busy = true;
  try {
    if (!collectKeys(value, 0, scratch)) return undefined;
    return scratch.sorted();
  } finally {
    scratch.busy = false;
  }
}

/**
 * Distinct keys in the order met, in an array reused from one value to the
 * next (searched while short: a tool has a few keys; a Set beside it when
 * long). The tools of a listing mostly have the same keys in the same order,
 * so the sorted list of the last value is handed out again when the keys met
 * are the same: no list and no sort per tool (issue #17).
 */
class KeyList {
  readonly list: string[] = [];
  count = 0;
  busy = false;
  private set?: Set<string>;
  private lastMet: string[] = [];
  private lastSorted: string[] = [];

  reset(): void {
    this.count = 0;
    this.set = undefined;
  }

  add(key: string): void {
    if (this.set) {
      if (!this.set.has(key)) this.set.add(key), (this.list[this.count++] = key);
      return;
    }
    for (let i = 0; i < this.count; i++) if (this.list[i] === key) return;
    this.list[this.count++] = key;
    if (this.count > 32) this.set = new Set(this.list.slice(0, this.count));
  }

  /** The keys met, sorted; the same array as last time when they are the same keys in the same order. */
  sorted(): string[] {
    const met = this.lastMet;
    let same = met.length === this.count;
    for (let i = 0; same && i < this.count; i++) same = met[i] === this.list[i];
    if (!same) {
      this.lastMet = this.list.slice(0, this.count);
      this.lastSorted = sortInPlace(this.list.slice(0, this.count));
    }
    return this.lastSorted;
  }
}

const scratch = new KeyList();

function collectKeys(value: unknown, depth: number, keys: KeyList): boolean {
  // The walk writes these as null; JSON.stringify leaves them out or throws.
  if (typeof value !== 'object' || value === null) return typeof value !== 'bigint' && typeof value !== 'undefined' && typeof value !== 'function' && typeof value !== 'symbol';
  if (depth >= MAX_JSON_DEPTH) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      // In an array JSON.stringify writes these as null, as the walk does.
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      if (!collectKeys(item, depth + 1, keys)) return false;
    }
    return true;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  if (typeof (value as {toJSON?: unknown}).toJSON === 'function') return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key === '__proto__') return false;
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined) continue;
    if (typeof v === 'function' || typeof v === 'symbol') return false;
    keys.add(key);
    if (!collectKeys(v, depth + 1, keys)) return false;
  }
  return true;
}

// Keys by UTF-16 code units, as Array.prototype.sort compares strings. A
// tool has a few keys: sorted in place, as sort() copies into a work array,
// for every tool pinned. Many keys (quadratic here) go to sort().
function sortInPlace(keys: string[]): string[] {
  if (keys.length > 16) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    for (; j >= 0 && keys[j]! > key; j--) keys[j + 1] = keys[j]!;
    keys[j + 1] = key;
  }
  return keys;
}

