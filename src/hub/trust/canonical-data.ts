import {MAX_JSON_DEPTH} from '../../util/safe-json.js';
import {pieceBounds, PIECE, spacedPiece} from './json-pieces.js';
import {sortedKeyList, walkedCanonicalJson} from './canonical-walk.js';

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
  const text = writtenWhole(value, keys);
  // Nested as deep as canonicalJson's "[too deep]" cut takes that many brackets.
  return text !== undefined && bracketsUnder(text, MAX_JSON_DEPTH) ? text : undefined;
}

/**
 * JSON.stringify(value, keys) when the list left no member out (a member
 * missing from it leaves the text shorter than JSON.stringify's own);
 * undefined when one was left out, or on a throw (a cycle, a BigInt).
 */
function writtenWhole(value: unknown, keys: string[]): string | undefined {
  try {
    const text = JSON.stringify(value, keys);
    return text !== undefined && text.length === JSON.stringify(value).length ? text : undefined;
  } catch {
    return undefined;
  }
}

function bracketsUnder(text: string, limit: number): boolean {
  // Each bracket nested is closed as well: a shorter text cannot nest that deep.
  if (text.length < 2 * limit) return true;
  let count = 0;
  for (let i = text.indexOf('{'); i >= 0 && count < limit; i = text.indexOf('{', i + 1)) count++;
  for (let i = text.indexOf('['); i >= 0 && count < limit; i = text.indexOf('[', i + 1)) count++;
  return count < limit;
}


// A listing in a few native writes (json-pieces.ts says why). Each piece is
// written once with the key list and once without: equal lengths say no value
// lost a member, and the texts are slices of the first. Pinning 1,000 tools of
// the bench server allocated ~2,630 bytes a tool value by value; ~2,180 in
// pieces of 64, ~1,760 of 256, ~1,600 in one piece of all.

/** Values of a listing walked for their keys before the rest are written with them. */
const SAMPLED = 8;

/**
 * Hears the text of a piece that holds values[from..to) whole: every member
 * of each, nothing cut as too deep (their canonical texts are slices of it,
 * or written again where one nests too deep). A test of every one of those
 * values' strings can be one test of this text.
 */
export type OnPiece = (text: string, from: number, to: number) => void;

/**
 * canonicalJsonOfData of every value, in the same order; plain objects (a
 * listing's tool definitions) are written in pieces when they share their keys.
 */
export function canonicalJsonsOfData(values: readonly unknown[], onPiece?: OnPiece): string[] {
  const out = new Array<string>(values.length);
  const keys = values.length > 1 ? listingKeys(values) : undefined;
  for (let from = 0; from < values.length; from += PIECE) {
    const to = Math.min(values.length, from + PIECE);
    const piece = keys && to - from > 1 ? writtenTogether(values, from, to, keys, out) : undefined;
    if (piece !== undefined) {
      onPiece?.(piece, from, to);
      continue;
    }
    for (let i = from; i < to; i++) out[i] = canonicalJsonOfData(values[i]);
  }
  return out;
}

/** Writes values[from..to) into out[from..to) in one piece and returns its text; undefined (out partly written) when it cannot. */
function writtenTogether(values: readonly unknown[], from: number, to: number, keys: string[], out: string[]): string | undefined {
  const spaced = spacedPiece(values, from, to);
  if (!spaced) return undefined;
  const text = writtenWhole(spaced, keys);
  if (text === undefined) return undefined;
  const bounds = pieceBounds(text, to - from);
  if (!bounds) return undefined;
  for (let i = from; i < to; i++) {
    const own = text.slice(bounds[2 * (i - from)]!, bounds[2 * (i - from) + 1]!);
    out[i] = bracketsUnder(own, MAX_JSON_DEPTH) ? own : canonicalJsonOfData(values[i]);
  }
  known = keys;
  guessing = true;
  misses = 0;
  return text;
}

/** The keys known so far with those of a few values walked (the first and some spread over the rest); undefined when too many. */
function listingKeys(values: readonly unknown[]): string[] | undefined {
  let keys = known;
  const step = Math.max(1, Math.floor(values.length / SAMPLED));
  for (let i = 0; i < values.length; i += i === 0 ? 1 : step) {
    const walked = sortedKeyList(values[i]);
    if (!walked) return undefined;
    keys = keys ? mergeSorted(keys, walked) : walked.slice();
    if (keys.length > MAX_KNOWN) return undefined;
  }
  return keys;
}
