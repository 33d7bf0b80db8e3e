// MCP tool → catalog entry → model tool. The translation is lossy on purpose:
// `title` goes to the UI, `annotations` to the approval policy, `outputSchema`
// to our validator; the model sees only name, description and input schema.
//
// Input schemas. The model API accepts only object schemas, and rejects the
// whole request (every tool, every server) when one input schema is not valid
// JSON Schema 2020-12. So one bad tool must not reach it:
// - not a JSON object at all (string, array, null…) → the tool is dropped;
// - an object without `type` → `type: "object"` is added (a common omission
//   for argument-less tools: `{}` or `{properties: {}}`);
// - `type` present but not "object" → dropped: wrapping it in `{value: …}`
//   would change the arguments the server receives;
// - fails the 2020-12 meta-schema → dropped, with the first error as reason.
import type {ToolAnnotations, Tool} from '../session/mcp-types.js';
import {stripControl, stripControlLine} from '../util/sanitize.js';
import {loadMetaSchema, metaSchemaLoaded, metaSchemaProblem, NOT_LOADED} from './schema/meta-schema.js';
import type {CatalogEntry, NameMangling, ModelTool} from './types.js';

/** A tool left out of the catalog, and why (for the server's status line). */
export interface DroppedTool {
  dropped: string;
}

// A plain object's test is written out where a listed tool is translated (not
// an isPlainObject helper): called several times per tool, the helper was one
// more function for V8 to compile in every 1,000-tool start (issue #17).

/** Builds the catalog entry of one tool, or says why the tool cannot be offered to the model. */
export function buildEntry(alias: string, tool: Tool, name: string, mangling: NameMangling, trusted: boolean): CatalogEntry | DroppedTool {
  if (typeof tool?.name !== 'string') return {dropped: 'the tool has no name'};
  const input = checkInputSchema(tool.inputSchema);
  if ('dropped' in input) return input;
  const title = typeof tool.title === 'string' && tool.title.trim() !== '' ? stripControlLine(tool.title) : undefined;
  const original = typeof tool.description === 'string' ? tool.description : undefined;
  const own = original && original.trim() !== '' ? original : (title ?? tool.name);
  const annotations = cleanAnnotations(tool.annotations);
  // Members added one by one in the table's order, not spread from `{}` or
  // `{title}`: every tool of every listing is translated, and each spread
  // made a temporary object (issue #17: allocation while a table is built).
  const entry = {name, alias, tool: tool.name} as CatalogEntry;
  if (title !== undefined) entry.title = title;
  // Provenance first, so a description that claims another origin still
  // reads "[from tickets] [from notes] …".
  entry.description = `[from ${alias}] ${stripControl(own)}`;
  if (original !== undefined) entry.originalDescription = original;
  entry.inputSchema = input.schema;
  const output = tool.outputSchema;
  if (typeof output === 'object' && output !== null && !Array.isArray(output)) entry.outputSchema = output as Record<string, unknown>;
  if (annotations) entry.annotations = annotations;
  entry.trusted = trusted;
  entry.mangling = mangling;
  return entry;
}

/**
 * A new entry with the members `buildEntry` gave `entry`, in the same order,
 * and nothing a table build added to it (pin verdict, withheld text,
 * findings). Object.assign would copy those too, and read the findings.
 */
export function copyTranslation(entry: CatalogEntry): CatalogEntry {
  const copy = {name: entry.name, alias: entry.alias, tool: entry.tool} as CatalogEntry;
  if (entry.title !== undefined) copy.title = entry.title;
  copy.description = entry.description;
  if (entry.originalDescription !== undefined) copy.originalDescription = entry.originalDescription;
  copy.inputSchema = entry.inputSchema;
  if (entry.outputSchema !== undefined) copy.outputSchema = entry.outputSchema;
  if (entry.annotations !== undefined) copy.annotations = entry.annotations;
  copy.trusted = entry.trusted;
  copy.mangling = entry.mangling;
  return copy;
}

/**
 * Verdicts per schema object. Every catalog rebuild (one per server coming
 * online) translates every tool again; a server's tool objects stay the same
 * until it re-lists, so their meta-schema checks are done once.
 */
const checked = new WeakMap<object, {schema: Record<string, unknown>} | DroppedTool>();

/**
 * The verdict on a schema that needs the meta-schema validator before it was
 * loaded: never cached, so the next translation after the load checks it.
 * Reaching it means some path handed tools over without prepareTranslation.
 */
const UNCHECKED: DroppedTool = {dropped: `inputSchema ${NOT_LOADED}`};

/**
 * Call before translating tools that came from a listing or a cache: loads the
 * meta-schema validator if one of their input schemas needs it (plainlyValid
 * cannot answer), and returns undefined, nothing to await, when none does: a
 * start whose servers send plain schemas never loads it (issue #18). The
 * verdicts found are kept, so the table build after it only looks them up.
 */
export function prepareTranslation(tools: readonly Tool[]): Promise<void> | undefined {
  if (metaSchemaLoaded()) return undefined;
  for (const tool of tools) if (checkInputSchema(tool?.inputSchema) === UNCHECKED) return loadMetaSchema();
  return undefined;
}

/** The input schema the model may see, or why there is none. */
export function checkInputSchema(schema: unknown): {schema: Record<string, unknown>} | DroppedTool {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return checkUncached(schema);
  let verdict = checked.get(schema as object);
  if (verdict) return verdict;
  verdict = checkUncached(schema);
  if (verdict !== UNCHECKED) checked.set(schema as object, verdict);
  return verdict;
}

function checkUncached(given: unknown): {schema: Record<string, unknown>} | DroppedTool {
  if (typeof given !== 'object' || given === null || Array.isArray(given)) {
    const kind = given === undefined ? 'missing' : given === null ? 'null' : Array.isArray(given) ? 'an array' : `a ${typeof given}`;
    return {dropped: `inputSchema is ${kind}, not a JSON Schema object`};
  }
  const schema = given as Record<string, unknown>;
  if (schema.type !== undefined && schema.type !== 'object') {
    return {dropped: `inputSchema has type ${JSON.stringify(schema.type)}; tool arguments must be an object`};
  }
  const fixed = schema.type === undefined ? {type: 'object', ...schema} : schema;
  const problem = metaSchemaProblem(fixed);
  if (problem === NOT_LOADED) return UNCHECKED;
  return problem ? {dropped: `inputSchema is not valid JSON Schema 2020-12: ${problem}`} : {schema: fixed};
}

/** The model's view of an entry: name, description and input schema, nothing else. */
export function toModelTool(entry: CatalogEntry): ModelTool {
  return {name: entry.name, description: entry.description, input_schema: entry.inputSchema};
}

/** Model tools in catalog order. Prompt caching (`cache_control`) is the provider's business. */
export function modelTools(entries: readonly CatalogEntry[]): ModelTool[] {
  return entries.map(toModelTool);
}

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

// Keep only the hints we know, with the types we expect: a lying
// `readOnlyHint: "false"` must not read as truthy further down.
function cleanAnnotations(raw: unknown): ToolAnnotations | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const given = raw as Record<string, unknown>;
  const out: ToolAnnotations = {};
  if (typeof given.title === 'string') out.title = stripControlLine(given.title);
  let any = out.title !== undefined;
  for (let i = 0; i < HINTS.length; i++) {
    const k = HINTS[i]!;
    if (typeof given[k] === 'boolean') (out[k] = given[k] as boolean), (any = true);
  }
  return any ? out : undefined;
}
