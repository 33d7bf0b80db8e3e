// How one model name came to be, for the tool detail view: which characters
// were replaced, whether the name was cut, the hash, and which other tool
// already held the name it would have had. Works backwards from the table
// names.ts built; it never builds a name itself.
import {MAX_MODEL_NAME, MODEL_NAME_RE, plainName, sanitise} from './names.js';
import type {NameMangling} from './types.js';

/** A named thing in a table: a tool (catalog) or a prompt. */
export interface NamedEntry {
  name: string;
  alias: string;
  /** The server's own name for it. */
  original: string;
  mangling: NameMangling;
}

/** The explanation of one name. */
export interface NameDerivation {
  /** `mcp__<alias>__<original>`, what the name would be without rules. */
  plain: string;
  mangling: NameMangling;
  /** Characters outside `[a-zA-Z0-9_-]` that became `_`, each once. */
  replaced: string[];
  /** Set when the name had to be cut to fit 64 characters. */
  cut?: {length: number; kept: number};
  /** The 8 hex characters of SHA-256(alias, original name) that end a hashed name. */
  hash?: string;
  /** The entry that already held the name this one would have had. */
  collidedWith?: {name: string; alias: string; original: string};
  /** Entries of other servers with the same original name, kept apart by their prefix. */
  sharedWith: Array<{alias: string; name: string}>;
}

/** Explains `entry`'s name among `table` (every entry of the same table, itself included). */
export function deriveName(entry: NamedEntry, table: readonly NamedEntry[]): NameDerivation {
  const plain = plainName(entry.alias, entry.original);
  const replaced = [...new Set([...plain].filter((ch) => !/^[a-zA-Z0-9_-]$/.test(ch)))];
  const sharedWith = table.filter((o) => o.original === entry.original && o.alias !== entry.alias).map((o) => ({alias: o.alias, name: o.name}));
  const out: NameDerivation = {plain, mangling: entry.mangling, replaced, sharedWith};
  if (entry.mangling !== 'hashed') return out;
  out.hash = entry.name.slice(-8);
  const wanted = MODEL_NAME_RE.test(plain) ? plain : sanitise(plain);
  if (wanted.length > MAX_MODEL_NAME) out.cut = {length: wanted.length, kept: MAX_MODEL_NAME - 9};
  const holder = table.find((o) => o !== entry && o.name === wanted);
  if (holder) out.collidedWith = {name: holder.name, alias: holder.alias, original: holder.original};
  return out;
}

/** One line per fact, for people: "`.` became `_`; cut from 70 to 55 characters; hash e11ace22; collided with …". */
export function describeDerivation(d: NameDerivation): string[] {
  if (d.mangling === 'none') return [`plain: ${d.plain} is a valid model name`];
  const lines: string[] = [];
  if (d.replaced.length > 0) lines.push(`sanitised: ${d.replaced.map((c) => JSON.stringify(c)).join(' ')} became "_" (the model API allows only letters, digits, "_" and "-")`);
  if (d.cut) lines.push(`cut: ${d.cut.length} characters is over 64; the first ${d.cut.kept} are kept`);
  if (d.collidedWith) lines.push(`collided: ${d.collidedWith.name} is already ${d.collidedWith.alias} / ${d.collidedWith.original}`);
  if (d.hash) lines.push(`hash: _${d.hash} (SHA-256 of the alias and the original name) keeps it unique and stable`);
  return lines;
}
