// Reading a JSON-RPC message's top-level members from its text, without
// parsing it: for a message too large to parse (only its first and last bytes
// were kept) and for the exact id token of a server request (JSON.parse turns
// 9007199254740993 into ...992). Iterative, so no nesting overflows it; a cut
// or broken text yields what was read before the cut.

/** Top-level member names seen, and the raw text of those whose value is a scalar. */
export interface Members {
  names: Set<string>;
  /** Raw JSON tokens (`5`, `"abc"`, `9007199254740993`), by member name; the last wins, as in JSON.parse. */
  scalars: Map<string, string>;
}

/** The members of the object that `text` starts (or a prefix of it). */
export function topLevelMembers(text: string): Members {
  const out: Members = {names: new Set(), scalars: new Map()};
  let i = skipSpace(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  if (text[i] !== '{') return out;
  i++;
  for (;;) {
    i = skipSpace(text, i);
    if (text[i] !== '"') return out;
    const keyEnd = stringEnd(text, i);
    if (keyEnd < 0) return out;
    const name = decodeString(text.slice(i, keyEnd));
    i = skipSpace(text, keyEnd);
    if (text[i] !== ':') return out;
    i = skipSpace(text, i + 1);
    const valueEnd = text[i] === '{' || text[i] === '[' ? containerEnd(text, i) : text[i] === '"' ? stringEnd(text, i) : scalarEnd(text, i);
    if (name !== undefined) out.names.add(name);
    if (valueEnd < 0) return out;
    if (name !== undefined && text[i] !== '{' && text[i] !== '[') out.scalars.set(name, text.slice(i, valueEnd));
    i = skipSpace(text, valueEnd);
    if (text[i] !== ',') return out;
    i++;
  }
}

const TAIL_ID = /[{,]\s*"id"\s*:\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|"(?:[^"\\]|\\.)*")\s*\}\s*$/;

/**
 * The `id` token when it is the last member of the object `tail` ends (the
 * official TypeScript SDK writes responses as `{"result":…,"jsonrpc":"2.0","id":7}`).
 * In valid JSON a `"id":<scalar>}` right before the end can only be a top-level member.
 */
export function tailId(tail: string): string | undefined {
  return TAIL_ID.exec(tail)?.[1];
}

/** The id a raw token stands for, or undefined when it is not a JSON-RPC id. */
export function parseIdToken(token: string): string | number | undefined {
  try {
    const v: unknown = JSON.parse(token);
    return typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) ? v : undefined;
  } catch {
    return undefined;
  }
}

function skipSpace(text: string, i: number): number {
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
    i++;
  }
  return i;
}

/** Index just past the string starting at `i` (a `"`), or -1 if it is cut off. */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 0x5c) j++;
    else if (c === 0x22) return j + 1;
  }
  return -1;
}

/** Index just past the object or array starting at `i`, or -1 if it is cut off. */
function containerEnd(text: string, i: number): number {
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const c = text[j];
    if (c === '"') {
      const end = stringEnd(text, j);
      if (end < 0) return -1;
      j = end - 1;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return j + 1;
    }
  }
  return -1;
}

/** Index just past a number, `true`, `false` or `null` starting at `i`; -1 when the text ends first. */
function scalarEnd(text: string, i: number): number {
  let j = i;
  while (j < text.length && /[-+.0-9eEa-z]/.test(text[j]!)) j++;
  return j === i || j >= text.length ? -1 : j;
}

function decodeString(raw: string): string | undefined {
  try {
    return JSON.parse(raw) as string;
  } catch {
    return undefined;
  }
}
