import type {Tool} from '../session/mcp-types.js';
import {safeStringify} from '../util/safe-json.js';
import {sameToolTexts} from './catalog-cache.js';
import {withAppendedLast, type AppendedOrder} from './catalog-order.js';
import {assignNames, type AssignedName} from './names.js';
import {buildEntry, copyTranslation, inputVerdicts, type DroppedTool} from './translate.js';
import type {ServerPinCheck} from './trust/evaluate.js';
import {deferFindings, sameFindings, ServerScan} from './trust/deferred-findings.js';
import {withheldText} from './trust/withheld-text.js';
import type {Catalog, CatalogEntry} from './types.js';

/** One online server's tools, in the server's order. */
export interface ServerTools {
  alias: string;
  trusted: boolean;
  tools: Tool[];
  /** This listing against the server's pins; none: nothing is pinned or withheld. */
  pins?: ServerPinCheck;
  /** Tools this server appended in an earlier table (its record's memory): they stay at the end. */
  appended?: AppendedOrder;
}

/** Tools a translation could not use, with the reason, for the UI. */
export interface DroppedEntry {
  alias: string;
  tool: string;
  reason: string;
  /** A valid tool breakerbox does not run (task-only), not a malformed one. */
  notCallable?: boolean;
}

export const EMPTY_CATALOG: Catalog = {entries: [], byName: new Map(), version: 0, withheld: [], removed: []};

/** What made a rebuilt table stop starting with the previous one's entries. */
export interface CacheBreak {
  /** Prefixed names no longer in the table (gone, or now withheld). */
  removed: string[];
  /** Prefixed names whose definition changed. */
  changed: string[];
}

/**
 * Builds the immutable tool table. Servers come in config order and tools in
 * their server's order, so the same config and lists give the same names and
 * order whatever order the servers finished in, except that tools a server
 * appended earlier (`appended`) stay at the end, where the model last saw
 * them. With `appendOnly` (a re-list after startup), a change that only adds
 * tools appends them, so the table the model saw stays a byte-identical
 * prefix (its prompt cache stays warm); a change that removes or alters a
 * tool goes back to the canonical order, with nothing appended, and says so.
 */
export function buildCatalog(
  servers: ServerTools[],
  previous: Catalog = EMPTY_CATALOG,
  appendOnly = false,
): {catalog: Catalog; dropped: DroppedEntry[]; broke?: CacheBreak} {
  const names = assignNames(servers.map((s) => ({alias: s.alias, tools: toolNamesOf(s.tools)})));
  const entries: CatalogEntry[] = [];
  const withheld: CatalogEntry[] = [];
  const dropped: DroppedEntry[] = [];
  // What a description has no reason to name (other servers and their tools) is worked out at the first scan.
  const listed = servers.map((s) => ({alias: s.alias, tools: s.tools}));
  const earlier = builtFrom.get(previous);
  const sources = new Map<string, readonly Tool[]>();
  // Plain loops: a closure called per tool of every listing was one more function for V8 to compile (issue #17).
  for (let i = 0; i < servers.length; i++) {
    const server = servers[i]!;
    const scan = new ServerScan(listed, server.alias);
    const {results: translated, fresh, source} = translatedTools(server, names[i]!, earlier?.get(server.alias));
    sources.set(server.alias, source);
    for (let j = 0; j < server.tools.length; j++) {
      // The listing the translation was made from: the same tools, or equal ones text for text, whose findings
      // are then known to be the same without scanning either (deferred-findings.ts compares tools by identity).
      const tool = source[j]!;
      const built = translated[j]!;
      if ('dropped' in built) {
        dropped.push({alias: server.alias, tool: tool.name, reason: built.dropped});
        continue;
      }
      // The pin verdict and the findings' context below belong to this build only: a translation made
      // for this build is its entry, one kept from an earlier build is copied (its members as translated,
      // not what that build added). Most tables are a listing's first: one object per tool, not two (#17).
      const entry: CatalogEntry = fresh ? built : copyTranslation(built);
      const pinCheck = server.pins?.tools.get(tool.name);
      if (pinCheck) entry.pinCheck = pinCheck;
      // Withholding is the pins' verdict, decided above; the findings only inform, so they are scanned when read.
      const held = pinCheck !== undefined && pinCheck.withheld.length > 0;
      if (held) entry.withheld = withheldText(entry.name, pinCheck);
      (held ? withheld : entries).push(deferFindings(entry, tool, scan));
    }
  }
  const removed = servers.flatMap((s) => (s.pins?.removed ?? []).map((tool) => ({alias: s.alias, tool})));
  const unchanged = (list: CatalogEntry[]): boolean =>
    sameEntries(previous.entries, list) && sameEntries(previous.withheld ?? [], withheld) && sameRemoved(previous.removed ?? [], removed);
  const appendedOf = new Map(servers.map((s) => [s.alias, s.appended] as const));
  const ordered = withAppendedLast(entries, (alias) => appendedOf.get(alias));
  if (unchanged(ordered.entries)) return {catalog: previous, dropped};
  const byName = new Map<string, CatalogEntry>();
  for (let k = 0; k < entries.length; k++) byName.set(entries[k]!.name, entries[k]!);
  const next = (list: CatalogEntry[], appendedFrom?: number): Catalog => {
    const made: Catalog = {entries: list, byName, version: previous.version + 1, withheld, removed, ...(appendedFrom === undefined ? {} : {appendedFrom})};
    builtFrom.set(made, sources);
    return made;
  };
  if (!appendOnly || previous.entries.length === 0) return {catalog: next(ordered.entries, ordered.appendedFrom), dropped};
  // A tool withheld since the last table is gone from the model's view: that breaks the cache too.
  const gone = previous.entries.filter((e) => !byName.has(e.name)).map((e) => e.name);
  // Only what the model reads counts as a change; a pin's state moving from first-seen to pinned does not.
  const changed = previous.entries.filter((e) => byName.has(e.name) && !sameDefinition(e, byName.get(e.name)!)).map((e) => e.name);
  if (gone.length > 0 || changed.length > 0) return {catalog: next(entries), dropped, broke: {removed: gone, changed}};
  const kept = new Set(previous.entries.map((e) => e.name));
  // Kept entries as rebuilt (their pin state may have moved on), new ones after them.
  const added = entries.filter((e) => !kept.has(e.name));
  const appended = [...previous.entries.map((e) => byName.get(e.name)!), ...added];
  if (unchanged(appended)) return {catalog: previous, dropped};
  return {catalog: next(appended, added.length > 0 ? (previous.appendedFrom ?? previous.entries.length) : previous.appendedFrom), dropped};
}

