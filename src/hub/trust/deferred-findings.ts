// A catalog entry's hidden-instruction findings, scanned when first read.
//
// The findings only inform (the UI's marks, `audit`, `--list-tools`): what
// the model sees is decided by the pins, which are checked before the table
// is built (invisible characters withhold through `pinCheck`, never through
// `findings`). Scanning every tool while the table is built put the phrase
// patterns, cold, between a server's listing and its tools being offered
// (issue #17); now the table is offered first and a tool is scanned when
// someone looks at it. The result is the same scan with the same context,
// kept once computed.
import type {Tool} from '../../session/mcp-types.js';
import type {CatalogEntry} from '../types.js';
import type {Finding, ScanContext} from './scan.js';
import {scanTool} from './scan-tool.js';

/** One server's place in a table build, and the names its tools' texts are checked against. */
export class ServerScan {
  #context?: ScanContext;
  // Every entry of a server asks about the same pair of builds: the answer once.
  #comparedWith?: ServerScan;
  #same = false;

  /** `servers`: every server of the build as `{alias, tools}`; the lists are replaced, never changed in place. */
  constructor(
    private readonly servers: ReadonlyArray<{readonly alias: string; readonly tools: readonly Tool[]}>,
    private readonly alias: string,
  ) {}

  /** Other servers' aliases, and their tools' names that this server's own tools do not share. */
  get context(): ScanContext {
    if (this.#context) return this.#context;
    const own = this.servers.find((s) => s.alias === this.alias)?.tools ?? [];
    const ownNames = new Set(own.map((t) => t.name));
    const otherTools = new Set<string>();
    const otherServers = new Set<string>();
    for (const s of this.servers) {
      if (s.alias === this.alias) continue;
      otherServers.add(s.alias);
      for (const t of s.tools) if (!ownNames.has(t.name)) otherTools.add(t.name);
    }
    return (this.#context = {otherTools, otherServers});
  }

  /** True when a scan under either gives the same findings: the same lists, or the same names. */
  sameAs(other: ServerScan): boolean {
    if (this === other) return true;
    if (this.#comparedWith === other) return this.#same;
    this.#comparedWith = other;
    return (this.#same = this.alias === other.alias && this.sameNames(other));
  }

  private sameNames(other: ServerScan): boolean {
    const a = this.servers;
    const b = other.servers;
    if (a.length === b.length && a.every((s, i) => s.alias === b[i]!.alias && s.tools === b[i]!.tools)) return true;
    return sameSet(this.context.otherTools, other.context.otherTools) && sameSet(this.context.otherServers, other.context.otherServers);
  }
}

function sameSet(a: ReadonlySet<string> = new Set(), b: ReadonlySet<string> = new Set()): boolean {
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

interface Pending {
  tool: Tool;
  scan: ServerScan;
  /** null: scanned, nothing found. */
  findings?: readonly Finding[] | null;
}

/**
 * Where an entry keeps its pending scan: a property of its own under a
 * symbol no other module has, not enumerable (Object.keys, JSON and equality
 * checks do not see it). A WeakMap keyed by the entry cost a start of 1,000
 * tools 1-2 ms in its `set` alone (the ephemeron table, an identity hash per
 * entry); private class fields would have added a constructor and a field
 * initializer per entry, two more functions for V8 to compile (issue #17).
 */
const PENDING = Symbol('pending scan');

interface Deferred {
  [PENDING]?: Pending;
}

// Defines the slot, empty; the entry's pending scan is then a plain store into it. One descriptor for
// every entry (a descriptor with the value in it would be one more object per entry).
const PENDING_SLOT: PropertyDescriptor = {value: undefined, writable: true, enumerable: false, configurable: true};

function scanned(p: Pending): readonly Finding[] | undefined {
  if (p.findings === undefined) {
    const found = scanTool(p.tool, p.scan.context);
    p.findings = found.length > 0 ? found : null;
  }
  return p.findings ?? undefined;
}

// One descriptor for every entry: the getter finds its entry's tool through
// `this`, no closure per entry, and entries keep one hidden class (the call
// path reads them; checked with %HaveSameMap).
const FINDINGS: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: Deferred) {
    const p = this[PENDING];
    return p ? scanned(p) : undefined;
  },
};

/** Makes `entry.findings` the scan of `tool` under `scan`, done on first read. Returns `entry`. */
export function deferFindings(entry: CatalogEntry, tool: Tool, scan: ServerScan): CatalogEntry {
  const deferred = entry as CatalogEntry & Deferred;
  if (!Object.hasOwn(deferred, PENDING)) Object.defineProperty(deferred, PENDING, PENDING_SLOT);
  deferred[PENDING] = {tool, scan};
  return Object.defineProperty(entry, 'findings', FINDINGS);
}

/** Whether `x` and `y` have the same findings, without scanning when their tool and context are the same. */
export function sameFindings(x: CatalogEntry, y: CatalogEntry): boolean {
  const a = (x as Deferred)[PENDING];
  const b = (y as Deferred)[PENDING];
  if (a && b && a.tool === b.tool && a.scan.sameAs(b.scan)) return true;
  const fx = x.findings;
  const fy = y.findings;
  if (fx === fy) return true;
  return JSON.stringify(fx ?? []) === JSON.stringify(fy ?? []);
}
