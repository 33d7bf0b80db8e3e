// Checks arguments a person typed (`breakerbox call`, the manual call form's
// JSON editor) against a tool's input schema before they are sent, so a
// mistake is named here rather than guessed at from the server's answer.
// Same compiler as the output validator: one Ajv per schema, nothing fetched.
import type {AnySchemaObject} from 'ajv';
import {stripControlLine} from '../util/sanitize.js';
import {compile} from './output-validator.js';
import {describeSchemaError} from './schema/meta-schema.js';

const compiled = new WeakMap<object, ReturnType<typeof compile>>();

/** Why `args` do not fit `schema` (the first problem), or undefined when they do or the schema cannot be compiled. */
export function argumentProblem(schema: Record<string, unknown>, args: unknown): string | undefined {
  let c = compiled.get(schema);
  if (!c) compiled.set(schema, (c = compile(schema as AnySchemaObject)));
  if ('error' in c) return undefined;
  try {
    return c.fn(args) === true ? undefined : stripControlLine(describeSchemaError(c.fn.errors)).slice(0, 300);
  } catch {
    return undefined;
  }
}
