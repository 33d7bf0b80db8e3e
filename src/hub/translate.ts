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

/**
 * Builds the catalog entry of one tool, or says why the tool cannot be
 * offered to the model. `input`: the verdict on its input schema from
 * `inputVerdicts` (the table build passes its listing's); checked here without.
 */
export function buildEntry(alias: string, tool: Tool, name: string, mangling: NameMangling, trusted: boolean, input: InputVerdict = inputVerdict(tool?.inputSchema)): CatalogEntry | DroppedTool {
  if (typeof tool?.name !== 'string') return {dropped: 'the tool has no name'};
  if (input instanceof SchemaDrop) return {dropped: input.dropped};
  const title = typeof tool.title === 'string' && tool.title.trim() !== '' ? stripControlLine(tool.title) : undefined;
  const original = typeof tool.description === 'string' ? tool.description : undefined;
  const own = original && original.trim() !== '' ? original : (title ?? tool.name);
  const annotations = cleanAnnotations(tool.annotations);
  const output = tool.outputSchema;
  if (alias !== provenanceAlias) (provenanceAlias = alias), (provenanceText = `[from ${alias}] `);
  // One literal with every member, the absent ones undefined: every entry gets its members in the
  // object itself and the same hidden class (the call path reads them), where adding the optional
  // ones one by one grew a separate property store twice per entry (issue #17: bytes per listed tool).
  // Provenance first, so a description that claims another origin still reads "[from tickets] [from notes] …".
  return {
    name,
    alias,
    tool: tool.name,
    title,
    description: provenanceText + stripControl(own),
    originalDescription: original,
    inputSchema: input,
    outputSchema: typeof output === 'object' && output !== null && !Array.isArray(output) ? (output as Record<string, unknown>) : undefined,
    annotations,
    trusted,
    mangling,
  };
}

// "[from <alias>] ", made once per server rather than once per tool (a table's tools come server by server),
// written into buildEntry rather than a function of its own, one more for V8 to compile per listing.
let provenanceAlias: string | undefined;
let provenanceText = '';

/**
 * A new entry with the members `buildEntry` gave `entry`, in the same order,
 * and nothing a table build added to it (pin verdict, withheld text,
 * findings). Object.assign would copy those too, and read the findings.
 */
export function copyTranslation(entry: CatalogEntry): CatalogEntry {
  return {
    name: entry.name,
    alias: entry.alias,
    tool: entry.tool,
    title: entry.title,
    description: entry.description,
    originalDescription: entry.originalDescription,
    inputSchema: entry.inputSchema,
    outputSchema: entry.outputSchema,
    annotations: entry.annotations,
    trusted: entry.trusted,
    mangling: entry.mangling,
  };
}

/** Why a listed tool's input schema cannot go to the model; an instance, so that a verdict is told from a schema by class. */
class SchemaDrop implements DroppedTool {
  constructor(readonly dropped: string) {}
}

/** A listed tool's input schema as the model may see it (the schema itself), or why it may not. */
type InputVerdict = Record<string, unknown> | SchemaDrop;

/**
 * The verdict on a schema that needs the meta-schema validator before it was
 * loaded: checked again once it is. Reaching a table with it means some path
 * handed tools over without prepareTranslation.
 */
const UNCHECKED = new SchemaDrop(`inputSchema ${NOT_LOADED}`);

/** One listing's verdicts, by position; `unchecked`: some waited for the meta-schema validator. */
interface ListingVerdicts {
  verdicts: InputVerdict[];
  unchecked: boolean;
}

/**
 * Verdicts per listing, not per schema object (issue #17): a listing is
 * checked once, in one loop, before its first table (prepareTranslation);
 * the tables built from it read the verdicts by position. Keyed by the
 * listing: a server's tools array is replaced on every re-list, never
 * changed in place. A WeakMap entry per schema was a thousand entries to
 * add, and twice as many look-ups, in every 1,000-tool start.
 */
const listingVerdicts = new WeakMap<readonly Tool[], ListingVerdicts>();

/** The verdicts on `tools`' input schemas, by position: worked out once per listing (those still unchecked, once more after the validator's load). */
export function inputVerdicts(tools: readonly Tool[]): ReadonlyArray<InputVerdict> {
  const known = listingVerdicts.get(tools);
  if (known && !(known.unchecked && metaSchemaLoaded())) return known.verdicts;
  const verdicts = known?.verdicts ?? new Array<InputVerdict>(tools.length);
  let unchecked = false;
  for (let i = 0; i < tools.length; i++) {
    if (known && verdicts[i] !== UNCHECKED) continue;
    const verdict = inputVerdict(tools[i]?.inputSchema);
    verdicts[i] = verdict;
    if (verdict === UNCHECKED) unchecked = true;
  }
  listingVerdicts.set(tools, {verdicts, unchecked});
  return verdicts;
}

/**
 * Call before translating tools that came from a listing or a cache: loads the
 * meta-schema validator if one of their input schemas needs it (plainlyValid
 * cannot answer), and returns undefined, nothing to await, when none does: a
 * start whose servers send plain schemas never loads it (issue #18). The
 * verdicts found are kept with the listing, so the table build after it only
 * reads them.
 */
export function prepareTranslation(tools: readonly Tool[]): Promise<void> | undefined {
  inputVerdicts(tools);
  return listingVerdicts.get(tools)!.unchecked ? loadMetaSchema() : undefined;
}

/** The input schema the model may see, or why there is none (one schema, checked now). */
export function checkInputSchema(schema: unknown): {schema: Record<string, unknown>} | DroppedTool {
  const verdict = inputVerdict(schema);
  return verdict instanceof SchemaDrop ? {dropped: verdict.dropped} : {schema: verdict};
}

function inputVerdict(given: unknown): InputVerdict {
  if (typeof given !== 'object' || given === null || Array.isArray(given)) {
    const kind = given === undefined ? 'missing' : given === null ? 'null' : Array.isArray(given) ? 'an array' : `a ${typeof given}`;
    return new SchemaDrop(`inputSchema is ${kind}, not a JSON Schema object`);
  }
  const schema = given as Record<string, unknown>;
  if (schema.type !== undefined && schema.type !== 'object') {
    return new SchemaDrop(`inputSchema has type ${JSON.stringify(schema.type)}; tool arguments must be an object`);
  }
  const fixed = schema.type === undefined ? {type: 'object', ...schema} : schema;
  const problem = metaSchemaProblem(fixed);
  if (problem === NOT_LOADED) return UNCHECKED;
  return problem ? new SchemaDrop(`inputSchema is not valid JSON Schema 2020-12: ${problem}`) : fixed;
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
