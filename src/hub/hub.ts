import {join} from 'node:path';
import type {TraceEvent} from '../connection/connection.js';
import {ServerExitedError} from '../connection/errors.js';
import type {ClientFeatures} from '../session/server-requests.js';
import type {ContentBlock, Implementation, Tool} from '../session/mcp-types.js';
import type {CallOptions, ToolResultRecord} from '../session/session.js';
import type {HttpAuth} from '../transport/http-auth.js';
import {spawnServer, StdioTransport, type EarlyChild} from '../transport/stdio.js';
import type {Transport} from '../transport/types.js';
import {serverFingerprint, type ServerFingerprint} from '../util/server-fingerprint.js';
import type {ServerRecordStore} from '../util/server-record.js';
import {safeStringify} from '../util/safe-json.js';
import {buildCatalog, EMPTY_CATALOG, type DroppedEntry} from './catalog.js';
import {appendedToolsOf} from './catalog-order.js';
import {errorResult, resultFromError} from './call-result.js';
import {addWarning, DEFAULT_RESULT_LIMITS, shapeInto, type ResultLimits} from './content/index.js';
import type {HubEvent} from './hub-events.js';
import {Inspector} from './inspector.js';
import {checkCwd} from './cwd-check.js';
import {InputGate} from './input-gate.js';
import {CappedLog, ServerLog} from './log-file.js';
import {maskUrl} from '../util/mask-url.js';
import type {OutputCheck, OutputValidator} from './output-validator.js';
import {Debounce, systemClock, type Clock} from './debounce.js';
import {GroupSampler, processCpuMs} from './life-signs.js';
import type {LifeSample} from './startup-watch.js';
import {ServerSlot, type SlotConfig} from './server-slot.js';
import {DEFAULT_TOOL_LIMITS, type ToolLimits} from './tool-limits.js';
import {prepareTranslation} from './translate.js';
import {MemoryPinStore, type PinStore} from './trust/pins.js';
import {PinKeeper} from './trust/pin-keeper.js';
import {stripResultTags, tagNote} from './trust/result-tags.js';
import {stripTagCharacters} from '../util/visible.js';
import type {Catalog, CatalogEntry, HubCallResult, ServerStatus} from './types.js';

/** A server as the hub starts it: a local process, or a remote URL. */
export type HubServer = StdioHubServer | HttpHubServer;

/** A local server: the config plus the finished child environment. */
export interface StdioHubServer extends SlotConfig {
  command: string;
  args: string[];
  cwd?: string;
  /** The whole child environment (allowlist + config), computed by the caller. */
  env: Record<string, string>;
  url?: undefined;
}

/** A remote server spoken to over Streamable HTTP. */
export interface HttpHubServer extends SlotConfig {
  url: string;
  /** Sent on every request; never logged or shown. */
  headers?: Record<string, string>;
  /** Credentials and what to do on 401/403 (src/auth); none for a server that needs no login. */
  auth?: HttpAuth;
  command?: undefined;
}

/** Everything the hub can be told; only `servers` is required. */
export interface HubOptions {
  servers: HubServer[];
  clientInfo?: Implementation;
  features?: (server: HubServer) => ClientFeatures;
  onEvent?: (event: HubEvent) => void;
  /** Summarise every message into trace lines for the trace pane. */
  trace?: boolean;
  rawTrace?: (alias: string, event: TraceEvent) => void;
  /** Where per-server stderr logs go; none when undefined. */
  logDir?: string;
  /** Per-server records (era memory); nothing is remembered when undefined. */
  records?: ServerRecordStore;
  /** Makes the transport of each start; a stdio process by default. */
  makeTransport?: (server: HubServer) => Transport;
  /** A process already spawned for this stdio server (the CLI's early spawn), to adopt at its first start. */
  adopt?: (server: HubServer) => EarlyChild | undefined;
  probeWaitMs?: number;
  restart?: Partial<{baseMs: number; maxMs: number; maxTries: number; stableMs: number}>;
  circuit?: Partial<{threshold: number; cooldownMs: number}>;
  listDebounceMs?: number;
  /** List each server's resources and prompts when it comes online (the UI shows them). */
  listExtras?: boolean;
  /** A burst of list_changed notices delays the re-list by at most this (default 2000 ms). */
  listMaxWaitMs?: number;
  /** Time for the list-change debounce, the circuit breaker and the restart policy (tests inject one). */
  clock?: Clock;
  /** Per-result limits: binary is capped by default (DEFAULT_RESULT_LIMITS); text only when `textChars` is set (the app sets `--result-cap`, default 100,000). */
  results?: Partial<ResultLimits>;
  /** Size limits on tool definitions; defaults: DEFAULT_TOOL_LIMITS (64 KiB per tool, 2 MiB per server). */
  toolLimits?: Partial<ToolLimits>;
  /** Elicitation/sampling requests one server may have waiting for the user; more are declined (default 3). */
  maxQueuedInputs?: number;
  /** Where tool pins are kept (trust on first use); memory for this run only by default. */
  pins?: PinStore;
  /** Looks at a starting local server's process group (CPU, package managers); /proc by default, tests inject one. */
  lifeSample?: (pgid: number) => LifeSample | undefined;
}

