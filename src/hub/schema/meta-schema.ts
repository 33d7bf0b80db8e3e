// Is this object valid JSON Schema 2020-12 (what the model APIs demand of
// every input schema)? Answered by the meta-schema compiled ahead of time
// (meta-2020.generated.ts, made by scripts/gen-meta-schema.mjs), so checking
// the input schemas of a listing loads no Ajv and compiles nothing: Ajv
// itself is loaded only for tools that declare an outputSchema.
import {stripControlLine} from '../../util/sanitize.js';
import {validate as validateMeta} from './meta-2020.generated.js';
import {plainlyValid} from './plain-schema.js';

/** The part of an Ajv error object the messages use. */
export interface SchemaError {
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

type MetaValidator = ((data: unknown) => boolean) & {errors?: SchemaError[] | null};

/** Why `schema` is not valid JSON Schema 2020-12, or undefined. Never throws. */
export function metaSchemaProblem(schema: Record<string, unknown>): string | undefined {
  const check = validateMeta as MetaValidator;
  try {
    // The usual schema is answered without the generated validator's garbage (plain-schema.ts).
    if (plainlyValid(schema) || check(schema)) return undefined;
    return stripControlLine(describeSchemaError(check.errors)).slice(0, 300);
  } catch (err) {
    return `could not be checked: ${err instanceof Error ? err.message : String(err)}`;
  }
}

/** The first error, as one short phrase: "/properties/a/minLength must be >= 0". */
export function describeSchemaError(errors: readonly SchemaError[] | null | undefined): string {
  const e = errors?.[0];
  if (!e) return 'invalid';
  const where = e.instancePath === '' ? '(root)' : e.instancePath;
  const extra = typeof e.params?.additionalProperty === 'string' ? ` (${JSON.stringify(e.params.additionalProperty)})` : '';
  return `${where} ${e.message ?? 'is invalid'}${extra}`;
}
