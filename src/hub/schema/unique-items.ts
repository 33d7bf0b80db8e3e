// Ajv's `uniqueItems` compares every pair of items when they may be objects
// or arrays: 50,000 items is over a billion deep comparisons. This one keys
// each item by a canonical JSON text (object keys sorted) and uses a Set, so
// it takes time linear in the size of the array. JSON Schema equality is what
// it implements: key order does not matter, 1 and 1.0 are the same number.
import type {KeywordDefinition} from 'ajv';

/** Replaces Ajv's own `uniqueItems` (remove it first). */
export const linearUniqueItems: KeywordDefinition = {
  keyword: 'uniqueItems',
  type: 'array',
  schemaType: 'boolean',
  errors: false,
  validate: (unique: boolean, data: unknown[]) => !unique || allUnique(data),
};

function allUnique(items: unknown[]): boolean {
  const seen = new Set<string>();
  for (const item of items) {
    const key = canonical(item);
    if (seen.has(key)) return false;
    seen.add(key);
  }
  return true;
}

// Depth is bounded before validation runs (the hub drops structuredContent
// nested deeper than MAX_JSON_DEPTH), so this recursion is too.
function canonical(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const keys = Object.keys(v).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`;
}