/** Per-call options. */
export interface HubCallOptions {
  signal?: AbortSignal;
  onProgress?: (p: {progress: number; total?: number; message?: string}) => void;
  /** Overrides the config's timeout for this call (`breakerbox call --timeout`). */
  timeoutMs?: number;
}

/** A call may run at most this many times its timeout, however much progress it reports. */
export const MAX_TOTAL_FACTOR = 10;

const NO_OPTIONS: HubCallOptions = Object.freeze({});

/** While servers start together, their tools join the table in one rebuild per burst (see toolsMayHaveChanged). */
const STARTUP_REBUILD_WAIT_MS = 15;
const STARTUP_REBUILD_MAX_WAIT_MS = 100;

export const CLIENT_INFO: Implementation = {name: 'breakerbox', version: '0.1.0'};

/** Many servers, one tool table; a failure stays inside its own slot. */
export class Hub {
  private readonly slots: ServerSlot[];
  private readonly byAlias = new Map<string, ServerSlot>();
  private current: Catalog = EMPTY_CATALOG;
  private toolsSignature: unknown[] = [];
  private appendOnly = false;
  /** Set while start() marks every server starting (see there). */
  private startingAll = false;
  /** Set until start() has every eager server online or offline: rebuilds wait for the end of the event loop's turn. */
  private startingUp = false;
  /** A rebuild asked for while starting up and not done yet (done at the latest when the table is read). */
  private rebuildPending = false;
  /** Real time even when a clock is injected: nothing waits for it (a read of the table, or the end of start(), does the rebuild). */
  private readonly startupRebuild = new Debounce(() => this.flushRebuild(), STARTUP_REBUILD_WAIT_MS, STARTUP_REBUILD_MAX_WAIT_MS, systemClock);
  private onlineAliases = '';
  /** Made at the first call of a tool that declares an outputSchema: Ajv is too heavy to load for a listing. */
  private validator?: OutputValidator;
  private validatorLoading?: Promise<OutputValidator>;
  private readonly limits: ResultLimits;
  private readonly gate: InputGate;
  /** Tools the translation could not use (bad input schema), with reasons. */
  private translationDrops: DroppedEntry[] = [];
  /**
   * Tools that left the table, by model name, so a call to a server that went
   * down gets the real reason. Only those: a copy of every entry of every
   * table was one more Map entry per listed tool (BENCHMARKS.md §30).
   */
  private readonly lastKnown = new Map<string, CatalogEntry>();
  private readonly pins: PinKeeper;
  /** One look at /proc for all the servers starting at the same moment. */
  private readonly groups = new GroupSampler();
  /**
   * Resources, prompts, logs, relisting and server details: the debugging
   * side of the hub (src/hub/inspector.ts), nothing of which throws.
   */
  readonly inspect: Inspector;

  constructor(private readonly options: HubOptions) {
    this.limits = {...DEFAULT_RESULT_LIMITS, textChars: Infinity, ...options.results};
    this.gate = new InputGate((event) => this.emit(event), options.maxQueuedInputs ?? 3, options.clock);
    this.pins = new PinKeeper(options.pins ?? new MemoryPinStore());
    this.slots = options.servers.map((server) => this.makeSlot(server));
    for (const slot of this.slots) this.byAlias.set(slot.alias, slot);
    this.inspect = new Inspector({
      aliases: this.slots.map((s) => s.alias),
      slot: (alias) => this.byAlias.get(alias),
      catalog: () => this.table,
      droppedTools: () => this.droppedTools,
      emit: (event) => this.emit(event),
      note: (alias, summary) => options.trace && this.emit({type: 'trace/recorded', alias, entry: {at: Date.now(), direction: 'note', kind: 'page', summary}}),
      listExtras: options.listExtras ?? false,
    });
  }

  /** Starts every enabled server in parallel; resolves when each is online or offline. */
  async start(): Promise<void> {
    // Every cached list is in the first table together: one rebuild, not one per server.
    // A lazy server with a cached list rests until a call needs it (issue #18).
    this.startingAll = true;
    // Resources and prompts are listed once the start's servers have settled, not between their handshakes.
    this.inspect.holdUntil(this.settled());
    const resting = new Set<ServerSlot>();
    for (const slot of this.slots) {
      if (slot.config.disabled) continue;
      if (slot.waitsForCall) {
        resting.add(slot);
        slot.rests('lazy');
      } else slot.starts();
    }
    this.startingAll = false;
    // A cached schema that plainlyValid cannot answer needs the meta-schema validator before the first table.
    // Per slot: the verdicts are kept with each server's list, which is what the table build reads.
    let loading: Promise<void> | undefined;
    for (const slot of this.slots) {
      const cached = slot.offeredTools;
      if (cached) loading = prepareTranslation(cached) ?? loading;
    }
    if (loading) await loading;
    this.rebuildIfToolsChanged();
    this.startingUp = true;
    try {
      await Promise.all(this.slots.map((s) => (resting.has(s) ? undefined : s.start())));
    } finally {
      this.startingUp = false;
      this.flushRebuild();
    }
    // From here on the table the model has seen only grows at its end (see buildCatalog).
    this.appendOnly = true;
  }

