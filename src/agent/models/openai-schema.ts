// MCP input schemas → what OpenAI's strict function calling accepts. Strict
// mode needs every object closed (`additionalProperties: false`), every
// property listed in `required`, and only its keyword subset. breakerbox
// converts what it can (optional properties become nullable, and the nulls
// the model then sends are removed again before the call; annotations such
// as `title` and `default` are dropped, `default` kept in the description)
// and falls back to non-strict for a tool whose schema needs more, naming why.

type Schema = Record<string, unknown>;

/** A schema converted for strict mode, or the reasons it cannot be. */
export type StrictResult = {strict: true; parameters: Schema; changes: string[]} | {strict: false; reasons: string[]};

// What strict mode takes besides structure; anything else that constrains values means non-strict.
const ALLOWED = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', '$ref', '$defs', 'definitions', 'description', 'pattern', 'format', 'multipleOf', 'maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'minItems', 'maxItems']);
const ANNOTATIONS = new Set(['title', 'default', 'examples', '$schema', '$id', '$comment', 'deprecated', 'readOnly', 'writeOnly', 'nullable']);
const FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
const MAX_DEPTH = 10;
const MAX_PROPERTIES = 5000;

/** Converts `schema` for strict mode, or says why it cannot be. Pure; the input is not changed. */
export function toStrictSchema(schema: Schema): StrictResult {
  const reasons: string[] = [];
  const changes = {nullable: 0, closed: 0, dropped: new Set<string>()};
  let properties = 0;
  const walk = (node: unknown, path: string, depth: number): unknown => {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) {
      reasons.push(`${path}: ${JSON.stringify(node)} is not a schema strict mode takes`);
      return node;
    }
    if (depth > MAX_DEPTH) reasons.push(`${path}: nested deeper than ${MAX_DEPTH} levels`);
    const n = node as Schema;
    const out: Schema = {};
    for (const [key, value] of Object.entries(n)) {
      if (ANNOTATIONS.has(key)) {
        changes.dropped.add(key);
        continue;
      }
      if (!ALLOWED.has(key)) reasons.push(`${path}: strict mode does not take "${key}"`);
      else out[key] = value;
    }
    if (n.default !== undefined) out.description = `${typeof n.description === 'string' ? `${n.description} ` : ''}(default: ${JSON.stringify(n.default)})`;
    if (typeof out.format === 'string' && !FORMATS.has(out.format)) {
      changes.dropped.add(`format "${out.format}"`);
      delete out.format;
    }
    if (out.type === undefined && out.properties === undefined && out.anyOf === undefined && out.$ref === undefined && out.enum === undefined && out.const === undefined) {
      reasons.push(`${path}: a value of any type`);
    }
    for (const defs of ['$defs', 'definitions'] as const) {
      if (out[defs] && typeof out[defs] === 'object') out[defs] = mapValues(out[defs] as Schema, (v, k) => walk(v, `${path}.${defs}.${k}`, depth + 1));
    }
    if (Array.isArray(out.anyOf)) out.anyOf = out.anyOf.map((v, i) => walk(v, `${path}.anyOf[${i}]`, depth + 1));
    if (out.items !== undefined) out.items = walk(out.items, `${path}.items`, depth + 1);
    if (isObjectType(out)) {
      const props = (out.properties ?? {}) as Schema;
      const names = Object.keys(props);
      properties += names.length;
      if (out.additionalProperties !== undefined && out.additionalProperties !== false) reasons.push(`${path}: an object that takes any keys (additionalProperties)`);
      else if (names.length === 0 && out.properties === undefined) reasons.push(`${path}: an object with no listed properties`);
      if (out.additionalProperties === undefined) changes.closed++;
      out.additionalProperties = false;
      out.type ??= 'object';
      const required = new Set(Array.isArray(out.required) ? (out.required as string[]) : []);
      out.properties = mapValues(props, (v, k) => {
        const converted = walk(v, `${path}.${k}`, depth + 1) as Schema;
        if (required.has(k)) return converted;
        changes.nullable++;
        return nullable(converted);
      });
      out.required = names;
    }
    return out;
  };
  if (!isObjectType(schema)) return {strict: false, reasons: ['the schema is not an object']};
  const parameters = walk(schema, '$', 0) as Schema;
  if (properties > MAX_PROPERTIES) reasons.push(`more than ${MAX_PROPERTIES} properties`);
  if (reasons.length) return {strict: false, reasons};
  const list: string[] = [];
  if (changes.nullable) list.push(`${changes.nullable} optional propert${changes.nullable === 1 ? 'y' : 'ies'} made nullable (nulls are removed before the call)`);
  if (changes.closed) list.push(`${changes.closed} object${changes.closed === 1 ? '' : 's'} closed (additionalProperties: false)`);
  if (changes.dropped.size) list.push(`dropped ${[...changes.dropped].join(', ')}`);
  return {strict: true, parameters, changes: list};
}

/** Removes the nulls strict mode made the model send for optional properties the original schema does not allow null for. */
export function stripAddedNulls(value: unknown, schema: Schema, root: Schema = schema): unknown {
  const s = resolve(schema, root);
  if (Array.isArray(value)) return s.items && typeof s.items === 'object' ? value.map((v) => stripAddedNulls(v, s.items as Schema, root)) : value;
  if (value === null || typeof value !== 'object' || !s.properties || typeof s.properties !== 'object') return value;
  const props = s.properties as Record<string, Schema>;
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const prop = props[k];
    if (v === null && prop && !required.has(k) && !allowsNull(resolve(prop, root))) continue;
    out[k] = prop && typeof prop === 'object' ? stripAddedNulls(v, prop, root) : v;
  }
  return out;
}

// Scalars take a type union; objects and arrays are wrapped in anyOf, the form strict mode documents for them.
function nullable(s: Schema): Schema {
  if (typeof s.type === 'string' && s.type !== 'object' && s.type !== 'array' && s.enum === undefined) return {...s, type: [s.type, 'null']};
  if (Array.isArray(s.type) && s.enum === undefined) return s.type.includes('null') ? s : {...s, type: [...s.type, 'null']};
  return {anyOf: [s, {type: 'null'}]};
}

function allowsNull(s: Schema): boolean {
  if (s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null'))) return true;
  if (Array.isArray(s.enum) && s.enum.includes(null)) return true;
  return Array.isArray(s.anyOf) && s.anyOf.some((b) => b && typeof b === 'object' && allowsNull(b as Schema));
}

function resolve(s: Schema, root: Schema): Schema {
  const ref = s.$ref;
  if (typeof ref !== 'string') return s;
  const m = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
  const target = m ? ((root[m[1]!] as Schema | undefined)?.[decodeURIComponent(m[2]!)] as Schema | undefined) : undefined;
  return target && typeof target === 'object' ? target : s;
}

function isObjectType(s: Schema): boolean {
  return s.type === 'object' || (s.type === undefined && s.properties !== undefined);
}

function mapValues(obj: Schema, f: (v: unknown, k: string) => unknown): Schema {
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, f(v, k)]));
}
