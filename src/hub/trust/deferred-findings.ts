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

/**
 * Returns the object it is given instead of a new one: a subclass's private
 * fields are then added to that object (JavaScript's constructor-return
 * rule), where no one else can read or enumerate them.
 */
class Stamp {
  constructor(target: object) {
    return target;
  }
}

/**
 * A table entry's pending scan, kept in private fields of the entry itself.
 * A WeakMap keyed by the entry cost a start of 1,000 tools 1-2 ms in its
 * `set` alone (ephemeron table, the entry's identity hash) and one more object
 * per tool; private fields are plain property stores on the entry, invisible
 * to `Object.keys`, JSON and equality checks (issue #17).
 */
class PendingScan extends Stamp {
  #tool: Tool;
  #scan: ServerScan;
  /** null: scanned, nothing found; undefined: not scanned yet. */
  #findings: readonly Finding[] | null | undefined;

  private constructor(entry: CatalogEntry, tool: Tool, scan: ServerScan) {
    super(entry);
    this.#tool = tool;
    this.#scan = scan;
  }

  // One descriptor for every entry: the getter finds its entry's tool through
  // `this`, no closure per entry, and entries keep one hidden class (the call
  // path reads them; checked with %HaveSameMap).
  static readonly descriptor: PropertyDescriptor = {
    enumerable: true,
    configurable: true,
    get(this: object) {
      return #tool in this ? PendingScan.scanned(this as PendingScan) : undefined;
    },
  };

  // Called as a plain function (exported as deferFindings): no `this`.
  static defer(entry: CatalogEntry, tool: Tool, scan: ServerScan): CatalogEntry {
    if (#tool in entry) {
      // Deferred before: the new tool and context replace the old ones, and any scan of them.
      const p = entry as unknown as PendingScan;
      p.#tool = tool;
      p.#scan = scan;
      p.#findings = undefined;
    } else {
      new PendingScan(entry, tool, scan);
    }
    return Object.defineProperty(entry, 'findings', PendingScan.descriptor);
  }

  /** True when both entries are deferred with the same tool under equivalent contexts. */
  static sameInputs(x: CatalogEntry, y: CatalogEntry): boolean {
    if (!(#tool in x) || !(#tool in y)) return false;
    const a = x as unknown as PendingScan;
    const b = y as unknown as PendingScan;
    return a.#tool === b.#tool && a.#scan.sameAs(b.#scan);
  }

  // Static: the entry keeps its own prototype, so it has none of this class's methods.
  private static scanned(p: PendingScan): readonly Finding[] | undefined {
    if (p.#findings === undefined) {
      const found = scanTool(p.#tool, p.#scan.context);
      p.#findings = found.length > 0 ? found : null;
    }
    return p.#findings ?? undefined;
  }
}

/** Makes `entry.findings` the scan of `tool` under `scan`, done on first read. Returns `entry`. */
export const deferFindings: (entry: CatalogEntry, tool: Tool, scan: ServerScan) => CatalogEntry = PendingScan.defer;

/** Whether `x` and `y` have the same findings, without scanning when their tool and context are the same. */
export function sameFindings(x: CatalogEntry, y: CatalogEntry): boolean {
  if (PendingScan.sameInputs(x, y)) return true;
  const fx = x.findings;
  const fy = y.findings;
  if (fx === fy) return true;
  return JSON.stringify(fx ?? []) === JSON.stringify(fy ?? []);
}