  /**
   * Resolves when no server holds up a question any more: each is online,
   * offline, disabled, or still starting past its startupTimeoutMs with signs
   * of life (an install, which may take minutes; its tools join the table
   * when it comes online). `start()` must have been called.
   */
  settled(): Promise<void> {
    return Promise.all(this.slots.map((s) => s.settled)).then(() => undefined);
  }

  get catalog(): Catalog {
    return this.table;
  }

  /** The table, with any rebuild still waiting from the startup burst done first. */
  private get table(): Catalog {
    if (this.rebuildPending) this.flushRebuild();
    return this.current;
  }

  /** Every tool a server listed that is not in the table, with the reason: malformed, task-only, or untranslatable. */
  get droppedTools(): DroppedEntry[] {
    if (this.rebuildPending) this.flushRebuild();
    const listed = this.slots.flatMap((s) => s.dropped.map((d) => ({alias: s.alias, tool: d.name ?? `#${d.position} on page ${d.page}`, reason: d.reason, ...(d.notCallable ? {notCallable: true} : {})})));
    return [...listed, ...this.translationDrops];
  }

  /** The tools `alias` listed last (after the config's filters), withheld ones included; undefined when it is not online. */
  listedTools(alias: string): readonly Tool[] | undefined {
    const slot = this.byAlias.get(alias);
    return slot?.status.state === 'online' ? slot.tools : undefined;
  }

  statuses(): ServerStatus[] {
    return this.slots.map((s) => s.status);
  }

  /** One sentence per server that cannot serve, for the system prompt. */
  unavailable(): string[] {
    return this.slots
      .filter((s) => s.status.state === 'offline' || s.status.state === 'restarting')
      .map((s) => (s.status.state === 'restarting' ? `${s.alias} is restarting (attempt ${s.status.attempt}): ${s.status.reason ?? ''}` : `${s.alias} is unavailable: ${s.status.phase} failed: ${s.status.reason}`));
  }

  /** Each online server's instructions, labelled with its alias; invisible tag characters removed (with a note), as in results. */
  instructions(): Array<{alias: string; text: string}> {
    return this.slots.filter((s) => s.status.state === 'online' && s.status.instructions).map((s) => {
      const {text, removed} = stripTagCharacters(s.status.instructions!);
      return {alias: s.alias, text: removed === 0 ? text : `${text}\n${tagNote(removed, 'these instructions')}`};
    });
  }

  /** `/relist`: lists a server's tools again, page by page, with a diff against the catalog. */
  relist(alias: string) {
    return this.inspect.relist(alias);
  }

  /** `/loglevel`: what a server sends (legacy `logging/setLevel`, modern the per-request level). */
  setLogLevel(alias: string, level: string) {
    return this.inspect.setLogLevel(alias, level);
  }

  /**
   * "Decline all from this server": declines the elicitation and sampling
   * requests `alias` has waiting, and every later one without asking, for
   * `forMs` or (by default) the rest of the session; a reconnect does not
   * undo it, `acceptInputsFrom` does. Returns how many were waiting.
   */
  declineInputsFrom(alias: string, forMs?: number): number {
    return this.byAlias.has(alias) ? this.gate.declineFrom(alias, forMs) : 0;
  }

  /** Lets `alias` ask the user again after `declineInputsFrom`. */
  acceptInputsFrom(alias: string): void {
    this.gate.acceptFrom(alias);
  }

  reconnect(alias: string): Promise<boolean> {
    const slot = this.byAlias.get(alias);
    return slot ? slot.reconnect() : Promise.resolve(false);
  }

  /**
   * Starts a resting lazy server by hand (the user opened it in the Servers
   * pane): the start its first call would make, shared with calls meanwhile.
   * Resolves true once online; undefined when the server is not resting.
   */
  wake(alias: string): Promise<boolean> | undefined {
    const slot = this.byAlias.get(alias);
    return slot && (slot.status.state === 'idle' || slot.waking) ? slot.wake() : undefined;
  }

  /** Calls a tool by its model name. Never throws: every failure is an `isError` result. */
  call(name: string, args: unknown, options: HubCallOptions = NO_OPTIONS): Promise<HubCallResult> {
    const entry = this.table.byName.get(name);
    if (!entry) return Promise.resolve(this.missing(name));
    return this.callEntry(entry, args, options);
  }

