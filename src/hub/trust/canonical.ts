// A tool definition as canonical JSON (RFC 8785 style: keys sorted by UTF-16
// code units, no whitespace, numbers and strings as ECMAScript writes them),
// so the same definition gives the same bytes and the same hash on every
// machine, whatever order a server wrote its keys in.
import {hash} from 'node:crypto';
import type {Tool} from '../../session/mcp-types.js';
import type {ToolPin} from '../../util/pin-section.js';
import {MAX_JSON_DEPTH} from '../../util/safe-json.js';

export type {ToolPin} from '../../util/pin-section.js';

/** The parts of a tool that are pinned: what the model and the approval policy act on. */
export const PINNED_FIELDS = ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations'] as const;

/** The pinned parts of a tool, nothing else (`_meta` and `icons` change freely). */
export function pinnedDefinition(tool: Tool): Record<string, unknown> {
  // Field by field, in PINNED_FIELDS' order, with no loop: every tool of every
  // listing is pinned, and a loop over the six names (an iterator result per
  // field with for-of) was among the functions a hub start made hot enough
  // for V8's optimizing compiler (BENCHMARKS.md §11).
  const out: Record<string, unknown> = {};
  if (tool.name !== undefined) out.name = tool.name;
  if (tool.title !== undefined) out.title = tool.title;
  if (tool.description !== undefined) out.description = tool.description;
  if (tool.inputSchema !== undefined) out.inputSchema = tool.inputSchema;
  if (tool.outputSchema !== undefined) out.outputSchema = tool.outputSchema;
  if (tool.annotations !== undefined) out.annotations = tool.annotations;
  return out;
}

/** Canonical JSON of a JSON value; deeper than MAX_JSON_DEPTH becomes the string "[too deep]". */
export function canonicalJson(value: unknown): string {
  // JSON.stringify given the sorted list of every key in the value writes each
  // object's keys in that order: the same bytes as the walk below, in native
  // code, with no string built per key and level (every tool of a listing is
  // pinned: BENCHMARKS.md §11). What it would write differently goes to the walk.
  const keys = sortedKeyList(value);
  return keys ? JSON.stringify(value, keys) : walkedCanonicalJson(value, 0);
}

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
function sortedKeyList(value: unknown): string[] | undefined {
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

// Canonical JSON of what servers list, most of it without the walk in JS.
// canonicalJson walks every value to collect its keys before JSON.stringify
// writes it with their sorted list. Where the tools of a listing share their
// keys, the walk is skipped: the value is written with a list of keys met
// before, and that text is the canonical one when it left nothing out, which
// its length tells (given all its keys, the list writes the same members as
// JSON.stringify alone, in another order; keys a value lacks change nothing).
// Pinning a listing cold spent most of its time in that walk, and made it hot
// enough for the optimizing compiler (issue #17).
//
// The list tried is the union of the keys walked, so a listing whose tools
// gain and lose a member or two (an optional parameter, annotations on some,
// as most do) misses only when a key is new: with the last value's keys
// alone, such a listing walked nearly every tool, and V8 still compiled the
// walk (BENCHMARKS.md §11, h25b). Where the tools have keys of their own
// (parameter names), guessing would only add work: it stops after a few
// misses in a row, and starts again when a value walked had no key the list
// lacked. The list is kept to MAX_KNOWN keys, as JSON.stringify looks every
// key of its list up in every object it writes.

/** The keys tried first: sorted, the union of those walked. */
let known: string[] | undefined;
let guessing = false;
/** Guesses missed since the last one that held. */
let misses = 0;

const MAX_KNOWN = 64;
const MAX_MISSES = 3;

/**
 * canonicalJson of JSON data, as JSON.parse makes it (plain objects and
 * arrays, strings, numbers, booleans, null): a server's listing. Other values
 * (functions, toJSON) would be written by JSON.stringify's rules here, not
 * the walk's.
 */
export function canonicalJsonOfData(value: unknown): string {
  if (guessing && known) {
    const text = writtenWithKnownKeys(value, known);
    if (text !== undefined) {
      misses = 0;
      return text;
    }
    misses++;
  }
  const keys = sortedKeyList(value);
  if (!keys) return walkedCanonicalJson(value, 0);
  const union = known ? mergeSorted(known, keys) : keys;
  // No key new to the list: guessing would have written this value.
  const covered = known !== undefined && union.length === known.length;
  guessing = covered ? ((misses = 0), true) : guessing && misses < MAX_MISSES;
  if (!covered) known = union.length <= MAX_KNOWN ? union : keys;
  return JSON.stringify(value, keys);
}

/** Two sorted key lists as one, each key once, in a new array (the walk hands out its list again). */
function mergeSorted(a: string[], b: string[]): string[] {
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    if (y === undefined || (x !== undefined && x < y)) out.push(x!), i++;
    else if (x === undefined || y < x) out.push(y), j++;
    else out.push(x), i++, j++;
  }
  return out;
}

function writtenWithKnownKeys(value: unknown, keys: string[]): string | undefined {
  let text: string | undefined;
  try {
    text = JSON.stringify(value, keys);
    // A member missing from the list leaves the text shorter than JSON.stringify's own.
    if (text === undefined || text.length !== JSON.stringify(value).length) return undefined;
  } catch {
    return undefined;
  }
  // Nested as deep as canonicalJson's "[too deep]" cut takes that many brackets.
  return bracketsUnder(text, MAX_JSON_DEPTH) ? text : undefined;
}

function bracketsUnder(text: string, limit: number): boolean {
  // Each bracket nested is closed as well: a shorter text cannot nest that deep.
  if (text.length < 2 * limit) return true;
  let count = 0;
  for (let i = text.indexOf('{'); i >= 0 && count < limit; i = text.indexOf('{', i + 1)) count++;
  for (let i = text.indexOf('['); i >= 0 && count < limit; i = text.indexOf('[', i + 1)) count++;
  return count < limit;
}

/** `sha256:` and 64 hex characters over the canonical JSON. */
export function definitionHash(canonical: string): string {
  // One call, no Hash object per tool (node:crypto's one-shot hash, Node 20.12+).
  return `sha256:${hash('sha256', canonical, 'hex')}`;
}

/** Pins a tool now. */
export function pinTool(tool: Tool, now: Date = new Date()): ToolPin {
  return pinToolAt(tool, now.toISOString());
}

/** Pins a tool with a given time: a listing's pins share one ISO string. */
export function pinToolAt(tool: Tool, pinnedAt: string): ToolPin {
  const definition = canonicalJsonOfData(pinnedDefinition(tool));
  return {hash: definitionHash(definition), definition, pinnedAt};
}
