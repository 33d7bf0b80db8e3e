import type {DroppedTool, ToolListing} from '../session/list-tools.js';
import type {Answer} from '../connection/connection.js';
import {describeExit, ServerExitedError, type ExitInfo} from '../connection/errors.js';
import type {ClientFeatures} from '../session/server-requests.js';
import type {Implementation, Tool} from '../session/mcp-types.js';
import type {McpSession, CallOptions, ToolResultRecord} from '../session/session.js';
import {ERA_DECISION_TEXT} from '../session/era.js';
import {openSession, type RememberedEra} from '../session/open.js';
import type {ProtocolSetting} from '../config/protocol.js';
import type {ServerRecord} from '../util/server-record.js';
import type {ServerFingerprint} from '../util/server-fingerprint.js';
import type {Transport} from '../transport/types.js';
import {maskUrl} from '../util/mask-url.js';
import {Circuit} from './circuit.js';
import {Debounce, systemClock, type Clock} from './debounce.js';
import {describeStartupFailure} from './startup-failure.js';
import {StartupWatch, type LifeSample, type StartingProgress} from './startup-watch.js';
import type {OnlineDetails} from './hub-events.js';
import {SlotReporter, type ReporterDeps} from './slot-reporter.js';
import {limitTools, type ToolLimits} from './tool-limits.js';
import {prepareTranslation} from './translate.js';
import {diffText, filterKey} from './catalog-cache.js';
import type {AppendedOrder} from './catalog-order.js';
import {SlotCache} from './slot-cache.js';
import {firstStatus} from './slot-status.js';
import {IdleStop} from './idle-stop.js';
import type {OnToolChange} from './trust/evaluate.js';
import type {FailurePhase, ServerStatus} from './types.js';
import {isoTime} from '../util/iso-time.js';

/** The part of a server's config the hub acts on. */
export interface SlotConfig {
  alias: string;
  disabled?: boolean;
  trusted?: boolean;
  /** The longest a start may go without a sign of life. */
  startupTimeoutMs: number;
  /** The longest a start may take while it shows signs of life (a cold `npx` install); default 10 minutes. */
  installTimeoutMs?: number;
  callTimeoutMs: number;
  toolTimeouts?: Record<string, number>;
  includeTools?: string[];
  excludeTools?: string[];
  /** A remote server's endpoint (shown masked); undefined for a local process. */
  url?: string;
  /** A problem of this config entry alone: the server stays offline with this reason. */
  cannotStart?: string;
  warning?: string;
  /** A tool whose definition changed since pinned: kept from the model (default), asked for on every call, or accepted. */
  onToolChange?: OnToolChange;
  /** How the era is chosen (`auto` when absent). */
  protocol?: ProtocolSetting;
  /** Who this server is across runs (keys its record); the hub makes one from the fields when absent. */
  fingerprint?: ServerFingerprint;
  /** "lazy": while a cached list can be offered, started by the first call instead of with the hub. */
  start?: 'eager' | 'lazy';
  /** A lazy server with no call for this long is stopped; its tools stay offered. */
  idleStopMs?: number;
}

/** What a slot needs from the hub. */
export interface SlotDeps extends ReporterDeps {
  clientInfo: Implementation;
  features: ClientFeatures;
  /** Makes a fresh transport (a new process) for every start; HTTP's once its module has loaded. */
  makeTransport: () => Transport | Promise<Transport>;
  /** Where the transport's free-form text (stderr) goes: the log file and the trace pane. */
  ondiagnostic: (text: string) => void;
  probeWaitMs: number;
  restart: {baseMs: number; maxMs: number; maxTries: number; stableMs: number};
  circuit: {threshold: number; cooldownMs: number};
  logFile?: string;
  listDebounceMs: number;
  /** The clock of the circuit breaker and of "ran long enough to earn fresh restarts". */
  now: () => number;
  /** The longest a burst of list_changed notices may delay the re-list. */
  listMaxWaitMs: number;
  clock?: Clock;
  /** Size limits on tool definitions (per tool, per server). */
  toolLimits?: ToolLimits;
  /** Signs of life of a starting transport's processes (undefined: none can be seen). */
  lifeOf?: (transport: Transport, fresh?: boolean) => LifeSample | undefined;
  /** CPU time (ms) of a starting transport's own process alone (undefined: none can be seen). */
  leaderCpuOf?: (transport: Transport) => number | undefined;
  /** This server's record (era memory), when the hub keeps records; `warn` reports a bad one. */
  openRecord?: (warn: (message: string) => void) => ServerRecord;
}