  /**
   * The user accepts a tool as its server lists it now (`/trust`): it is
   * re-pinned, its invisible characters allowed, and it is back in the
   * model's table. Returns what happened, for the user.
   */
  trust(name: string): {ok: boolean; message: string} {
    const entry = this.table.withheld?.find((e) => e.name === name) ?? this.current.byName.get(name);
    const slot = entry ? this.byAlias.get(entry.alias) : undefined;
    const tool = slot?.tools.find((t) => t.name === entry!.tool);
    if (!entry || !slot || !tool) return {ok: false, message: `there is no tool named ${name} in the catalog`};
    this.pins.trust(slot.alias, slot.tools, tool, slot.config.onToolChange ?? 'withhold');
    this.toolsSignature = [];
    this.rebuildIfToolsChanged();
    return {ok: true, message: `${name} is trusted as ${slot.alias} lists it now (pinned again)`};
  }

  /**
   * Calls the tool of an entry the caller already found in the catalog (the
   * driver looks each call up once, for its card and approval, and passes
   * the entry on). Never rejects. The checks run at once; the answer comes
   * back to one `HubCall` object, not an async function or a promise chain:
   * with 64 calls in flight a suspended frame per call on top of the
   * session's made V8 double its young generation (peak RSS), and a promise,
   * closures and a reaction per layer were most of the hub's bytes and CPU
   * per call (BENCHMARKS.md §11).
   */
  callEntry(entry: CatalogEntry, args: unknown, options: HubCallOptions = NO_OPTIONS): Promise<HubCallResult> {
    // An entry looked up before its tool was withheld (a turn's snapshot) is refused all the same.
    // Nearly always none withheld: no search (and no closure for it) per call.
    const held = this.table.withheld;
    const withheld = held?.length ? held.find((e) => e.name === entry.name) : undefined;
    if (withheld) return Promise.resolve(errorResult(withheld.withheld!, 'withheld', {alias: entry.alias, tool: entry.tool}));
    const slot = this.byAlias.get(entry.alias);
    if (!slot) return Promise.resolve(errorResult(`there is no server ${entry.alias}`, 'unknown-tool'));
    // A resting lazy server starts for this call; the call goes on with the live entry (issue #18).
    if (slot.status.state === 'idle' || slot.waking) return this.callWoken(slot, entry, args, options);
    return this.callOnline(slot, entry, args, options, undefined);
  }

  // Its own method: closures in `callEntry`, even unmade, cost every call their context.
  // The call's duration counts the wake; its timeout starts when it is sent.
  private callWoken(slot: ServerSlot, entry: CatalogEntry, args: unknown, options: HubCallOptions): Promise<HubCallResult> {
    const started = performance.now();
    // A call refused after the wake took as long as the wake: its card says so, not 0 ms.
    const waited = (result: HubCallResult): HubCallResult => ({...result, durationMs: Math.round(performance.now() - started)});
    return this.wakeFor(slot, entry).then(
      (live) => ('inputSchema' in live ? this.callOnline(slot, live, args, options, started) : waited(live)),
      (err: unknown) => waited({...resultFromError(err, entry.alias, entry.tool, slot.timeoutFor(entry.tool)), alias: entry.alias, tool: entry.tool}),
    );
  }

  // The call on a server that is up: checks at once, then the answer goes to its HubCall.
  // `wokenAt`: when a call that had to start its server began (undefined: now).
  private callOnline(slot: ServerSlot, entry: CatalogEntry, args: unknown, options: HubCallOptions, wokenAt: number | undefined): Promise<HubCallResult> {
    if (!slot.session || slot.status.state !== 'online') return Promise.resolve(errorResult(`the server ${entry.alias} is unavailable: ${unavailableWhy(slot)}`, 'offline', {alias: entry.alias, tool: entry.tool}));
    if (args === undefined || args === null) args = {};
    if (typeof args !== 'object' || Array.isArray(args)) return Promise.resolve(errorResult(`${entry.name}: ${argumentsProblem(args)}`, 'internal', {alias: entry.alias, tool: entry.tool}));
    // Half-open: if this call is let through, it is the one trial call.
    const trial = slot.circuit.openUntilMs !== undefined;
    if (!slot.circuit.allow()) {
      const now = (this.options.clock ?? systemClock).now();
      const until = slot.circuit.openUntilMs ?? now;
      return Promise.resolve(errorResult(`the server ${entry.alias} is failing (${slot.circuit.threshold} calls in a row timed out or crashed); calls are paused for ${Math.max(0, Math.ceil((until - now) / 1000))} s`, 'circuit-open', {alias: entry.alias, tool: entry.tool}));
    }
    const timeoutMs = options.timeoutMs ?? slot.timeoutFor(entry.tool);
    // Read once: with nobody listening the call path builds no event at all.
    if (this.options.onEvent) this.emit({type: 'server/call-started', alias: entry.alias, tool: entry.tool});
    // Progress restarts the idle timeout; the total cap keeps a server that
    // reports progress forever from holding the call forever (the spec's
    // "SHOULD always enforce a maximum timeout"). setTimeout caps at 2^31-1 ms.
    const maxTotalMs = Math.min(timeoutMs * MAX_TOTAL_FACTOR, 2_147_483_647);
    // A call without a signal or progress (the bench, scripts, most model calls) reuses its
    // slot's frozen options for this timeout: the session and the connection only read them.
    let callOptions: CallOptions;
    if (options.signal === undefined && options.onProgress === undefined) {
      const last = slot.plainCallOptions;
      callOptions = last !== undefined && last.timeoutMs === timeoutMs ? last : (slot.plainCallOptions = Object.freeze({timeoutMs, maxTotalMs}));
    } else {
      callOptions = {timeoutMs, maxTotalMs, signal: options.signal, onProgress: options.onProgress};
    }
    // The call's one promise: the slot, the session and the connection hand its answer to `HubCall`.
    // One executor shared by every call hands the resolve out, rather than an arrow per call
    // closed over its arguments, slot, entry and options (BENCHMARKS.md §11, h22b).
    const answer = new Promise<HubCallResult>(takeResolve);
    // One clock read for the call's duration and its deadlines below (the connection's).
    const now = performance.now();
    const call = new HubCall(this, slot, entry, timeoutMs, trial, wokenAt ?? now, takenResolve!);
    takenResolve = undefined;
    try {
      slot.callToolTo(entry.tool, args as Record<string, unknown>, callOptions, call, now);
    } catch (err) {
      call.reject(err as Error);
    }
    return answer;
  }