/** One server's tools as an earlier build translated them, before anything of that build was added. */
interface Translated {
  alias: string;
  trusted: boolean;
  names: readonly AssignedName[];
  results: ReadonlyArray<CatalogEntry | DroppedTool>;
  /** The listing translated: this one, or an earlier one equal to it text for text. */
  source: readonly Tool[];
}

/**
 * The listings a table was built from, by alias. A start with a record
 * builds its table from the cached list, then again from the live one: new
 * objects, most often equal to the cached ones text for text (issue #17).
 */
const builtFrom = new WeakMap<Catalog, ReadonlyMap<string, readonly Tool[]>>();

// Keyed by the listing: a server's tools array is replaced on every re-list, never changed in place.
const translations = new WeakMap<readonly Tool[], Translated>();

/**
 * The translation of each of `server`'s tools under `names`. While servers
 * come online one by one, every table is rebuilt; a server whose listing,
 * alias, trust and names are those of an earlier build is not translated
 * again (names can move when another server's tools collide with its own).
 */
function translatedTools(server: ServerTools, names: readonly AssignedName[], earlier?: readonly Tool[]): Translated & {fresh: boolean} {
  const known = translations.get(server.tools);
  if (known && known.alias === server.alias && known.trusted === server.trusted && sameNames(known.names, names)) return {...known, fresh: false};
  // A listing equal to the one the previous table was built from keeps its translation: the translation
  // depends on nothing else than what is compared here, and the texts were most often written already
  // (a warm start compares the live list with the cached one, catalog-cache.ts).
  const before = earlier && translations.get(earlier);
  if (before && before.alias === server.alias && before.trusted === server.trusted && sameNames(before.names, names) && sameToolTexts(earlier!, server.tools)) {
    translations.set(server.tools, before);
    return {...before, fresh: false};
  }
  // The input schemas were checked once for the listing (prepareTranslation); a plain loop, no closure per tool.
  const inputs = inputVerdicts(server.tools);
  const results = new Array<CatalogEntry | DroppedTool>(server.tools.length);
  for (let j = 0; j < results.length; j++) results[j] = buildEntry(server.alias, server.tools[j]!, names[j]!.name, names[j]!.mangling, server.trusted, inputs[j]);
  const made: Translated = {alias: server.alias, trusted: server.trusted, names, results, source: server.tools};
  translations.set(server.tools, made);
  return {...made, fresh: true};
}

const toolNames = new WeakMap<readonly Tool[], readonly string[]>();

/** One array of names per listing, so assignNames knows the list it named last time. */
function toolNamesOf(tools: readonly Tool[]): readonly string[] {
  let names = toolNames.get(tools);
  if (!names) toolNames.set(tools, (names = tools.map((t) => t.name)));
  return names;
}

function sameNames(a: readonly AssignedName[], b: readonly AssignedName[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i] || (x.name === b[i]!.name && x.mangling === b[i]!.mangling));
}

function sameRemoved(a: Catalog['removed'] & {}, b: Catalog['removed'] & {}): boolean {
  return a.length === b.length && a.every((r, i) => r.alias === b[i]!.alias && r.tool === b[i]!.tool);
}

/** Equal tables keep their version, so a model's prompt cache stays warm. */
function sameEntries(a: readonly CatalogEntry[], b: readonly CatalogEntry[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (!sameDefinition(x, y)) return false;
    if (x.withheld !== y.withheld || safeStringify(x.pinCheck) !== safeStringify(y.pinCheck) || !sameFindings(x, y)) return false;
  }
  return true;
}

/** The part of an entry the model reads. */
function sameDefinition(x: CatalogEntry, y: CatalogEntry): boolean {
  if (x.name !== y.name || x.alias !== y.alias || x.tool !== y.tool || x.description !== y.description || x.trusted !== y.trusted) return false;
  if (x.title !== y.title) return false;
  // Entries translated from one listing share their schemas: no text needed to know them equal.
  if (x.inputSchema === y.inputSchema && x.outputSchema === y.outputSchema && x.annotations === y.annotations) return true;
  return safeStringify([x.inputSchema, x.outputSchema, x.annotations]) === safeStringify([y.inputSchema, y.outputSchema, y.annotations]);
}
