// What the hub keeps about one server beyond its tools: resources and
// prompts (listed when it comes online, again when it says they changed),
// log entries, restarts, the pages of its last tool listing, the log level
// asked for, and the resources being watched. Fed by the slot's events and
// its session; never throws into them.
import type {McpSession} from '../session/session.js';
import type {PageRecord} from '../session/paginate.js';
import type {Prompt} from '../session/mcp-types.js';
import type {LogEntry, RestartRecord, ServerResources} from './inspect-types.js';

/** Log entries kept per server (the oldest go first). */
export const MAX_LOG_ENTRIES = 500;
const MAX_RESTARTS = 50;

/** Where a server's extras report. */
export interface ExtrasSink {
  resourcesListed(extras: ServerResources): void;
  promptsListed(alias: string): void;
  resourceUpdated(alias: string, uri: string): void;
  note(alias: string, text: string): void;
}

/** One server's extras. */
export class ServerExtras {
  resources: ServerResources;
  prompts: Prompt[] = [];
  readonly logs: LogEntry[] = [];
  readonly restarts: RestartRecord[] = [];
  /** The pages of the last tool listing so far; grows in place (copy it to hand it out). */
  listing: PageRecord[] = [];
  logLevel = 'warning';
  session?: McpSession;
  /** Resolves when the listings started by the last attach have finished. */
  settled: Promise<void> = Promise.resolve();
  /** Watched URIs → the function that stops watching (undefined while offline). */
  readonly watched = new Map<string, (() => void) | undefined>();
  private offs: Array<() => void> = [];

  constructor(
    readonly alias: string,
    private readonly sink: ExtrasSink,
    private readonly listExtras: boolean,
  ) {
    this.resources = {alias, resources: [], templates: [], dropped: []};
  }

  /** A new session is online: list resources and prompts, re-apply the log level, watch again. */
  attach(session: McpSession): void {
    this.detach();
    this.session = session;
    if (this.logLevel !== 'warning') session.setLogLevel(this.logLevel as never).catch((err: Error) => this.sink.note(this.alias, `could not set the log level again: ${err.message}`));
    for (const uri of this.watched.keys()) void this.watch(uri).catch(() => {});
    if (!this.listExtras) return;
    this.offs.push(session.resources.onListChanged(() => void this.listResources(session)));
    this.offs.push(session.prompts.onListChanged(() => void this.listPrompts(session)));
    this.settled = Promise.all([this.listResources(session), this.listPrompts(session)]).then(() => {});
  }

  /** The session is gone (offline, restarting): its lists go with it. */
  detach(): void {
    if (!this.session) return;
    for (const off of this.offs.splice(0)) off();
    for (const [uri, stop] of this.watched) {
      stop?.();
      this.watched.set(uri, undefined);
    }
    this.session = undefined;
    const r = this.resources;
    if (r.resources.length + r.templates.length + r.dropped.length > 0) {
      this.resources = {alias: this.alias, resources: [], templates: [], dropped: []};
      this.sink.resourcesListed(this.resources);
    }
    if (this.prompts.length > 0) {
      this.prompts = [];
      this.sink.promptsListed(this.alias);
    }
  }

  /** Starts watching `uri` (kept across restarts until unwatched). */
  async watch(uri: string): Promise<void> {
    const session = this.session;
    if (!session) throw new Error(`${this.alias} is not online`);
    this.watched.get(uri)?.();
    const stop = await session.resources.subscribe(uri, (u) => this.sink.resourceUpdated(this.alias, u));
    if (session !== this.session) return stop();
    this.watched.set(uri, stop);
  }

  unwatch(uri: string): void {
    this.watched.get(uri)?.();
    this.watched.delete(uri);
  }

  logged(level: string, text: string, at = Date.now()): void {
    this.logs.push({at, level, text});
    if (this.logs.length > MAX_LOG_ENTRIES) this.logs.splice(0, this.logs.length - MAX_LOG_ENTRIES);
  }

  restarted(record: RestartRecord): void {
    this.restarts.push(record);
    if (this.restarts.length > MAX_RESTARTS) this.restarts.shift();
  }

  /**
   * A tools/list page: page 1 starts a new listing. Added in place (a copy
   * per page was quadratic in a listing's pages, issue #17); readers get a
   * copy (`Inspector.detail`).
   */
  paged(page: PageRecord): void {
    if (page.index === 1) this.listing = [page];
    else this.listing.push(page);
  }

  private async listResources(session: McpSession): Promise<void> {
    if (!session.resources.offered) return;
    try {
      const [resources, templates] = await Promise.all([session.resources.list(), session.resources.templates().catch((err: Error) => err)]);
      if (session !== this.session) return;
      const t = templates instanceof Error ? undefined : templates;
      if (templates instanceof Error) this.sink.note(this.alias, `resources/templates/list failed: ${templates.message}`);
      this.resources = {alias: this.alias, resources: resources.items, templates: t?.items ?? [], dropped: [...resources.dropped, ...(t?.dropped ?? [])]};
      this.sink.resourcesListed(this.resources);
    } catch (err) {
      this.sink.note(this.alias, `resources/list failed: ${(err as Error).message}`);
    }
  }

  private async listPrompts(session: McpSession): Promise<void> {
    if (!session.prompts.offered) return;
    try {
      const listing = await session.prompts.list();
      if (session !== this.session) return;
      this.prompts = listing.items;
      for (const d of listing.dropped) this.sink.note(this.alias, `dropped prompt ${JSON.stringify(d.name ?? '?')} (page ${d.page}, #${d.position}): ${d.reason}`);
      this.sink.promptsListed(this.alias);
    } catch (err) {
      this.sink.note(this.alias, `prompts/list failed: ${(err as Error).message}`);
    }
  }
}
