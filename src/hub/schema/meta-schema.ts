// Is this object valid JSON Schema 2020-12 (what the model APIs demand of
// every input schema)? Answered by the meta-schema compiled ahead of time
// (meta-2020.generated.ts, made by scripts/gen-meta-schema.mjs), so checking
// the input schemas of a listing loads no Ajv and compiles nothing: Ajv
// itself is loaded only for tools that declare an outputSchema.
// Most schemas are answered by plainlyValid alone; the generated validator
// (64 KB that V8 compiled at every start, issue #18) is loaded only once a
// schema needs it. The check stays synchronous, so whoever hands tools to
// the translation loads it first (translate.ts, prepareTranslation).
import {stripControlLine} from '../../util/sanitize.js';
import {plainlyValid} from './plain-schema.js';

/** The part of an Ajv error object the messages use. */
export interface SchemaError {
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

type MetaValidator = ((data: unknown) => boolean) & {errors?: SchemaError[] | null};

let validateMeta: MetaValidator | undefined;
let loading: Promise<void> | undefined;

/** Loads the generated validator, once; metaSchemaProblem needs it for a schema plainlyValid does not answer. */
export function loadMetaSchema(): Promise<void> {
  return (loading ??= import('./meta-2020.generated.js').then((m) => {
    validateMeta = m.validate as MetaValidator;
  }));
}

/** True once loadMetaSchema has finished. */
export function metaSchemaLoaded(): boolean {
  return validateMeta !== undefined;
}

/** The answer for a schema that needs the validator before loadMetaSchema has finished. */
export const NOT_LOADED = 'could not be checked: the meta-schema validator was not loaded first';

/** Why `schema` is not valid JSON Schema 2020-12, or undefined. Never throws. */
export function metaSchemaProblem(schema: Record<string, unknown>): string | undefined {
  try {
    // The usual schema is answered without the generated validator's garbage (plain-schema.ts).
    if (plainlyValid(schema)) return undefined;
    const check = validateMeta;
    if (!check) return NOT_LOADED;
    if (check(schema)) return undefined;
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
