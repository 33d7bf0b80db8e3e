// A quick yes for the input schemas most servers send. Checking a schema
// against the 2020-12 meta-schema with the generated validator costs about
// 3.7 KB of garbage per tool (Ajv passes an options object and a JSON
// pointer string into every `$dynamicRef` hop) and, run cold, most of a
// server's first-listing CPU (BENCHMARKS.md §11). Most input schemas use a
// handful of keywords with plain values (type, description, properties,
// required, enum, items, bounds); for those, what the meta-schema asks is a
// few type tests, done here without allocating. Anything else — a keyword
// not in the list below, a value this check is unsure of, deep nesting — is
// answered "not sure" and goes to the full validator, so the verdict is
// always the meta-schema's: this may only say yes where it would.

/** The meta-schema's `simpleTypes`. */
const SIMPLE_TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);

/** Deeper than this, the full validator decides. */
const MAX_PLAIN_DEPTH = 32;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * True when `schema` is certainly valid JSON Schema 2020-12; false means
 * "ask the meta-schema", not "invalid".
 */
export function plainlyValid(schema: unknown): boolean {
  return plainSchema(schema, 0);
}

function plainSchema(node: unknown, depth: number): boolean {
  if (typeof node === 'boolean') return true;
  if (!isObject(node) || depth > MAX_PLAIN_DEPTH) return false;
  for (const key in node) {
    // The generated validator looks at own properties only (ownProperties: true).
    if (!Object.hasOwn(node, key)) continue;
    if (!plainKeyword(key, node[key], depth)) return false;
  }
  return true;
}

function plainKeyword(key: string, v: unknown, depth: number): boolean {
  switch (key) {
    case 'type':
      if (typeof v === 'string') return SIMPLE_TYPES.has(v);
      if (!Array.isArray(v) || v.length === 0) return false;
      for (const t of v) if (typeof t !== 'string' || !SIMPLE_TYPES.has(t)) return false;
      return uniqueStrings(v as string[]);
    case 'description':
    case 'title':
    case '$comment':
    case '$schema': // format "uri", which the meta-schema check does not enforce (validateFormats: false)
    case 'format':
      return typeof v === 'string';
    case 'properties':
      if (!isObject(v)) return false;
      for (const name in v) if (Object.hasOwn(v, name) && !plainSchema(v[name], depth + 1)) return false;
      return true;
    case 'items':
    case 'additionalProperties':
    case 'not':
      return plainSchema(v, depth + 1);
    case 'anyOf':
    case 'oneOf':
    case 'allOf':
      if (!Array.isArray(v) || v.length === 0) return false;
      for (const item of v) if (!plainSchema(item, depth + 1)) return false;
      return true;
    case 'required':
      if (!Array.isArray(v)) return false;
      for (const s of v) if (typeof s !== 'string') return false;
      return uniqueStrings(v as string[]);
    case 'enum':
    case 'examples':
      return Array.isArray(v);
    case 'const':
    case 'default':
      return true;
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
    case 'minProperties':
    case 'maxProperties':
      return Number.isInteger(v) && (v as number) >= 0;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return Number.isFinite(v);
    case 'multipleOf':
      return Number.isFinite(v) && (v as number) > 0;
    case 'uniqueItems':
    case 'deprecated':
    case 'readOnly':
    case 'writeOnly':
      return typeof v === 'boolean';
    default:
      return false;
  }
}

function uniqueStrings(list: readonly string[]): boolean {
  if (list.length > 16) return new Set(list).size === list.length;
  for (let i = 1; i < list.length; i++) if (list.lastIndexOf(list[i]!, i - 1) !== -1) return false;
  return true;
}
