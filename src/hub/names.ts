// Model names for every tool: `mcp__<alias>__<tool>`, valid for the model API
// (`^[a-zA-Z0-9_-]{1,64}$`), unique across the table and stable across runs.
//
// The rule, in two passes over servers in config order and tools in listed order:
// 1. Exact: every tool whose plain name is already valid gets it (the first of
//    two identical plain names wins; only a server listing a tool twice, or
//    aliases that were not validated, can cause that).
// 2. Mangled, for the rest: the plain name with each character outside
//    `[a-zA-Z0-9_-]` replaced by `_` ("sanitised") when that fits in 64 and is
//    not taken; otherwise a readable prefix + `_` + 8 hex characters of
//    SHA-256(alias "\0" tool) ("hashed"); if even that is taken, the hash
//    input gets "\0" + 1, 2, … until the name is free.
//
// Because exact names are handed out before any mangled one, a tool with a
// clean name never loses it to a mangled neighbour (`a_b` keeps `a_b` even if
// `a.b` is listed first). With config-validated aliases (no `__`, no leading
// or trailing `_`) the first `__` after `mcp__` ends the alias, so servers
// cannot collide and each server's names depend only on its own alias and
// tool list: a server that starts late or not at all shifts nobody else.
import {nodeCrypto} from '../util/node-crypto.js';
import type {NameMangling} from './types.js';

/** What the model API accepts as a tool name. */
export const MODEL_NAME_RE = /^[a-zA-Z0-9_-]{1,64}$/;

/** Longest model name. */
export const MAX_MODEL_NAME = 64;

const HASH_HEX = 8;

/** One server's tools, in the server's order. */
export interface NamingInput {
  alias: string;
  tools: readonly string[];
}

/** The model name given to one tool and how it was derived. */
export interface AssignedName {
  readonly name: string;
  readonly mangling: NameMangling;
}

/** The plain, unmangled model name. */
export function plainName(alias: string, tool: string): string {
  return `mcp__${alias}__${tool}`;
}

/**
 * Each tool's plain name as an assigned name, or undefined where the plain
 * name is not valid, per list of tool names. The hub names every tool again
 * at every table rebuild (one per server coming online at startup); a list
 * that is the same array as last time (the catalog keeps one per listing,
 * and lists are replaced, never changed in place) is not worked out again.
 */
const exactNames = new WeakMap<readonly string[], {alias: string; exact: ReadonlyArray<AssignedName | undefined>}>();

function exactNamesOf(s: NamingInput): ReadonlyArray<AssignedName | undefined> {
  const known = exactNames.get(s.tools);
  if (known && known.alias === s.alias) return known.exact;
  const exact = new Array<AssignedName | undefined>(s.tools.length);
  // plainName's text, written here (called per tool, it was one more function for V8 to compile), its
  // prefix once per server: per tool, one concatenation instead of three and their intermediate strings.
  const prefix = `mcp__${s.alias}__`;
  for (let j = 0; j < s.tools.length; j++) {
    const plain = prefix + s.tools[j]!;
    // Kept across rebuilds and handed out as they are; readonly by type, not frozen one by one (a runtime call per tool).
    exact[j] = MODEL_NAME_RE.test(plain) ? {name: plain, mangling: 'none'} : undefined;
  }
  exactNames.set(s.tools, {alias: s.alias, exact});
  return exact;
}

/** Names for every tool; `result[i][j]` belongs to `servers[i].tools[j]`. Pure and deterministic. */
export function assignNames(servers: readonly NamingInput[]): AssignedName[][] {
  const taken = new Set<string>();
  // Plain loops, no closure per tool (every tool of every table passes here, issue #17);
  // the second pass only when the first left a tool without a name, which few tables do.
  let unnamed = false;
  const out = new Array<Array<AssignedName | undefined>>(servers.length);
  for (let i = 0; i < servers.length; i++) {
    const s = servers[i]!;
    const exact = exactNamesOf(s);
    const named = new Array<AssignedName | undefined>(s.tools.length);
    for (let j = 0; j < s.tools.length; j++) {
      const assigned = exact[j];
      if (assigned === undefined || taken.has(assigned.name)) {
        named[j] = undefined;
        unnamed = true;
        continue;
      }
      taken.add(assigned.name);
      named[j] = assigned;
    }
    out[i] = named;
  }
  if (unnamed) {
    for (let i = 0; i < servers.length; i++) {
      const s = servers[i]!;
      for (let j = 0; j < s.tools.length; j++) {
        if (out[i]![j]) continue;
        const assigned = mangle(s.alias, s.tools[j]!, taken);
        taken.add(assigned.name);
        out[i]![j] = assigned;
      }
    }
  }
  return out as AssignedName[][];
}

function mangle(alias: string, tool: string, taken: ReadonlySet<string>): AssignedName {
  const clean = sanitise(plainName(alias, tool));
  if (clean.length <= MAX_MODEL_NAME && !taken.has(clean)) return {name: clean, mangling: 'sanitised'};
  const prefix = clean.slice(0, MAX_MODEL_NAME - HASH_HEX - 1);
  for (let attempt = 0; ; attempt++) {
    const name = `${prefix}_${shortHash(alias, tool, attempt)}`;
    if (!taken.has(name)) return {name, mangling: 'hashed'};
  }
}

/** Replaces every code point outside `[a-zA-Z0-9_-]` with `_` (one `_` per code point, so an emoji is one `_`). */
export function sanitise(text: string): string {
  let out = '';
  for (const ch of text) out += /^[a-zA-Z0-9_-]$/.test(ch) ? ch : '_';
  return out;
}

function shortHash(alias: string, tool: string, attempt: number): string {
  const h = nodeCrypto().createHash('sha256').update(alias).update('\0').update(tool);
  if (attempt > 0) h.update(`\0${attempt}`);
  return h.digest('hex').slice(0, HASH_HEX);
}
