// `x-mcp-header` (2026-07-28, Streamable HTTP): a tool may ask for some of its
// arguments to be mirrored into `Mcp-Param-<Name>` request headers, so that
// gateways can route on them without reading the body. A client on HTTP must
// mirror them, and must drop a tool whose annotations break the rules rather
// than send headers a server would reject (one bad tool never hides the rest).

/** One annotated argument: the header name and where its value lives. */
export interface ParamHeader {
  /** The part after `Mcp-Param-`, as the tool spelled it. */
  name: string;
  /** The chain of `properties` keys from the schema root. */
  path: string[];
}

/** A tool's header annotations, or why the tool must be left out. */
export type ParamHeaders = {ok: true; headers: ParamHeader[]} | {ok: false; reason: string};

const TCHAR = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const PRIMITIVES = new Set(['string', 'integer', 'boolean']);
const MAX_DEPTH = 64;
const MAX_NODES = 10_000;

/** Finds every `x-mcp-header` in an inputSchema and checks it against the spec's constraints. */
export function paramHeaders(inputSchema: unknown): ParamHeaders {
  const found: Array<{value: unknown; path: string[]; reachable: boolean; schema: Record<string, unknown>}> = [];
  let nodes = 0;
  // `reachable` stays true only along a chain of `properties` keys from the root.
  const walk = (node: unknown, path: string[], reachable: boolean, depth: number): string | undefined => {
    if (++nodes > MAX_NODES || depth > MAX_DEPTH) return 'the inputSchema is too large or deep to check its x-mcp-header annotations';
    if (Array.isArray(node)) {
      for (const item of node) {
        const bad = walk(item, path, false, depth + 1);
        if (bad) return bad;
      }
      return undefined;
    }
    if (typeof node !== 'object' || node === null) return undefined;
    const obj = node as Record<string, unknown>;
    if (Object.hasOwn(obj, 'x-mcp-header')) found.push({value: obj['x-mcp-header'], path, reachable, schema: obj});
    for (const [key, child] of Object.entries(obj)) {
      if (key === 'properties' && typeof child === 'object' && child !== null && !Array.isArray(child)) {
        for (const [prop, sub] of Object.entries(child as Record<string, unknown>)) {
          const bad = walk(sub, [...path, prop], reachable, depth + 2);
          if (bad) return bad;
        }
      } else if (key !== 'x-mcp-header') {
        const bad = walk(child, [...path, key], false, depth + 1);
        if (bad) return bad;
      }
    }
    return undefined;
  };
  const tooBig = walk(inputSchema, [], true, 0);
  if (tooBig) return {ok: false, reason: tooBig};
  const headers: ParamHeader[] = [];
  const seen = new Map<string, string>();
  for (const f of found) {
    const where = f.path.length ? `on "${f.path.join('.')}"` : 'on the schema root';
    if (typeof f.value !== 'string') return {ok: false, reason: `x-mcp-header ${where} is not a string`};
    const shown = JSON.stringify(f.value.slice(0, 40));
    if (f.value === '') return {ok: false, reason: `x-mcp-header ${where} is empty`};
    if (!TCHAR.test(f.value)) return {ok: false, reason: `x-mcp-header ${shown} ${where} is not a valid header name (letters, digits and !#$%&'*+-.^_\`|~ only)`};
    if (!f.reachable || f.path.length === 0) return {ok: false, reason: `x-mcp-header ${shown} ${where} is not reachable from the root through "properties" alone`};
    if (typeof f.schema.type !== 'string' || !PRIMITIVES.has(f.schema.type)) {
      return {ok: false, reason: `x-mcp-header ${shown} ${where} is on a ${JSON.stringify(f.schema.type ?? 'untyped')} property; only string, integer and boolean may be mirrored`};
    }
    const lower = f.value.toLowerCase();
    const twin = seen.get(lower);
    if (twin !== undefined) return {ok: false, reason: `x-mcp-header ${shown} is used twice (also as ${JSON.stringify(twin)}); names must be unique regardless of case`};
    seen.set(lower, f.value);
    headers.push({name: f.value, path: f.path});
  }
  return {ok: true, headers};
}

/** The header value of one argument, or undefined when it is absent, null or not a primitive. */
export function paramValue(args: unknown, path: string[]): string | undefined {
  let v: unknown = args;
  for (const key of path) {
    if (typeof v !== 'object' || v === null || Array.isArray(v) || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  if (typeof v === 'string') return encodeHeaderValue(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

const PLAIN = /^(?:[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?)?$/;
const SENTINEL = /^=\?base64\?.*\?=$/;

/**
 * A header-safe form of `value`: as is when it is visible ASCII without
 * leading or trailing space, else `=?base64?…?=` of its UTF-8 bytes (also
 * when it would be mistaken for that form).
 */
export function encodeHeaderValue(value: string): string {
  if (PLAIN.test(value) && !SENTINEL.test(value)) return value;
  return `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}
