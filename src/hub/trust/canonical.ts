// A tool definition as canonical JSON (RFC 8785 style: keys sorted by UTF-16
// code units, no whitespace, numbers and strings as ECMAScript writes them),
// so the same definition gives the same bytes and the same hash on every
// machine, whatever order a server wrote its keys in.
import type {Tool} from '../../session/mcp-types.js';
import type {ToolPin} from '../../util/pin-section.js';
import {canonicalJsonOfData, canonicalJsonsOfData} from './canonical-data.js';
import {sortedKeyList, walkedCanonicalJson} from './canonical-walk.js';
import {ListedPin} from './listed-pin.js';
import {isoTime} from '../../util/iso-time.js';

export type {ToolPin} from '../../util/pin-section.js';
export {canonicalJsonOfData, canonicalJsonsOfData, type OnPiece} from './canonical-data.js';
export {walkedCanonicalJson} from './canonical-walk.js';
export {definitionHash} from './listed-pin.js';

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
  // object's keys in that order: the same bytes as the walk (canonical-walk.ts), in native
  // code, with no string built per key and level (every tool of a listing is
  // pinned: BENCHMARKS.md §11). What it would write differently goes to the walk.
  const keys = sortedKeyList(value);
  return keys ? JSON.stringify(value, keys) : walkedCanonicalJson(value, 0);
}

/** Pins a tool now; `allowHidden` when the user trusted its invisible characters. */
export function pinTool(tool: Tool, now: Date = new Date(), allowHidden?: true): ToolPin {
  return pinToolAt(tool, isoTime(now), allowHidden);
}

/** Pins a tool with a given time: a listing's pins share one ISO string. */
export function pinToolAt(tool: Tool, pinnedAt: string, allowHidden?: true): ToolPin {
  return new ListedPin(canonicalJsonOfData(pinnedDefinition(tool)), pinnedAt, allowHidden);
}

/** Pins every tool of a listing with one time, in its order; the definitions are written together (canonical-data.ts). */
export function pinListing(tools: readonly Tool[], pinnedAt: string): ToolPin[] {
  const definitions = new Array<Record<string, unknown>>(tools.length);
  for (let i = 0; i < tools.length; i++) definitions[i] = pinnedDefinition(tools[i]!);
  const texts = canonicalJsonsOfData(definitions);
  const pins = new Array<ToolPin>(tools.length);
  // No hash here: pins are compared by their text; the hash waits until one is written or shown.
  for (let i = 0; i < tools.length; i++) pins[i] = new ListedPin(texts[i]!, pinnedAt);
  return pins;
}