  /** A call's answer, shaped, checked and counted (HubCall, on the call path). */
  settleCall(call: HubCall, raw: ToolResultRecord): HubCallResult {
    const {slot, entry} = call;
    let result: HubCallResult;
    try {
      slot.circuit.succeeded();
      result = this.answered(entry, raw);
    } catch (err) {
      // Shaping and validation never throw by contract; if one did, the caller still gets a result.
      result = this.failed(slot, entry, err, call.timeoutMs, call.trial);
    }
    return this.ended(slot, entry, result, call.started);
  }

  /** A call that failed, as a result (HubCall, on the call path). */
  failCall(call: HubCall, err: unknown): HubCallResult {
    return this.ended(call.slot, call.entry, this.failed(call.slot, call.entry, err, call.timeoutMs, call.trial), call.started);
  }

  /** Loads the output validator when a result of `entry` needs it and it is not loaded yet; undefined otherwise. */
  validatorFor(entry: CatalogEntry): Promise<unknown> | undefined {
    return entry.outputSchema !== undefined && !this.validator ? this.loadValidator() : undefined;
  }

  // Whatever the server sent, what goes up is well-formed and within the limits.
  private answered(entry: CatalogEntry, raw: ToolResultRecord): HubCallResult {
    // One object of a fixed shape, made once and shaped in place: spreading the
    // session's result and adding alias/tool/durationMs (BENCHMARKS.md, finding 4),
    // and then a shaped copy with a warnings list for every result, were costs per call.
    const result: HubCallResult = {
      content: NO_CONTENT,
      structuredContent: undefined,
      // The server's record as read (see ToolResultRecord): only `true` makes it an error.
      isError: raw.isError === true ? true : undefined,
      warnings: undefined,
      alias: entry.alias,
      tool: entry.tool,
      durationMs: 0,
    };
    shapeInto(result, raw, this.limits);
    stripResultTags(result);
    const check = entry.outputSchema !== undefined && this.validator ? this.validator.validate(entry, result) : UNCHECKED;
    if (!check.ok) {
      return {content: [{type: 'text', text: check.message}], isError: true, failure: 'invalid-output', rejected: {content: result.content, structuredContent: result.structuredContent}, alias: entry.alias, tool: entry.tool, durationMs: 0};
    }
    if (check.warning) addWarning(result, check.warning);
    return result;
  }

  private failed(slot: ServerSlot, entry: CatalogEntry, err: unknown, timeoutMs: number, trial: boolean): HubCallResult {
    const result = resultFromError(err, entry.alias, entry.tool, timeoutMs);
    result.alias = entry.alias;
    result.tool = entry.tool;
    if (result.failure === 'timeout' || result.failure === 'exited' || result.failure === 'unreachable') slot.circuit.failed(err instanceof ServerExitedError ? err.exit : undefined);
    else if (result.failure !== 'aborted') slot.circuit.succeeded();
    // A cancelled trial says nothing about the server; without this the circuit stays open for good.
    else if (trial) slot.circuit.released();
    return result;
  }

  private ended(slot: ServerSlot, entry: CatalogEntry, result: HubCallResult, started: number): HubCallResult {
    result.durationMs = Math.round(performance.now() - started);
    slot.circuitChanged();
    if (this.options.onEvent) this.emit({type: 'server/call-finished', alias: entry.alias, tool: entry.tool, durationMs: result.durationMs, failure: result.failure});
    return result;
  }

  async close(): Promise<void> {
    this.rebuildPending = false;
    this.startupRebuild.cancel();
    this.inspect.close();
    await Promise.all(this.slots.map((s) => s.close()));
    // Records are written in the background; a closed hub has them on disk, so the next one (even in this process) reads them.
    await this.options.records?.flush();
  }

