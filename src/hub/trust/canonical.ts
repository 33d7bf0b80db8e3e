// A tool definition as canonical JSON (RFC 8785 style: keys sorted by UTF-16
// code units, no whitespace, numbers and strings as ECMAScript writes them),
// so the same definition gives the same bytes and the same hash on every
// machine, whatever order a server wrote its keys in.
import {createHash} from 'node:crypto';
import type {Tool} from '../../session/mcp-types.js';
import type {ToolPin} from '../../util/pin-section.js';
import {MAX_JSON_DEPTH} from '../../util/safe-json.js';

export type {ToolPin} from '../../util/pin-section.js';

/** The parts of a tool that are pinned: what the model and the approval policy act on. */
export const PINNED_FIELDS = ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations'] as const;

/** The pinned parts of a tool, nothing else (`_meta` and `icons` change freely). */
export function pinnedDefinition(tool: Tool): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of PINNED_FIELDS) if (tool[key] !== undefined) out[key] = tool[key];
  return out;
}

/** Canonical JSON of a JSON value; deeper than MAX_JSON_DEPTH becomes the string "[too deep]". */
export function canonicalJson(value: unknown, depth = 0): string {
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value !== 'object') return 'null';
  if (depth >= MAX_JSON_DEPTH) return '"[too deep]"';
  // Appended to one string, no array of parts per level: every tool of a listing is pinned (BENCHMARKS.md §11).
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + canonicalJson(value[i] ?? null, depth + 1);
    return out + ']';
  }
  const object = value as Record<string, unknown>;
  let out = '{';
  for (const key of sortedKeys(object)) {
    const v = object[key];
    if (v === undefined) continue;
    out += (out.length === 1 ? '' : ',') + JSON.stringify(key) + ':' + canonicalJson(v, depth + 1);
  }
  return out + '}';
}

// Keys by UTF-16 code units, as Array.prototype.sort compares strings. A
// schema's objects have a few keys: sorted in place, as sort() copies into a
// work array, per object of every tool pinned. Many keys (quadratic here) go to sort().
function sortedKeys(object: object): string[] {
  const keys = Object.keys(object);
  if (keys.length > 16) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    for (; j >= 0 && keys[j]! > key; j--) keys[j + 1] = keys[j]!;
    keys[j + 1] = key;
  }
  return keys;
}

/** `sha256:` and 64 hex characters over the canonical JSON. */
export function definitionHash(canonical: string): string {
  return `sha256:${createHash('sha256').update(canonical).digest('hex')}`;
}

/** Pins a tool now. */
export function pinTool(tool: Tool, now: Date = new Date()): ToolPin {
  const definition = canonicalJson(pinnedDefinition(tool));
  return {hash: definitionHash(definition), definition, pinnedAt: now.toISOString()};
}
