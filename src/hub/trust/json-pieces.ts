// Many JSON objects written by one JSON.stringify call. Every tool of every
// listing is pinned, and its canonical definition written one call per tool
// cost about four times the text's size in V8's string builder (parts growing
// from 32 characters, a cons string, a flat copy for the hash that reads it):
// most of what pinning allocated per listed tool (issue #17). Written in
// pieces of PIECE objects, the parts grow to 16 KB and waste little. A marker
// stands between two objects so that each one's text can be found again.
// (The size limits' schema texts, written so too, cost more CPU than one
// JSON.stringify per schema for ~40 bytes a tool less: BENCHMARKS.md §15.)

/** Objects per piece; at 250-400 characters a tool, a piece stays under V8's large-object size. */
export const PIECE = 256;

/** A number no schema has a reason to hold, written the same with or without a key list. */
const MARKER = -7.2973525643e-303;
/** The end of one object's text, the marker, and the start of the next's. */
const BOUNDARY = `},${JSON.stringify(MARKER)},{`;

/**
 * values[from..to) with the marker between two, to hand to JSON.stringify;
 * undefined when one is not a plain object, whose text would not start with
 * "{" and end with "}" (a boundary could then be missing, another taken for it).
 */
export function spacedPiece(values: readonly unknown[], from: number, to: number): unknown[] | undefined {
  const spaced = new Array<unknown>(2 * (to - from) - 1);
  for (let i = from; i < to; i++) {
    const value = values[i];
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    spaced[2 * (i - from)] = value;
    if (i < to - 1) spaced[2 * (i - from) + 1] = MARKER;
  }
  return spaced;
}

/**
 * Where each of `count` objects' text starts and ends in the JSON text of a
 * spacedPiece (start of object k at 2k, its end at 2k + 1); undefined when a
 * text holds what stands between two objects (a key or string ending in it).
 */
export function pieceBounds(text: string, count: number): number[] | undefined {
  // Every real boundary is in the text; finding exactly count - 1 means no
  // object's text holds one too (the boundary cannot overlap itself, so none hides another).
  const bounds = new Array<number>(2 * count);
  let start = 1;
  for (let k = 0; k < count - 1; k++) {
    const at = text.indexOf(BOUNDARY, start);
    if (at < 0) return undefined;
    bounds[2 * k] = start;
    bounds[2 * k + 1] = at + 1;
    start = at + BOUNDARY.length - 1;
  }
  if (text.indexOf(BOUNDARY, start) >= 0) return undefined;
  bounds[2 * count - 2] = start;
  bounds[2 * count - 1] = text.length - 1;
  return bounds;
}
