// The hub's hands for a person debugging servers: read a resource, get a
// prompt, complete an argument, watch a resource, change a log level, list a
// server's tools again with a diff, and the details of one server. Like
// `hub.call`, nothing here throws: every failure is an outcome with a reason.
import type {Completion, CompletionRef, GetPromptResult, LogLevel, ResourceContents} from '../session/mcp-types.js';
import {LOG_LEVELS} from '../session/mcp-types.js';
import type {McpSession} from '../session/session.js';
import {CapabilityError} from '../session/subscriptions.js';
import {resultFromError} from './call-result.js';
import type {DroppedEntry} from './catalog.js';
import type {HubEvent} from './hub-events.js';
import type {HubOutcome, LogEntry, RelistReport, ServerDetail, ServerResources} from './inspect-types.js';
import {buildPromptTable, EMPTY_PROMPTS, type PromptEntry, type PromptTable} from './prompt-table.js';
import {diffCatalog} from './relist-diff.js';
import {ServerExtras} from './server-extras.js';
import type {ServerSlot} from './server-slot.js';
import type {Finding} from './trust/scan.js';
import {scanPromptResult, scanResourceContents, scanServerTexts, stripPromptTags, stripResourceTags} from './trust/scan-server.js';
import type {Catalog, CatalogEntry} from './types.js';

/** What the inspector needs from the hub. */
export interface InspectorDeps {
  aliases: readonly string[];
  slot(alias: string): ServerSlot | undefined;
  catalog(): Catalog;
  droppedTools(): DroppedEntry[];
  emit(event: HubEvent): void;
  note(alias: string, text: string): void;
  /** List resources and prompts when a server comes online (the UI wants them; one-shot commands do not). */
  listExtras: boolean;
}

/** Options of one inspector request. */
export interface InspectOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Per-server extras, the prompt table, and every debugging operation. */
export class Inspector {
  private readonly extras = new Map<string, ServerExtras>();
  private table: PromptTable = EMPTY_PROMPTS;
  /** While the start's servers settle: the ones already online, attached once all have settled (holdUntil). */
  private held?: Set<ServerExtras>;
  private holding: Promise<void> = Promise.resolve();

  constructor(private readonly deps: InspectorDeps) {
    const sink = {
      resourcesListed: (r: ServerResources) => deps.emit({type: 'server/resources-listed', ...r}),
      promptsListed: () => this.rebuildPrompts(),
      resourceUpdated: (alias: string, uri: string) => deps.emit({type: 'server/resource-updated', alias, uri}),
      note: deps.note,
    };
    for (const alias of deps.aliases) this.extras.set(alias, new ServerExtras(alias, sink, deps.listExtras));
  }

  /**
   * Servers that come online before `done` are attached (their resources and
   * prompts listed) only then. At a start, the first server's listings ran
   * while the others still did their handshakes, on the same cores: the TUI
   * said "2/2 online" ~20 ms later and spent ~20 ms more CPU by then
   * (BENCHMARKS.md, startup). The hub passes its settled(): every server
   * online, offline or resting, or still installing past its startup timeout.
   */
  holdUntil(done: Promise<void>): void {
    const held = (this.held = new Set());
    this.holding = done.then(() => {
      if (this.held === held) this.held = undefined;
      for (const x of held) this.attachCurrent(x);
    });
  }

  /** Follows a slot's events: sessions coming and going, pages, log entries, restarts. */
  observe(event: HubEvent): void {
    const x = 'alias' in event ? this.extras.get(event.alias) : undefined;
    if (!x) return;
    switch (event.type) {
      case 'server/online':
        if (this.held) this.held.add(x);
        else this.attachCurrent(x);
        return;
      case 'server/restarting':
        x.detach();
        return x.restarted({at: Date.now(), attempt: event.attempt, reason: event.reason});
      case 'server/offline':
        x.detach();
        // The restart loop gave up: the history says so.
        if (event.phase === 'exit' && x.restarts.length > 0) x.restarted({at: Date.now(), attempt: 0, reason: event.reason});
        return;
      case 'server/starting':
      case 'server/exited':
        return x.detach();
      case 'server/page-listed':
        return x.paged(event.page);
      case 'server/logged':
        return x.logged(event.level, event.text);
    }
  }

  get prompts(): PromptTable {
    return this.table;
  }

  /** Every server's resources, in config order. */
  resources(): ServerResources[] {
    return [...this.extras.values()].map((x) => x.resources);
  }

  /** Attaches the slot's current session, if it has one not attached yet (a held server may have gone since). */
  private attachCurrent(x: ServerExtras): void {
    const session = this.deps.slot(x.alias)?.session;
    if (session && session !== x.session) x.attach(session);
  }

  /** Resolves when every listing of resources and prompts started so far has finished (after any held ones started). */
  async settled(): Promise<void> {
    await this.holding;
    await Promise.all([...this.extras.values()].map((x) => x.settled));
  }