/** A start that shows signs of life may take this long unless the config says otherwise. */
export const DEFAULT_INSTALL_TIMEOUT_MS = 600_000;

/** One configured server: its process, its session, its health. */
export class ServerSlot {
  status: ServerStatus;
  tools: Tool[] = [];
  /** What the last listing had to leave out, and why. */
  dropped: DroppedTool[] = [];
  session?: McpSession;
  /** The options of this slot's last call without a signal or progress, shared by the next ones of the same timeout (hub.callOnline). */
  plainCallOptions?: Readonly<{timeoutMs: number; maxTotalMs: number}>;
  readonly circuit: Circuit;
  private readonly report: SlotReporter;
  private closing = false;
  private attempts = 0;
  private onlineSince = 0;
  private readonly relistSoon: Debounce;
  /** The session a pending re-list is for; one listing runs at a time, and a notice during it earns another. */
  private relistFor?: McpSession;
  private relisting = false;
  private relistAgain = false;
  private connecting?: Promise<boolean>;
  /** The transport of a start still in progress: it has a process but no session yet. */
  private starting?: Transport;
  /** Aborts the start in progress (its timeout, or close()). */
  private startAbort?: AbortController;
  private readonly record?: ServerRecord;
  /** The catalog from cache: offered at the first start until the live list confirms it. */
  private readonly cache: SlotCache;
  /** The era of the last session, for restarts within this run (also without a record). */
  private lastEra?: RememberedEra;
  private generation = 0;
  /** A start for a call of a resting lazy server: calls meanwhile wait for it. */
  waking?: Promise<boolean>;
  /** A lazy server's `idleStopMs` (does nothing otherwise). */
  private readonly idle: IdleStop;
  /** Resolved once this server no longer holds up a question: online, offline, or in a long start. */
  private settle!: () => void;
  readonly settled = new Promise<void>((resolve) => (this.settle = resolve));

  constructor(
    readonly config: SlotConfig,
    private readonly deps: SlotDeps,
  ) {
    this.circuit = new Circuit(deps.circuit.threshold, deps.circuit.cooldownMs, deps.now);
    this.report = new SlotReporter(config.alias, deps);
    this.relistSoon = new Debounce(() => void this.relistLoop(), deps.listDebounceMs, deps.listMaxWaitMs, deps.clock);
    this.record = deps.openRecord?.((message) => this.report.note(message));
    this.cache = new SlotCache(this.record, filterKey(config), deps.now);
    this.idle = new IdleStop(config.start === 'lazy' ? config.idleStopMs : undefined, deps.clock ?? systemClock, () => void this.stopIdle());
    this.status = firstStatus({
      alias: config.alias,
      state: config.disabled ? 'disabled' : 'starting',
      trusted: config.trusted === true,
      logFile: deps.logFile,
      transport: config.url === undefined ? 'stdio' : 'http',
      url: config.url === undefined ? undefined : maskUrl(config.url),
      warning: config.warning || undefined,
    });
  }

  get alias(): string {
    return this.config.alias;
  }

  /** The tools this server puts in the table: its live list when online, its cached list while its first start runs. */
  get offeredTools(): Tool[] | undefined {
    if (this.status.state === 'online') return this.tools;
    return this.status.state === 'starting' || this.status.state === 'idle' ? this.cache.offered : undefined;
  }

  /** This server's tools the table keeps at its end, remembered across restarts (catalog-order.ts). */
  get appendedOrder(): AppendedOrder | undefined {
    return this.cache.appendedOrder;
  }

  /** The table was rebuilt: where this server's appended tools are now, for the record. */
  keepOrder(order: AppendedOrder | undefined): void {
    this.cache.keepOrder(order);
  }

  /** A lazy server that may wait for its first call: it has a fresh cached list to offer meanwhile (else it starts at once). */
  get waitsForCall(): boolean {
    return this.config.start === 'lazy' && !this.config.disabled && this.config.cannotStart === undefined && this.cache.hasFresh();
  }

  /** Not running: a lazy server at startup, or one stopped when idle. Its cached tools are offered; the next call starts it. */
  rests(reason: 'lazy' | 'idle'): void {
    if (reason === 'lazy') this.cache.load();
    const toolCount = this.cache.offered?.length ?? 0;
    const listedAt = this.cache.offeredAt ?? '';
    this.status = {...this.status, state: 'idle', toolCount: 0, starting: undefined, cached: {toolCount, listedAt}};
    this.settle();
    this.report.note(reason === 'lazy' ? `not started (lazy): ${toolCount} cached tools offered until the first call` : `stopped after ${this.config.idleStopMs} ms without a call; the next call starts it again`);
    this.deps.emit({type: 'server/not-started', alias: this.alias, toolCount, listedAt, reason});
  }

