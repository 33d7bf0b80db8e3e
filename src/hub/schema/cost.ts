// How much work one schema can make a validator do, found before compiling.
// Combinators over local `$ref`s multiply: `$defs` a0 = anyOf [a1, a1],
// a1 = anyOf [a2, a2], … forty levels deep is a 2 KB schema that makes any
// validator evaluate 2^40 subschemas against a value that fails. So the
// schema is unfolded as a validator would walk it (each `$ref` followed, its
// cost counted once per use, memoised, cycles cut) and counted up to a limit.
// A recursive schema is counted once around each cycle: recursion that
// branches on the same value (anyOf of two self-references) is not caught here.

/** Deepest schema compiled or checked (compilers recurse through it). */
export const MAX_SCHEMA_DEPTH = 64;

/** Subschemas a validator may evaluate for one schema before we refuse to check it. */
export const MAX_SCHEMA_COST = 50_000;

const ONE = ['not', 'if', 'then', 'else', 'items', 'additionalItems', 'contains', 'additionalProperties', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties'];
const MANY = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];
const MAPS = ['properties', 'patternProperties', 'dependentSchemas', 'dependencies'];

/** Subschemas evaluated in the worst case, or `limit` + 1 when it is over `limit`. */
export function schemaCost(root: unknown, limit = MAX_SCHEMA_COST): number {
  const memo = new Map<object, number>();
  const onStack = new Set<object>();
  const cost = (node: unknown): number => {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return 1;
    const known = memo.get(node);
    if (known !== undefined) return known;
    if (onStack.has(node)) return 1;
    onStack.add(node);
    const s = node as Record<string, unknown>;
    let total = 1;
    const add = (sub: unknown) => {
      if (total <= limit) total += cost(sub);
    };
    if (typeof s.$ref === 'string') add(resolve(root, s.$ref));
    for (const k of ONE) if (isSchema(s[k])) add(s[k]);
    for (const k of MANY) if (Array.isArray(s[k])) for (const sub of s[k] as unknown[]) add(sub);
    for (const k of MAPS) {
      const map = s[k];
      if (map && typeof map === 'object' && !Array.isArray(map)) for (const sub of Object.values(map)) if (isSchema(sub)) add(sub);
    }
    onStack.delete(node);
    const capped = Math.min(total, limit + 1);
    memo.set(node, capped);
    return capped;
  };
  return cost(root);
}

const isSchema = (v: unknown): boolean => typeof v === 'boolean' || (v !== null && typeof v === 'object' && !Array.isArray(v));

// Local JSON pointers only (`#`, `#/$defs/x`); anything else costs one step here.
function resolve(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined;
    }
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
