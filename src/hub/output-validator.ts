// Checks `structuredContent` against a tool's `outputSchema`. Schemas come
// from untrusted servers, so: every schema compiles in its own short-lived Ajv
// instance (no `$id` clashes between tools, no tool resolving another tool's
// `$ref`, nothing accumulating inside Ajv); nothing is ever fetched (no
// `loadSchema`, so a remote `$ref` fails to compile and becomes a warning);
// compiled validators live in a small LRU keyed by alias, tool and schema
// object identity; Ajv stops at the first error and never logs to the console.
// Validation time stays linear in the result: `pattern` runs on RE2
// (schema/linear-regex.ts), `uniqueItems` hashes (schema/unique-items.ts), a
// schema whose `$ref`s and combinators unfold too far is not checked
// (schema/cost.ts), formats are not checked at all, and the hub drops
// structuredContent nested deeper than MAX_JSON_DEPTH before it gets here.
// Ajv is a heavy import: the hub loads this module only once some tool
// declares an outputSchema (input schemas are checked without Ajv, see
// schema/meta-schema.ts).
import {Ajv, type AnySchemaObject, type Options, type ValidateFunction} from 'ajv';
import {Ajv2019} from 'ajv/dist/2019.js';
import {Ajv2020} from 'ajv/dist/2020.js';
import type {CallToolResult} from '../session/mcp-types.js';
import {stripControlLine} from '../util/sanitize.js';
import {tooDeep} from '../util/safe-json.js';
import {MAX_SCHEMA_COST, MAX_SCHEMA_DEPTH, schemaCost} from './schema/cost.js';
import {linearRegExp} from './schema/linear-regex.js';
import {describeSchemaError} from './schema/meta-schema.js';
import {linearUniqueItems} from './schema/unique-items.js';
import type {CatalogEntry} from './types.js';
import {grouped} from '../util/grouped.js';

/** The verdict on one result: a mismatch is an error for the model; warnings are for the user. */
export type OutputCheck = {ok: true; warning?: string} | {ok: false; message: string};

/** Limits; the defaults suit an interactive session. */
export interface OutputValidatorOptions {
  /** Compiled validators kept (least recently used are dropped). */
  maxCached?: number;
  /** Longest message or warning returned. */
  maxMessageLength?: number;
}

/** A compiled schema, with the patterns RE2 could not take (those keywords always pass). */
type Compiled = {fn: ValidateFunction; skipped?: string} | {error: string};
type Engine = typeof Ajv2020 | typeof Ajv2019 | typeof Ajv;

const AJV_OPTIONS: Options = {
  strict: false, // real-world schemas carry unknown keywords and formats
  allErrors: false,
  logger: false,
  validateFormats: false,
  validateSchema: false, // compile still rejects broken keywords; meta-checking here would cost ~10 ms a schema
  ownProperties: true,
};

/** The common answer, shared: validation sits on every call's path. */
const PASSED: OutputCheck = Object.freeze({ok: true});

/** Compiles, caches and applies output schemas. */
export class OutputValidator {
  /**
   * By `alias\0tool`. Least recently used goes first, by a use stamp rather
   * than Map order: moving a hit to the end (delete, set) on every validated
   * call churned the Map, and a churning Map in the old generation keeps
   * young objects alive through scavenges (BENCHMARKS.md §11).
   */
  private readonly cache = new Map<string, {schema: object; compiled: Compiled; used: number}>();
  private uses = 0;
  private readonly maxCached: number;
  private readonly maxLength: number;

  constructor(options: OutputValidatorOptions = {}) {
    this.maxCached = options.maxCached ?? 256;
    this.maxLength = options.maxMessageLength ?? 500;
  }

  /** Checks one call result; skips error results and tools without an outputSchema. Never throws. */
  validate(entry: Pick<CatalogEntry, 'alias' | 'tool' | 'outputSchema'>, result: Pick<CallToolResult, 'isError' | 'structuredContent'>): OutputCheck {
    const schema = entry.outputSchema;
    if (result.isError === true || !schema) return PASSED;
    if (result.structuredContent === undefined) {
      return {ok: true, warning: this.cap(`${labelOf(entry)} declares an outputSchema but returned no structuredContent`)};
    }
    const compiled = this.compiled(entry.alias, entry.tool, schema);
    if ('error' in compiled) {
      return {ok: true, warning: this.cap(`the outputSchema of ${labelOf(entry)} could not be compiled, so its output was not checked: ${compiled.error}`)};
    }
    let valid: unknown;
    try {
      valid = compiled.fn(result.structuredContent);
    } catch (err) {
      return {ok: true, warning: this.cap(`the output of ${labelOf(entry)} could not be checked: ${errorText(err)}`)};
    }
    if (valid === true) return compiled.skipped ? {ok: true, warning: this.cap(`${labelOf(entry)}: ${compiled.skipped}`)} : PASSED;
    return {ok: false, message: this.cap(`structuredContent does not match the outputSchema of ${labelOf(entry)}: ${describeSchemaError(compiled.fn.errors)}`)};
  }