  /**
   * A name not in the table: if it belonged to a server that is down now (seen
   * before, or under the prefix of an alias that never came up), say so, so
   * the model knows to wait or work around it rather than guess another name.
   */
  private missing(name: string): HubCallResult {
    const withheld = this.table.withheld?.find((e) => e.name === name);
    if (withheld) return errorResult(withheld.withheld!, 'withheld', {alias: withheld.alias, tool: withheld.tool});
    const known = this.lastKnown.get(name);
    const slot = known ? this.byAlias.get(known.alias) : this.slots.find((s) => s.status.state !== 'online' && name.startsWith(`mcp__${s.alias}__`));
    if (slot && slot.status.state !== 'online') {
      return errorResult(`the server ${slot.alias} is unavailable: ${unavailableWhy(slot)}`, 'offline', {alias: slot.alias, tool: known?.tool});
    }
    // A bare tool name (`search`) or a near miss: name the tools the model may have meant.
    const meant = this.table.entries.filter((e) => e.tool === name || e.name.endsWith(`__${name}`)).map((e) => e.name);
    const hint = meant.length ? `; did you mean ${meant.slice(0, 3).join(' or ')}${meant.length > 3 ? ` (or ${meant.length - 3} more)` : ''}?` : '';
    return errorResult(`there is no tool named ${name}${hint}`, 'unknown-tool');
  }

  private makeSlot(server: HubServer): ServerSlot {
    const o = this.options;
    const log = o.logDir ? new ServerLog(new CappedLog(join(o.logDir, `${server.alias}.log`))) : undefined;
    log?.run(`breakerbox (pid ${process.pid}) starts ${server.alias}: ${server.url !== undefined ? maskUrl(server.url) : [server.command, ...server.args].join(' ')}`);
    // stderr is logging, not an error signal: to the log file, and (bounded) to the trace pane.
    const ondiagnostic = (text: string) => {
      log?.write(text);
      if (o.trace) this.emit({type: 'trace/recorded', alias: server.alias, entry: {at: Date.now(), direction: 'in', kind: 'stderr', summary: text.slice(-2000)}});
    };
    // One line per HTTP exchange: the trace pane and --debug traces; never a header value.
    const onexchange = (line: string) => {
      o.rawTrace?.(server.alias, {direction: 'transport', line});
      if (o.trace) this.emit({type: 'trace/recorded', alias: server.alias, entry: {at: Date.now(), direction: 'note', kind: 'http', summary: line}});
    };
    const makeTransport = o.makeTransport
      ? () => o.makeTransport!(server)
      : server.url !== undefined
        ? async () => {
            // Loaded for a config with a remote server only: a stdio-only start does not compile it (issue #18).
            const {HttpTransport} = await import('../transport/http/http-transport.js');
            const t = new HttpTransport({url: server.url, headers: server.headers, auth: server.auth, onexchange});
            onexchange(`Streamable HTTP to ${t.shownUrl}`);
            return t;
          }
        : () => {
            // A missing cwd makes spawn fail with ENOENT, which reads as "command not found": say what it is.
            checkCwd(server.cwd);
            const options = {command: server.command, args: server.args, cwd: server.cwd, env: server.env};
            // Spawned here, not in the transport's start(): the session's objects are made
            // while the server boots, not before (a first start's ~2 ms, BENCHMARKS.md §24).
            return new StdioTransport(options, o.adopt?.(server) ?? spawnServer(options));
          };
    return new ServerSlot(server, {
      clientInfo: o.clientInfo ?? CLIENT_INFO,
      features: this.gate.wrap(server.alias, o.features?.(server) ?? {}),
      makeTransport,
      ondiagnostic,
      probeWaitMs: o.probeWaitMs ?? 1_500,
      restart: {baseMs: 1_000, maxMs: 30_000, maxTries: 5, stableMs: 30_000, ...o.restart},
      circuit: {threshold: 3, cooldownMs: 30_000, ...o.circuit},
      emit: (event) => this.slotEvent(event),
      rawTrace: o.rawTrace ? (event) => o.rawTrace!(server.alias, event) : undefined,
      trace: o.trace ?? false,
      logFile: log?.path,
      writeLog: log ? (text) => log.write(text) : undefined,
      listDebounceMs: o.listDebounceMs ?? 200,
      listMaxWaitMs: o.listMaxWaitMs ?? 2_000,
      clock: o.clock,
      toolLimits: {...DEFAULT_TOOL_LIMITS, ...o.toolLimits},
      now: () => (o.clock ?? systemClock).now(),
      // The hub made the process, so it may look at it: its pid is its process group (spawned detached).
      lifeOf: (t, fresh) => (t instanceof StdioTransport && t.pid !== undefined ? (o.lifeSample ? o.lifeSample(t.pid) : this.groups.sample(t.pid, fresh)) : undefined),
      // Not beside a test's own samples (lifeSample): the real process would answer for them.
      leaderCpuOf: o.lifeSample ? undefined : (t) => (t instanceof StdioTransport && t.pid !== undefined ? processCpuMs(t.pid) : undefined),
      openRecord: o.records ? (warn) => o.records!.record(server.fingerprint ?? fingerprintOf(server), warn) : undefined,
    });
  }

