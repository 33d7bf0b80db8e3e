// What of a tool is pinned, and whether two listed tools pin the same
// definition without writing either as text. A pin of a listing holds the
// listed tool itself (listed-pin.ts): the next listing is compared with it
// here, value by value, so an unchanged tool costs no canonical text, no copy
// and no allocation. Equal here means equal canonical text; the converse need
// not hold (a difference past the depth cut, a NaN), and the caller then
// compares the texts, so no change is ever missed.
import type {Tool} from '../../session/mcp-types.js';
import {MAX_JSON_DEPTH} from '../../util/safe-json.js';

/** The parts of a tool that are pinned: what the model and the approval policy act on. */
export const PINNED_FIELDS = ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations'] as const;

/** The pinned parts of a tool, nothing else (`_meta` and `icons` change freely). */
export function pinnedDefinition(tool: Tool): Record<string, unknown> {
  // Field by field, in PINNED_FIELDS' order, with no loop: a loop over the six
  // names (an iterator result per field with for-of) was among the functions a
  // hub start made hot enough for V8's optimizing compiler (BENCHMARKS.md §11).
  const out: Record<string, unknown> = {};
  if (tool.name !== undefined) out.name = tool.name;
  if (tool.title !== undefined) out.title = tool.title;
  if (tool.description !== undefined) out.description = tool.description;
  if (tool.inputSchema !== undefined) out.inputSchema = tool.inputSchema;
  if (tool.outputSchema !== undefined) out.outputSchema = tool.outputSchema;
  if (tool.annotations !== undefined) out.annotations = tool.annotations;
  return out;
}

/** True when `a` and `b` certainly have the same canonical definition (key order aside). */
export function samePinnedDefinition(a: Tool, b: Tool): boolean {
  return (
    a === b ||
    (sameData(a.name, b.name, 1) &&
      sameData(a.title, b.title, 1) &&
      sameData(a.description, b.description, 1) &&
      sameData(a.inputSchema, b.inputSchema, 1) &&
      sameData(a.outputSchema, b.outputSchema, 1) &&
      sameData(a.annotations, b.annotations, 1))
  );
}

/**
 * JSON data compared as canonical JSON writes it: members in any order, a
 * member whose value is undefined as no member. Anything that is not plain
 * data, or nests as deep as the cut, is not called equal (the texts decide).
 */
function sameData(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || depth >= MAX_JSON_DEPTH) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i], depth + 1)) return false;
    return true;
  }
  if (Array.isArray(b) || !isPlain(a) || !isPlain(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let members = 0;
  for (const key in x) {
    if (!Object.hasOwn(x, key) || x[key] === undefined) continue;
    if (!Object.hasOwn(y, key) || !sameData(x[key], y[key], depth + 1)) return false;
    members++;
  }
  for (const key in y) if (Object.hasOwn(y, key) && y[key] !== undefined) members--;
  return members === 0;
}

/** An object as JSON.parse makes it: its text is its own members, nothing inherited or converted. */
function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