  /** How many compiled validators are cached. */
  get size(): number {
    return this.cache.size;
  }

  /** Forgets every compiled validator. */
  clear(): void {
    this.cache.clear();
  }

  private compiled(alias: string, tool: string, schema: object): Compiled {
    const key = `${alias}\0${tool}`;
    const hit = this.cache.get(key);
    if (hit && hit.schema === schema) {
      hit.used = ++this.uses;
      return hit.compiled;
    }
    const compiled = compile(schema as AnySchemaObject);
    // A new schema for a cached tool replaces it in place; a new tool may push out the least recently used.
    if (!hit && this.cache.size >= this.maxCached) this.cache.delete(this.leastRecentlyUsed());
    this.cache.set(key, {schema, compiled, used: ++this.uses});
    return compiled;
  }

  // A scan of at most maxCached entries, only when a new schema is compiled (which costs far more).
  private leastRecentlyUsed(): string {
    let oldest = '';
    let stamp = Infinity;
    for (const [key, {used}] of this.cache) {
      if (used < stamp) (stamp = used), (oldest = key);
    }
    return oldest;
  }

  private cap(text: string): string {
    const clean = stripControlLine(text);
    return clean.length <= this.maxLength ? clean : `${clean.slice(0, this.maxLength - 1)}…`;
  }
}

/** Compiles one untrusted schema in its own Ajv instance (the dialect from `$schema`); never throws. */
export function compile(schema: AnySchemaObject): Compiled {
  const engine = engineFor(schema.$schema);
  if (typeof engine === 'string') return {error: engine};
  if (schema.$async === true) return {error: 'asynchronous schemas ($async) are not supported'};
  if (tooDeep(schema, MAX_SCHEMA_DEPTH)) return {error: `it is nested more than ${MAX_SCHEMA_DEPTH} levels deep`};
  if (schemaCost(schema) > MAX_SCHEMA_COST) return {error: `its $refs and combinators unfold to more than ${grouped(MAX_SCHEMA_COST)} subschemas, too costly to check on every call`};
  try {
    const skipped: string[] = [];
    const ajv = new engine({...AJV_OPTIONS, code: {regExp: linearRegExp(skipped)}});
    ajv.removeKeyword('uniqueItems');
    ajv.addKeyword(linearUniqueItems);
    const fn = ajv.compile(schema);
    if ((fn as {$async?: boolean}).$async) return {error: 'asynchronous schemas ($async) are not supported'};
    const note = skipped.length ? `${skipped.length === 1 ? 'a pattern' : `${skipped.length} patterns`} of the outputSchema cannot run on a linear-time regex engine and ${skipped.length === 1 ? 'is' : 'are'} not checked: ${skipped.join('; ')}` : undefined;
    return note ? {fn, skipped: note} : {fn};
  } catch (err) {
    const text = errorText(err);
    return {error: /resolve reference/.test(text) ? `${text} (remote references are never fetched)` : text};
  }
}

// The dialect comes from `$schema`: 2020-12 when absent (the MCP default).
function engineFor($schema: unknown): Engine | string {
  if ($schema === undefined) return Ajv2020;
  const id = typeof $schema === 'string' ? $schema.replace(/^https?:\/\//, '').replace(/#$/, '') : '';
  if (id === 'json-schema.org/draft/2020-12/schema') return Ajv2020;
  if (id === 'json-schema.org/draft/2019-09/schema') return Ajv2019;
  if (id === 'json-schema.org/draft-07/schema' || id === 'json-schema.org/draft-06/schema') return Ajv;
  return `unsupported $schema ${JSON.stringify($schema).slice(0, 80)} (supported: 2020-12, 2019-09, draft-07)`;
}

/** The tool as messages name it; made only for a message, not for a result that passes (nearly every call). */
const labelOf = (entry: Pick<CatalogEntry, 'alias' | 'tool'>): string => stripControlLine(`${entry.alias}/${entry.tool}`).slice(0, 140);

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));