  private slotEvent(event: HubEvent): void {
    this.emit(event);
    this.inspect.observe(event);
    // A server's tools enter or leave the table only when it changes state or re-lists.
    switch (event.type) {
      case 'server/starting':
      case 'server/catalog-cached':
      case 'server/online':
      case 'server/offline':
      case 'server/restarting':
      case 'server/tools-listed':
        this.toolsMayHaveChanged();
        break;
      case 'server/catalog-corrected':
        // The table the model saw last run is gone: every server's tools go back to their canonical place.
        if (event.removed.length > 0 || event.changed.length > 0) for (const slot of this.slots) slot.keepOrder(undefined);
    }
  }

  /**
   * Servers started together come online in a burst, and every rebuild scans
   * and translates every tool of every server online so far: ten servers of
   * 50 tools made ten tables and 2,750 tool scans (BENCHMARKS.md §11). While
   * start() runs, the servers of a burst make one table: it waits
   * STARTUP_REBUILD_WAIT_MS after the last, STARTUP_REBUILD_MAX_WAIT_MS after
   * the first at most; whoever reads the table meanwhile gets it rebuilt
   * first, and start() rebuilds before it resolves. After startup every change
   * rebuilds at once.
   */
  private toolsMayHaveChanged(): void {
    if (!this.startingUp) return this.rebuildIfToolsChanged();
    this.rebuildPending = true;
    this.startupRebuild.poke();
  }

  private flushRebuild(): void {
    this.startupRebuild.cancel();
    if (!this.rebuildPending) return;
    this.rebuildPending = false;
    this.rebuildIfToolsChanged();
  }

  /** Rebuilds the table only when some server's tool list object changed. */
  private rebuildIfToolsChanged(): void {
    if (this.startingAll) return;
    // Online servers with their live lists, starting ones with their cached lists (issue #18).
    const online = this.slots.flatMap((s) => {
      const tools = s.offeredTools;
      return tools ? [{slot: s, alias: s.alias, trusted: s.status.trusted, tools, onToolChange: s.config.onToolChange, live: s.status.state === 'online'}] : [];
    });
    const signature = online.flatMap((s) => [s.alias, s.tools]);
    if (signature.length === this.toolsSignature.length && signature.every((v, i) => v === this.toolsSignature[i])) return;
    this.toolsSignature = signature;
    // Only a re-list of the same servers appends; a server joining (a restart, a reconnect) takes its canonical place.
    // During start() too, once the table came from the cache: it is what the model saw last run, so a live list
    // that only adds to it keeps that prefix (the prompt cache) as a re-list would.
    const aliases = online.map((s) => s.alias).join('\0');
    const appendOnly = aliases === this.onlineAliases && (this.appendOnly || this.current.entries.length > 0);
    this.onlineAliases = aliases;
    // Pins are checked, and first sightings saved, only for lists the server sent; a cached list is only read against them.
    const servers = online.map((s) => ({alias: s.alias, trusted: s.trusted, tools: s.tools, appended: s.slot.appendedOrder, pins: s.live ? this.pins.check(s.alias, s.tools, s.onToolChange ?? 'withhold') : this.pins.peek(s.alias, s.tools, s.onToolChange ?? 'withhold')}));
    const {catalog, dropped, broke} = buildCatalog(servers, this.current, appendOnly);
    this.translationDrops = dropped;
    if (catalog === this.current) return;
    const previous = this.current;
    this.current = catalog;
    // The records keep the table's order as sent, so the next start sends the same bytes.
    for (const s of online) s.slot.keepOrder(appendedToolsOf(catalog, s.alias));
    for (const entry of previous.entries) if (!catalog.byName.has(entry.name)) this.lastKnown.set(entry.name, entry);
    // A cache corrected at start has its own notice (server/catalog-corrected); `broke` is for a table sent in this run.
    this.emit({type: 'catalog/rebuilt', catalog, ...(broke && this.appendOnly ? {broke} : {})});
  }

  /**
   * Starts a resting lazy server for a call of `entry` (a cached tool), within
   * its startup policy; then the live entry, or why the call cannot go as the
   * model made it (the tool is gone, or its input schema changed: the table
   * is already updated for the next model request).
   */
  private async wakeFor(slot: ServerSlot, entry: CatalogEntry): Promise<CatalogEntry | HubCallResult> {
    const where = {alias: entry.alias, tool: entry.tool};
    if (!(await slot.wake())) return errorResult(`the server ${entry.alias} could not be started for this call: ${unavailableWhy(slot)}`, 'offline', where);
    const live = this.table.entries.find((e) => e.alias === entry.alias && e.tool === entry.tool);
    // Still listed, but trust holds it back (changed since it was pinned): that is the reason, not a missing tool.
    const held = live ? undefined : this.table.withheld?.find((e) => e.alias === entry.alias && e.tool === entry.tool);
    if (held) return errorResult(held.withheld!, 'withheld', where);
    if (!live) return errorResult(`${entry.name}: the server ${entry.alias} no longer offers this tool (its live list differs from the cached one); the call was not sent`, 'unknown-tool', where);
    if (safeStringify(live.inputSchema) !== safeStringify(entry.inputSchema)) {
      return errorResult(`${entry.name}: the tool's input schema changed since the cached list; the call was not sent. The tool table now has the new schema: call it again if it still fits`, 'refused', where);
    }
    return live;
  }

