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
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null, depth + 1)).join(',')}]`;
  const keys = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k], depth + 1)}`).join(',')}}`;
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
