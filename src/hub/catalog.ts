import type {Tool} from '../session/mcp-types.js';
import {safeStringify} from '../util/safe-json.js';
import {assignNames} from './names.js';
import {buildEntry} from './translate.js';
import type {ServerPinCheck} from './trust/evaluate.js';
import {scanTool} from './trust/scan-tool.js';
import {withheldText} from './trust/withheld-text.js';
import type {Catalog, CatalogEntry} from './types.js';

/** One online server's tools, in the server's order. */
export interface ServerTools {
  alias: string;
  trusted: boolean;
  tools: Tool[];
  /** This listing against the server's pins; none: nothing is pinned or withheld. */
  pins?: ServerPinCheck;
}

/** Tools a translation could not use, with the reason, for the UI. */
export interface DroppedEntry {
  alias: string;
  tool: string;
  reason: string;
}

export const EMPTY_CATALOG: Catalog = {entries: [], byName: new Map(), version: 0, withheld: [], removed: []};

/**
 * Builds the immutable tool table. Servers come in config order and tools in
 * their server's order, so the same config and lists give the same names and
 * order whatever order the servers finished in.
 */
export function buildCatalog(servers: ServerTools[], previous: Catalog = EMPTY_CATALOG): {catalog: Catalog; dropped: DroppedEntry[]} {
  const names = assignNames(servers.map((s) => ({alias: s.alias, tools: s.tools.map((t) => t.name)})));
  const entries: CatalogEntry[] = [];
  const withheld: CatalogEntry[] = [];
  const dropped: DroppedEntry[] = [];
  // What a description has no reason to name: other servers and their tools.
  const aliases = new Set(servers.map((s) => s.alias));
  servers.forEach((server, i) => {
    // A name the server's own tools share (both have `search`) is its own business.
    const own = new Set(server.tools.map((t) => t.name));
    const others = new Set(servers.filter((s) => s !== server).flatMap((s) => s.tools.map((t) => t.name)).filter((n) => !own.has(n)));
    const otherServers = new Set([...aliases].filter((a) => a !== server.alias));
    server.tools.forEach((tool, j) => {
      const {name, mangling} = names[i]![j]!;
      const entry = buildEntry(server.alias, tool, name, mangling, server.trusted);
      if ('dropped' in entry) {
        dropped.push({alias: server.alias, tool: tool.name, reason: entry.dropped});
        return;
      }
      const findings = scanTool(tool, {otherTools: others, otherServers});
      const pinCheck = server.pins?.tools.get(tool.name);
      const marked: CatalogEntry = {...entry, ...(pinCheck ? {pinCheck} : {}), ...(findings.length > 0 ? {findings} : {})};
      if (pinCheck && pinCheck.withheld.length > 0) withheld.push({...marked, withheld: withheldText(marked.name, pinCheck)});
      else entries.push(marked);
    });
  });
  const removed = servers.flatMap((s) => (s.pins?.removed ?? []).map((tool) => ({alias: s.alias, tool})));
  if (sameEntries(previous.entries, entries) && sameEntries(previous.withheld ?? [], withheld) && sameRemoved(previous.removed ?? [], removed)) return {catalog: previous, dropped};
  const byName = new Map(entries.map((e) => [e.name, e] as const));
  return {catalog: {entries, byName, version: previous.version + 1, withheld, removed}, dropped};
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
    if (x.name !== y.name || x.alias !== y.alias || x.tool !== y.tool || x.description !== y.description || x.trusted !== y.trusted) return false;
    if (x.title !== y.title || safeStringify([x.inputSchema, x.outputSchema, x.annotations]) !== safeStringify([y.inputSchema, y.outputSchema, y.annotations])) return false;
    if (x.withheld !== y.withheld || safeStringify([x.pinCheck, x.findings]) !== safeStringify([y.pinCheck, y.findings])) return false;
  }
  return true;
}