  /** Loads Ajv and the validator, once. */
  private loadValidator(): Promise<OutputValidator> {
    this.validatorLoading ??= import('./output-validator.js').then(({OutputValidator}) => (this.validator = new OutputValidator()));
    return this.validatorLoading;
  }

  private emit(event: HubEvent): void {
    try {
      this.options.onEvent?.(event);
    } catch {
      /* a listener's bug must not take a server down */
    }
  }
}

/** The verdict on a result of a tool without an outputSchema. */
const UNCHECKED: OutputCheck = Object.freeze({ok: true});
// A result's content before it is shaped: `shapeInto` always replaces it.
const NO_CONTENT = Object.freeze([]) as unknown as ContentBlock[];

function fingerprintOf(s: HubServer): ServerFingerprint {
  if (s.url !== undefined) return serverFingerprint({kind: 'http', alias: s.alias, url: s.url, headers: s.headers});
  return serverFingerprint({kind: 'stdio', alias: s.alias, command: s.command, args: s.args, cwd: s.cwd, env: s.env});
}

// The resolve of the promise `callOnline` is making; the executor runs at once, inside `new Promise`.
let takenResolve: ((result: HubCallResult) => void) | undefined;
const takeResolve = (resolve: (result: HubCallResult) => void): void => {
  takenResolve = resolve;
};

/**
 * One call in flight at the hub: what it needs when it settles, in one object
 * that receives the answer (no closures, no reaction of its own). Never
 * throws: whatever happens becomes the result the caller's promise gets.
 */
class HubCall {
  constructor(
    private readonly hub: Hub,
    readonly slot: ServerSlot,
    readonly entry: CatalogEntry,
    readonly timeoutMs: number,
    /** Half-open: this call is the one trial call. */
    readonly trial: boolean,
    readonly started: number,
    private readonly done: (result: HubCallResult) => void,
  ) {}

  resolve(raw: ToolResultRecord): void {
    // Ajv loads at the first result of a tool that declares an outputSchema.
    const loading = this.hub.validatorFor(this.entry);
    if (loading) return this.settleAfter(loading, raw);
    this.settle(raw);
  }

  // Its own method: closures in `resolve`, even unmade, cost every call their context.
  private settleAfter(loading: Promise<unknown>, raw: ToolResultRecord): void {
    loading.then(
      () => this.settle(raw),
      (err: unknown) => this.fail(err),
    );
  }

  reject(error: Error): void {
    this.fail(error);
  }

  // Neither throws by contract; if one did, the caller still gets a result rather than waiting for ever.
  private settle(raw: ToolResultRecord): void {
    let result: HubCallResult;
    try {
      result = this.hub.settleCall(this, raw);
    } catch (err) {
      result = this.internal(err);
    }
    this.done(result);
  }

  private fail(error: unknown): void {
    let result: HubCallResult;
    try {
      result = this.hub.failCall(this, error);
    } catch (err) {
      result = this.internal(err);
    }
    this.done(result);
  }

  private internal(err: unknown): HubCallResult {
    return errorResult(`${this.entry.name}: ${err instanceof Error ? err.message : String(err)}`, 'internal', {alias: this.entry.alias, tool: this.entry.tool});
  }
}

function unavailableWhy(slot: ServerSlot): string {
  const s = slot.status;
  if (s.state === 'restarting') return `it is restarting (attempt ${s.attempt}) after: ${s.reason ?? 'an exit'}`;
  if (s.state === 'disabled') return 'it is disabled in the config';
  if (s.state === 'idle') return 'it is not started (lazy)';
  if (s.state === 'starting') return 'it is still starting';
  return `${s.phase ?? 'startup'} failed: ${s.reason ?? 'unknown reason'}`;
}

/**
 * Why a call's arguments cannot be sent. A model's arguments that were not
 * JSON reach the hub as their text (both providers pass it on, so the model
 * can see what it wrote): "must be an object" would send it looking for the
 * wrong mistake.
 */
function argumentsProblem(args: unknown): string {
  if (typeof args === 'string') return `the arguments are not valid JSON (${JSON.stringify(args.length > 120 ? `${args.slice(0, 120)}…` : args)}); send one JSON object`;
  return `arguments must be a JSON object, not ${Array.isArray(args) ? 'an array' : typeof args}`;
}
