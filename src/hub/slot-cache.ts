// One server's side of the catalog cache: read the `catalog` section of its
// record once, at the first start; offer those tools until the live list
// arrives; then say what differs and write the live list back. The record's
// own rules (atomic writes, corrupt files ignored) apply; no record, no cache.
// Beside the list it keeps which of the server's tools the table had appended
// and where (catalog-order.ts), as the hub last said after building the table.
import type {Tool} from '../session/mcp-types.js';
import type {CatalogSection, ServerRecord} from '../util/server-record.js';
import {diffTools, freshCachedTools, noDiff, sectionChanged, type ToolDiff} from './catalog-cache.js';
import type {AppendedOrder} from './catalog-order.js';
import {isoTimeOf} from '../util/iso-time.js';

/** What a listing adds to the section besides the tools. */
export interface ListedFacts {
  era: 'modern' | 'legacy';
  protocolVersion: string;
  serverName?: string;
  ttlMs?: number;
  cacheScope?: 'public' | 'private';
}

/** The cache of one slot. */
export class SlotCache {
  private loaded = false;
  private section?: CatalogSection;
  /** The cached tools offered while the server has not confirmed them. */
  offered?: Tool[];
  /** When they were listed (ISO). */
  offeredAt?: string;
  /** Tools of this server the table has at its end, with their places (see catalog-order.ts). */
  private order?: AppendedOrder;

  constructor(
    private readonly record: ServerRecord | undefined,
    private readonly filter: string,
    private readonly now: () => number,
  ) {}

  /** The first time only: the cached list, when there is a fresh one made under the same filters. */
  load(): CatalogSection | undefined {
    if (this.loaded) return undefined;
    this.loaded = true;
    this.section = this.record?.get('catalog');
    this.offered = freshCachedTools(this.section, this.now(), this.filter);
    this.offeredAt = this.section?.at;
    // The order belongs to the table that was sent: a list too old to offer takes it along.
    if (this.offered && this.section?.appended) this.order = new Map(Object.entries(this.section.appended));
    return this.offered && this.section;
  }

  /** A server stopped while idle: its last live list is offered until it runs again. */
  offerLive(tools: Tool[]): void {
    this.offered = tools;
    this.offeredAt = isoTimeOf(this.now());
  }

  /** Whether a fresh cached list exists now (read once). */
  hasFresh(): boolean {
    if (!this.loaded) this.load();
    return freshCachedTools(this.section, this.now(), this.filter) !== undefined;
  }

  /** The cached tools stop being offered (the server went offline, or was started again by hand). */
  withdraw(): void {
    this.offered = undefined;
  }

  /**
   * The live list arrived: what differs from the cached one that was offered
   * (undefined when none was, or nothing differs), and the record is updated.
   */
  confirm(live: Tool[], facts: ListedFacts): ToolDiff | undefined {
    const offered = this.offered;
    this.offered = undefined;
    this.save(live, facts);
    if (!offered) return undefined;
    const diff = diffTools(offered, live);
    return noDiff(diff) ? undefined : diff;
  }

  /** This server's appended tools as the last table had them; undefined: none. */
  get appendedOrder(): AppendedOrder | undefined {
    return this.order;
  }

  /** The table was rebuilt: remember where this server's appended tools are now (undefined: none). */
  keepOrder(order: AppendedOrder | undefined): void {
    if (sameOrder(this.order, order)) return;
    this.order = order;
    const section = this.section;
    if (!this.record || !section) return;
    const {appended: _old, ...rest} = section;
    this.section = {...rest, ...orderField(order)};
    this.record.set('catalog', this.section);
  }

  /** Writes the list (a re-list too); `ttlMs: 0` removes it: "do not keep". */
  save(tools: Tool[], facts: ListedFacts): void {
    if (!this.record) return;
    if (facts.ttlMs === 0) {
      if (this.section) this.record.set('catalog', undefined);
      this.section = undefined;
      return;
    }
    const next: CatalogSection = {
      tools: tools as unknown as Array<Record<string, unknown>>,
      era: facts.era,
      protocolVersion: facts.protocolVersion,
      ...(facts.serverName !== undefined ? {serverName: facts.serverName} : {}),
      filter: this.filter,
      at: isoTimeOf(this.now()),
      ...(facts.ttlMs !== undefined ? {ttlMs: facts.ttlMs} : {}),
      ...(facts.cacheScope ? {cacheScope: facts.cacheScope} : {}),
      // A re-list that dropped an appended tool is about to break the table; the hub then forgets the order.
      ...orderField(this.order, new Set(tools.map((t) => t.name))),
    };
    // A write costs an fsync; most starts list what the record already holds.
    if (sectionChanged(this.section, next)) this.record.set('catalog', next);
    this.section = next;
  }
}

function orderField(order: AppendedOrder | undefined, listed?: ReadonlySet<string>): {appended?: Record<string, number>} {
  const kept = [...(order ?? [])].filter(([tool]) => !listed || listed.has(tool));
  return kept.length > 0 ? {appended: Object.fromEntries(kept)} : {};
}

function sameOrder(a: AppendedOrder | undefined, b: AppendedOrder | undefined): boolean {
  if ((a?.size ?? 0) !== (b?.size ?? 0)) return false;
  return [...(a ?? [])].every(([tool, at]) => b!.get(tool) === at);
}