  /** Starts a resting server for a call (or by hand); calls meanwhile wait on the same start. Resolves true once online. */
  wake(): Promise<boolean> {
    if (this.waking) return this.waking;
    if (this.status.state !== 'idle') return this.start();
    this.starts();
    return (this.waking = this.start().finally(() => (this.waking = undefined)));
  }

  /** Spawns, handshakes and lists; never throws. Resolves true when online. */
  start(): Promise<boolean> {
    if (this.config.disabled) {
      this.settle();
      return Promise.resolve(false);
    }
    return (this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
      this.settle();
    }));
  }

  /** Restart by hand (`/reconnect`): a fresh process and a fresh discovery. */
  async reconnect(): Promise<boolean> {
    if (this.config.disabled) return false;
    const old = this.session;
    this.session = undefined;
    this.generation++;
    await old?.close();
    this.cache.withdraw();
    this.attempts = 0;
    this.circuit.reset();
    this.tools = [];
    this.starts();
    return this.start();
  }

  /** The first start or a start by hand: the row says "starting" until online or offline. */
  starts(): void {
    this.status = {...this.status, state: 'starting', attempt: undefined, toolCount: 0, circuitOpenUntil: undefined, starting: undefined, cached: undefined};
    this.deps.emit({type: 'server/starting', alias: this.alias});
    const first = this.cache.load();
    const offered = this.cache.offered;
    if (!offered) return;
    const listedAt = this.cache.offeredAt ?? '';
    this.status = {...this.status, cached: {toolCount: offered.length, listedAt}};
    if (first) this.report.note(`${offered.length} tools from the cache of ${listedAt}, until the server lists its own`);
    this.deps.emit({type: 'server/catalog-cached', alias: this.alias, toolCount: offered.length, listedAt});
  }

  async close(): Promise<void> {
    this.closing = true;
    this.idle.disarm();
    this.relistSoon.cancel();
    // No further process may be started for this slot (a respawn after the probe).
    this.startAbort?.abort('breakerbox is closing');
    // A server still in its handshake or listing has a process too: end it as well.
    await Promise.all([this.session?.close(), this.starting?.close()]);
  }

  /** Per-tool timeout, then the server's. */
  timeoutFor(tool: string): number {
    // Own keys only: a tool named "toString" must not find Object.prototype.toString
    // (no timer at all) when toolTimeouts is a plain object.
    const t = this.config.toolTimeouts;
    const own = t && Object.hasOwn(t, tool) ? t[tool] : undefined;
    return typeof own === 'number' ? own : this.config.callTimeoutMs;
  }

  /** Calls a tool on the session; the answer goes to `answer` (the hub's call: no promise of the slot's own). */
  callToolTo(tool: string, args: Record<string, unknown>, options: CallOptions, answer: Answer<ToolResultRecord>, now?: number): void {
    const session = this.session;
    // The rare paths are methods of their own: a closure here, even one not
    // made, had every call allocate the context it would capture (~72 bytes).
    if (!session) return notConnected(answer);
    // Only a server that stops when idle pays for tracking its calls.
    if (this.idle.ms === undefined) return session.callToolTo(tool, args, options, answer, now);
    this.trackedCall(session, tool, args, options, answer);
  }

  private trackedCall(session: McpSession, tool: string, args: Record<string, unknown>, options: CallOptions, answer: Answer<ToolResultRecord>): void {
    this.idle.track(() => session.callTool(tool, args, options)).then(
      (result) => answer.resolve(result as unknown as ToolResultRecord),
      (err: Error) => answer.reject(err),
    );
  }

  /** No call for idleStopMs: end the process; its live list stays offered and the next call starts it again. */
  private async stopIdle(): Promise<void> {
    const session = this.session;
    if (!session || this.status.state !== 'online' || this.closing) return;
    this.session = undefined;
    this.generation++;
    this.relistSoon.cancel();
    this.cache.offerLive(this.tools);
    this.rests('idle');
    await session.close();
  }

  /** The circuit breaker opened or closed; checked after each call, copied only when it changed. */
  circuitChanged(): void {
    const openUntil = this.circuit.openUntilMs;
    if (openUntil === this.status.circuitOpenUntil) return;
    this.status = {...this.status, circuitOpenUntil: openUntil};
    this.deps.emit({type: 'server/circuit-changed', alias: this.alias, openUntil});
  }

  // Every status change is a new object (callers may keep old ones) and one event.
  private online(details: OnlineDetails): void {
    this.status = {...this.status, ...details, state: 'online', attempt: undefined, phase: undefined, reason: undefined, failedAt: undefined, starting: undefined, cached: undefined};
    this.deps.emit({type: 'server/online', alias: this.alias, ...details});
  }

  /** Still starting, with signs of life: the row says what it is doing and for how long. */
  private stillStarting(progress: StartingProgress): void {
    if (this.status.state !== 'starting' && this.status.state !== 'restarting') return;
    this.status = {...this.status, starting: progress};
    // Alive but past the normal timeout: an install. Questions go ahead without it; its tools join when it is up.
    if (progress.elapsedMs >= this.config.startupTimeoutMs) this.settle();
    this.deps.emit({type: 'server/still-starting', alias: this.alias, ...progress});
  }

  private offline(phase: FailurePhase, reason: string): void {
    this.cache.withdraw();
    this.status = {...this.status, state: 'offline', phase, reason, failedAt: Date.now(), toolCount: 0, starting: undefined, cached: undefined};
    this.deps.emit({type: 'server/offline', alias: this.alias, phase, reason});
  }

  private async connect(): Promise<boolean> {
    if (this.config.cannotStart) {
      this.offline('config', this.config.cannotStart);
      return false;
    }
    const generation = ++this.generation;
    const started = Date.now();
    // The process first: this start's watch and abort, and the session's objects, are then made
    // while the server boots, not before it spawns (first-run code on a first start, BENCHMARKS.md §24).
    let early: (() => Transport | Promise<Transport>) | undefined = madeNow(this.deps.makeTransport);
    const makeTransport = (): Transport | Promise<Transport> => {
      const made = early ?? this.deps.makeTransport;
      early = undefined;
      return made();
    };
    const timeout = new AbortController();
    const {startupTimeoutMs} = this.config;
    // A remote server has no process to watch: its one limit is startupTimeoutMs.
    const local = this.config.url === undefined;
    const capMs = local ? Math.max(startupTimeoutMs, this.config.installTimeoutMs ?? DEFAULT_INSTALL_TIMEOUT_MS) : startupTimeoutMs;
    let givenUp: string | undefined;
    this.startAbort = timeout;
    // 'spawn' until a transport is made (making one may throw: a missing cwd).
    let phase: FailurePhase = 'spawn';
    let transport: Transport | undefined;
    let session: McpSession | undefined;
    let watch: StartupWatch | undefined;
    try {
      watch = new StartupWatch({
        silenceMs: startupTimeoutMs,
        capMs,
        clock: this.deps.clock,
        // The transport of the moment: a probe that dies is respawned in the legacy era.
        sample: this.deps.lifeOf ? (fresh) => (transport ? this.deps.lifeOf!(transport, fresh) : undefined) : undefined,
        leaderCpu: this.deps.leaderCpuOf ? () => (transport ? this.deps.leaderCpuOf!(transport) : undefined) : undefined,
        onGiveUp: (reason) => {
          // A remote server's only limit is startupTimeoutMs: the plain "no answer within" says it.
          if (local) givenUp = reason;
          timeout.abort(reason);
        },
        onProgress: (progress) => this.stillStarting(progress),
      });
      const watching = watch;
      session = await openSession({
        makeTransport,
        onTransport: (t) => {
          t.ondiagnostic = (text) => {
            if (local) watching.output(text);
            this.deps.ondiagnostic(text);
          };
          this.starting = transport = t;
          phase = 'handshake';
        },
        protocol: this.config.protocol,
        remembered: this.config.protocol === undefined || this.config.protocol === 'auto' ? this.rememberedEra() : undefined,
        onNote: (text) => this.report.note(text),
        label: this.alias,
        clientInfo: this.deps.clientInfo,
        features: this.deps.features,
        // The watch ends a start that shows no sign of life; this is only the ceiling.
        handshakeTimeoutMs: capMs,
        probeWaitMs: this.deps.probeWaitMs,
        signal: timeout.signal,
        ontrace: this.report.traceHook(),
      });
      // How the era was decided, then what the handshake agreed (the last line, as before).
      this.report.note(ERA_DECISION_TEXT[session.eraDecidedBy]);
      this.report.note(session.eraDecision);
      this.rememberEra(session);
      // Listen before listing: a change announced while pages are in flight must not be lost.
      let changedWhileListing = false;
      const opened = session;
      opened.onToolsChanged(() => {
        if (this.session === opened) this.scheduleRelist(opened);
        else changedWhileListing = true;
      });
      watch.stop();
      phase = 'list';
      // The server answers now: listing gets the normal timeout, however long the install took.
      const {tools, pages, listing} = await this.listTools(session, startupTimeoutMs);
      if (generation !== this.generation || this.closing) {
        void session.close();
        return false;
      }
      this.session = session;
      this.tools = tools;
      const diff = this.cache.confirm(tools, listedFacts(session, listing));
      if (diff) {
        this.report.note(`the cached tool list was out of date: ${diffText(diff)}`);
        this.deps.emit({type: 'server/catalog-corrected', alias: this.alias, ...diff});
      }
      // The circuit is not reset here: a restart after a crash is no verdict on
      // the calls that crash it, and three of them in a row must open it.
      this.onlineSince = this.deps.now();
      session.onClose((exit) => this.exited(session!, exit));
      if (changedWhileListing) this.scheduleRelist(session);
      session.onLogMessage((params) => this.report.logged(params));
      this.online({
        era: session.era,
        protocolVersion: session.protocolVersion,
        eraDecision: session.eraDecidedBy,
        serverName: session.serverInfo?.name,
        instructions: session.instructions,
        capabilities: session.capabilities,
        toolCount: this.tools.length,
        pages,
        discoveryMs: Date.now() - started,
      });
      this.idle.arm();
      return true;
    } catch (err) {
      const failure = describeStartupFailure(err, phase, {startupTimeoutMs, stderr: transport?.diagnosticsTail(80) ?? [], givenUp, logFile: this.deps.logFile});
      void (session ?? undefined)?.close();
      if (!session) void transport?.close();
      if (generation === this.generation && !this.closing) {
        this.report.note(`${failure.phase} failed: ${failure.reason}`);
        this.tools = [];
        this.offline(failure.phase, failure.reason);
      }
      return false;
    } finally {
      watch?.stop();
      // Only a start in progress has anything to abort: a close long after it would dispatch an abort event for nothing.
      if (this.startAbort === timeout) this.startAbort = undefined;
      if (this.starting === transport) this.starting = undefined;
      // Made above and never handed to the session (the start ended first): nothing else would end its process.
      if (early) closeUntaken(early);
    }
  }

  /** The era of this run's last session, else the one this server's record remembers. */
  private rememberedEra(): RememberedEra | undefined {
    if (this.lastEra) return this.lastEra;
    const section = this.record?.get('era');
    return section && {era: section.era, protocolVersion: section.protocolVersion};
  }

  /** Keeps the era for restarts; writes it to the record when it is new (a write costs an fsync; most starts change nothing). */
  private rememberEra(session: McpSession): void {
    this.lastEra = {era: session.era, protocolVersion: session.protocolVersion};
    if (!this.record) return;
    const known = this.record.get('era');
    if (known?.era === session.era && known.protocolVersion === session.protocolVersion) return;
    this.record.set('era', {era: session.era, protocolVersion: session.protocolVersion, decidedBy: session.eraDecidedBy, at: isoTime(new Date())});
  }

  /** Every page, reported as it comes; what was dropped is kept with its reason. */
  private async listTools(session: McpSession, timeoutMs?: number): Promise<{tools: Tool[]; pages: number; listing: ToolListing}> {
    const listing = await session.listAllTools({timeoutMs, onPage: (page) => this.report.page(page)});
    const limited = limitTools(this.filter(listing.tools), this.deps.toolLimits);
    this.dropped = [...listing.dropped, ...limited.dropped];
    this.report.dropped(this.dropped);
    for (const line of limited.cut) this.report.note(`tool definition cut: ${line}`);
    // The listing's one wait beyond the server: the meta-schema validator, loaded only when a schema needs it,
    // so that the table build, synchronous, can check it (translate.ts).
    const loading = prepareTranslation(limited.tools);
    if (loading) await loading;
    return {tools: limited.tools, pages: listing.pages.length, listing};
  }

  /** Lists the tools again now (`/relist`); the new list replaces the old one. Throws when offline. */
  async listAgain(): Promise<ToolListing> {
    const session = this.session;
    if (!session) throw new Error(`${this.alias} is not online`);
    const {tools, pages, listing} = await this.listTools(session);
    if (session === this.session) this.listed(session, tools, pages, listing);
    // What the size limits dropped counts as dropped too.
    return {...listing, dropped: this.dropped};
  }

  /** A new listing replaces the tools; the hub rebuilds the catalog from the event. */
  private listed(session: McpSession, tools: Tool[], pages: number, listing: ToolListing): void {
    this.tools = tools;
    this.cache.save(tools, listedFacts(session, listing));
    this.status = {...this.status, toolCount: tools.length, pages};
    this.deps.emit({type: 'server/tools-listed', alias: this.alias, toolCount: tools.length, pages});
  }

  private filter(tools: Tool[]): Tool[] {
    const {includeTools, excludeTools} = this.config;
    // No filter: the listing itself (the session made it for this listing alone), not a copy of it.
    if (!includeTools && !excludeTools) return tools;
    return tools.filter((t) => (!includeTools || includeTools.includes(t.name)) && !excludeTools?.includes(t.name));
  }

  private scheduleRelist(session: McpSession): void {
    this.deps.emit({type: 'server/tools-changed', alias: this.alias});
    this.relistFor = session;
    this.relistSoon.poke();
  }

  // Listings never overlap: an older one finishing last would put back a stale list.
  private async relistLoop(): Promise<void> {
    if (this.relisting) {
      this.relistAgain = true;
      return;
    }
    this.relisting = true;
    try {
      do {
        this.relistAgain = false;
        if (this.relistFor) await this.relist(this.relistFor);
      } while (this.relistAgain && !this.closing);
    } finally {
      this.relisting = false;
    }
  }

  /** A list change re-lists this server only; the hub rebuilds the catalog from the new status. */
  private async relist(session: McpSession): Promise<void> {
    if (session !== this.session || session.closed) return;
    this.report.note('tools/list_changed: listing again');
    try {
      const {tools, pages, listing} = await this.listTools(session);
      if (session === this.session) this.listed(session, tools, pages, listing);
    } catch (err) {
      this.report.note(`re-listing failed, keeping the previous list: ${(err as Error).message}`);
    }
  }

  private exited(session: McpSession, exit: ExitInfo): void {
    if (session !== this.session || this.closing) return;
    this.session = undefined;
    this.tools = [];
    this.relistSoon.cancel();
    this.report.note(`process ended: ${describeExit(exit)}`);
    this.deps.emit({type: 'server/exited', alias: this.alias, code: exit.code, signal: exit.signal});
    // A server that ran for a while earns a fresh set of tries; a crash loop does not.
    if (this.deps.now() - this.onlineSince >= this.deps.restart.stableMs) this.attempts = 0;
    void this.restartLoop(exit);
  }

  private async restartLoop(exit: ExitInfo): Promise<void> {
    const {baseMs, maxMs, maxTries} = this.deps.restart;
    while (!this.closing && !this.session) {
      if (this.attempts >= maxTries) {
        this.offline('exit', `${new ServerExitedError(exit).message}; gave up after ${maxTries} restarts`);
        return;
      }
      this.attempts++;
      const reason = describeExit(exit);
      this.status = {...this.status, state: 'restarting', attempt: this.attempts, toolCount: 0, phase: 'exit', reason};
      this.deps.emit({type: 'server/restarting', alias: this.alias, attempt: this.attempts, reason});
      await new Promise((r) => setTimeout(r, Math.min(baseMs * 2 ** (this.attempts - 1), maxMs)));
      if (this.closing || this.session) return;
      if (await this.start()) return;
    }
  }
}

/** What the record keeps beside the tools of a listing. */
function listedFacts(session: McpSession, listing: ToolListing) {
  return {era: session.era, protocolVersion: session.protocolVersion, serverName: session.serverInfo?.name, ttlMs: listing.ttlMs, cacheScope: listing.cacheScope};
}

/** Calls `make` now; the thunk returns what it made, or throws what it threw, when the start asks for it. */
function madeNow(make: () => Transport | Promise<Transport>): () => Transport | Promise<Transport> {
  try {
    const made = make();
    return () => made;
  } catch (err) {
    return () => {
      throw err;
    };
  }
}

function closeUntaken(take: () => Transport | Promise<Transport>): void {
  try {
    void Promise.resolve(take()).then(
      (t) => t.close(),
      () => {},
    );
  } catch {
    /* making it failed: there is nothing to close */
  }
}

/** Rejects in a microtask, as a promise would: never inside the caller's own work. */
function notConnected(answer: Answer<unknown>): void {
  queueMicrotask(() => answer.reject(new Error('not connected')));
}