  logs(alias: string): readonly LogEntry[] {
    return this.extras.get(alias)?.logs ?? [];
  }

  /**
   * `resources/read`; `findings`: hidden instructions in its text. Read text
   * can become the user's turn (`@alias:uri`), so it is scanned as sent and
   * loses its tag characters, as prompt messages and results do.
   */
  async readResource(alias: string, uri: string, options: InspectOptions = {}): Promise<HubOutcome<ResourceContents[]> & {findings?: Finding[]}> {
    const outcome = await this.run(alias, `resources/read ${uri}`, options, (session, timeoutMs) => session.resources.read(uri, {timeoutMs, signal: options.signal}));
    if (!outcome.ok) return outcome;
    return {...outcome, value: stripResourceTags(outcome.value), findings: scanResourceContents(outcome.value, this.scanContext(alias))};
  }

  /** `prompts/get` by the prompt's model name; `findings`: hidden instructions in its messages (they become the user's turn). */
  getPrompt(name: string, args: Record<string, string>, options: InspectOptions = {}): Promise<HubOutcome<GetPromptResult & {entry: PromptEntry; findings: Finding[]}>> {
    const entry = this.table.byName.get(name);
    if (!entry) return Promise.resolve(failed(`there is no prompt named ${name}`, 'unknown-tool'));
    return this.run(entry.alias, `prompts/get ${entry.prompt}`, options, async (session, timeoutMs) => {
      const result = await session.prompts.get(entry.prompt, args, {timeoutMs, signal: options.signal});
      // Scanned as sent; its messages become the user's turn, so tag characters go, as from results.
      return {...stripPromptTags(result), entry, findings: scanPromptResult(entry.prompt, result, this.scanContext(entry.alias))};
    });
  }

  /**
   * Hidden-instruction findings in what `alias` sent beside its tools: its
   * instructions, and its prompts' and resources' names, titles and
   * descriptions (as last listed).
   */
  findings(alias: string): Finding[] {
    const x = this.extras.get(alias);
    const session = this.deps.slot(alias)?.session;
    if (!x) return [];
    return scanServerTexts({instructions: session?.instructions, prompts: x.prompts, resources: x.resources.resources, templates: x.resources.templates}, this.scanContext(alias));
  }

  /** What a server's text has no reason to name: the other servers and their tools. */
  private scanContext(alias: string) {
    const c = this.deps.catalog();
    const all = [...c.entries, ...(c.withheld ?? [])];
    // Its own tools as it listed them (the catalog may not have them yet when it has just come online).
    const own = new Set([...(this.deps.slot(alias)?.tools ?? []).map((t) => t.name), ...all.filter((e) => e.alias === alias).map((e) => e.tool)]);
    return {
      otherServers: new Set(this.deps.aliases.filter((a) => a !== alias)),
      otherTools: new Set(all.filter((e) => e.alias !== alias && !own.has(e.tool)).map((e) => e.tool)),
    };
  }

  /** Completion values for one argument of a prompt (by model name) or of a resource template (`alias` + `uriTemplate`). */
  complete(target: {prompt: string} | {alias: string; uriTemplate: string}, argument: {name: string; value: string}, context: Record<string, string> = {}): Promise<HubOutcome<Completion>> {
    let alias: string;
    let ref: CompletionRef;
    if ('prompt' in target) {
      const entry = this.table.byName.get(target.prompt);
      if (!entry) return Promise.resolve(failed(`there is no prompt named ${target.prompt}`, 'unknown-tool'));
      alias = entry.alias;
      ref = {type: 'ref/prompt', name: entry.prompt};
    } else {
      alias = target.alias;
      ref = {type: 'ref/resource', uri: target.uriTemplate};
    }
    return this.run(alias, `completion/complete ${argument.name}`, {}, (session, timeoutMs) => session.prompts.complete(ref, argument, context, {timeoutMs}));
  }

  /** Watches a resource for `notifications/resources/updated` (both eras); kept across restarts. */
  watch(alias: string, uri: string): Promise<HubOutcome<string>> {
    return this.run(alias, `subscribe ${uri}`, {}, async () => {
      await this.extras.get(alias)!.watch(uri);
      return uri;
    });
  }

  unwatch(alias: string, uri: string): void {
    this.extras.get(alias)?.unwatch(uri);
  }

  watching(alias: string): string[] {
    return [...(this.extras.get(alias)?.watched.keys() ?? [])];
  }

  /**
   * Changes what a server sends: legacy `logging/setLevel`, modern the level
   * in `_meta` of every later request. Kept across restarts.
   */
  setLogLevel(alias: string, level: string): Promise<HubOutcome<string>> {
    if (!(LOG_LEVELS as readonly string[]).includes(level)) return Promise.resolve(failed(`unknown log level ${JSON.stringify(level)}; use one of ${LOG_LEVELS.join(', ')}`, 'internal'));
    return this.run(alias, 'logging/setLevel', {}, async (session) => {
      await session.setLogLevel(level as LogLevel);
      this.extras.get(alias)!.logLevel = level;
      this.deps.emit({type: 'server/log-level-changed', alias, level});
      return session.era === 'legacy' ? `sent logging/setLevel ${level}` : `${level} goes in _meta of every later request (the modern era has no logging/setLevel)`;
    });
  }

