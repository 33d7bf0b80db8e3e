// A tool definition as canonical JSON (RFC 8785 style: keys sorted by UTF-16
// code units, no whitespace, numbers and strings as ECMAScript writes them),
// so the same definition gives the same bytes and the same hash on every
// machine, whatever order a server wrote its keys in.
import type {Tool} from '../../session/mcp-types.js';
import type {ToolPin} from '../../util/pin-section.js';
import {sortedKeyList, walkedCanonicalJson} from './canonical-walk.js';
import {ListedPin} from './listed-pin.js';
import {isoTime} from '../../util/iso-time.js';

export type {ToolPin} from '../../util/pin-section.js';
export {canonicalJsonOfData, canonicalJsonsOfData, type OnPiece} from './canonical-data.js';
export {walkedCanonicalJson} from './canonical-walk.js';
export {definitionHash} from './listed-pin.js';
export {PINNED_FIELDS, pinnedDefinition} from './pinned-definition.js';

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
  return new ListedPin(tool, pinnedAt, allowHidden);
}

/** Pins every tool of a listing with one time, in its order: no text is written until one is read. */
export function pinListing(tools: readonly Tool[], pinnedAt: string): ToolPin[] {
  const pins = new Array<ToolPin>(tools.length);
  for (let i = 0; i < tools.length; i++) pins[i] = new ListedPin(tools[i]!, pinnedAt);
  return pins;
}