  /** Lists a server's tools again now, page by page (trace lines), and diffs the catalog. */
  relist(alias: string): Promise<HubOutcome<RelistReport>> {
    return this.run(alias, 'tools/list', {}, async () => {
      const started = Date.now();
      // Withheld tools (changed since pinned) are still the server's tools: a
      // description change is a change, not a removal.
      const listed = (): CatalogEntry[] => {
        const c = this.deps.catalog();
        return [...c.entries, ...(c.withheld ?? [])].filter((e) => e.alias === alias);
      };
      const before = listed();
      this.deps.note(alias, 'relist (by you): listing the tools again');
      const listing = await this.deps.slot(alias)!.listAgain();
      const after = listed();
      const report: RelistReport = {alias, pages: listing.pages, dropped: listing.dropped, ...diffCatalog(before, after), durationMs: Date.now() - started};
      this.deps.note(alias, `relist: ${report.pages.length} page(s) in ${report.durationMs} ms; ${report.added.length} added, ${report.removed.length} removed, ${report.changed.length} changed, ${report.unchanged} unchanged`);
      for (const row of report.added) this.deps.note(alias, `relist: + ${row.name} (${row.tool})`);
      for (const row of report.removed) this.deps.note(alias, `relist: - ${row.name} (${row.tool})`);
      for (const row of report.changed) this.deps.note(alias, `relist: ~ ${row.name}: ${row.what!.join(', ')}`);
      for (const e of this.deps.catalog().withheld ?? []) if (e.alias === alias) this.deps.note(alias, `relist: withheld ${e.name} (/trust ${e.name} accepts it)`);
      return report;
    });
  }

  /** Everything known about one server, or undefined for an unknown alias. */
  detail(alias: string): ServerDetail | undefined {
    const slot = this.deps.slot(alias);
    const x = this.extras.get(alias);
    if (!slot || !x) return undefined;
    const session = slot.session;
    const openUntil = slot.circuit.openUntilMs;
    return {
      alias,
      status: slot.status,
      eraDecision: session?.eraDecision,
      serverInfo: session?.serverInfo,
      capabilities: session?.capabilities,
      instructions: session?.instructions,
      listing: [...x.listing],
      droppedTools: this.deps.droppedTools().filter((d) => d.alias === alias).map((d) => ({tool: d.tool, reason: d.reason, ...(d.notCallable ? {notCallable: true} : {})})),
      logFile: slot.status.logFile,
      restarts: [...x.restarts],
      circuit: {state: openUntil !== undefined ? 'open' : 'closed', threshold: slot.circuit.threshold, ...(openUntil !== undefined ? {openUntil} : {})},
      logLevel: x.logLevel,
      resourceCount: x.resources.resources.length,
      promptCount: this.table.entries.filter((e) => e.alias === alias).length,
      findings: this.findings(alias),
    };
  }

  close(): void {
    for (const x of this.extras.values()) x.detach();
  }

  private rebuildPrompts(): void {
    this.table = buildPromptTable([...this.extras.values()].map((x) => ({alias: x.alias, prompts: x.prompts})), this.table);
    this.deps.emit({type: 'prompts/rebuilt', table: this.table});
  }

  /** Runs `fn` on the server's session; every failure becomes an outcome. */
  private async run<T>(alias: string, subject: string, options: InspectOptions, fn: (session: McpSession, timeoutMs: number) => Promise<T>): Promise<HubOutcome<T>> {
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    const slot = this.deps.slot(alias);
    if (!slot) return failed(`there is no server ${JSON.stringify(alias)}; configured: ${this.deps.aliases.join(', ') || 'none'}`, 'unknown-server');
    const session = slot.session;
    if (!session || slot.status.state !== 'online') return failed(`the server ${alias} is not online (${slot.status.state}${slot.status.reason ? `: ${slot.status.reason}` : ''})`, 'offline');
    const timeoutMs = options.timeoutMs ?? slot.config.callTimeoutMs;
    try {
      return {ok: true, value: await fn(session, timeoutMs), durationMs: ms()};
    } catch (err) {
      if (err instanceof CapabilityError) return {...failed(err.message, 'capability'), durationMs: ms()};
      const r = resultFromError(err, alias, subject, timeoutMs);
      const text = r.content.map((c) => ('text' in c && typeof c.text === 'string' ? c.text : '')).join('\n');
      return {ok: false, error: text, failure: r.failure ?? 'internal', ...(r.protocolError ? {protocolError: r.protocolError} : {}), durationMs: ms()};
    }
  }
}

function failed(error: string, failure: Extract<HubOutcome<never>, {ok: false}>['failure']): HubOutcome<never> {
  return {ok: false, error, failure, durationMs: 0};
}
