// The one place with side effects for the app and its turns: it starts the
// hub, runs turns (model requests, calls), asks the user (approvals, server
// requests), records the session and owns the timers (text batching, the
// clock of elapsed times). Every outcome becomes a past-tense event with its
// time, dispatched to the one store that the TUI, `--print`, `--list-tools`
// and the self-check read.
import {setMaxListeners} from 'node:events';
import type {ApprovalRules} from '../agent/approvals.js';
import type {InputAnswer} from '../agent/client-features.js';
import type {Model, ModelMessage} from '../agent/model.js';
import type {ToolSearchSettings} from '../agent/tool-search/settings.js';
import {TrustNotices} from './trust-notices.js';
import type {HubEvent} from '../hub/hub-events.js';
import type {AppState, InputRequestView, NoticeLevel} from '../state/app-state.js';
import type {AppEvent, EventOf} from '../state/events.js';
import type {Store} from '../state/store.js';
import {callCard} from '../state/selectors.js';
import type {Accounts} from './accounts.js';
import type {ApprovalAnswer, Approver} from './approval.js';
import {recordSession, type TurnRecorder} from './session-recording.js';
import {TextBatcher} from './text-batcher.js';
import type {LoopHub} from './context.js';
import {tokenCounter} from './count-tokens.js';
import type {Catalog} from '../hub/types.js';
import {InspectActions, type InspectDeps} from './inspect.js';
import {ManualCalls} from './manual-call.js';
import {stamped} from './stamp.js';

/** The hub as the driver runs it. */
export interface DriverHub extends LoopHub {
  start(): Promise<void>;
  /** Resolves when no server holds up a question (see Hub.settled); without it, when `start()` does. */
  settled?(): Promise<void>;
  reconnect(alias: string): Promise<boolean>;
  /** Starts a resting lazy server (see Hub.wake); undefined when it is not resting. */
  wake?(alias: string): Promise<boolean> | undefined;
  /** Declines what `alias` has waiting for the user and everything it asks later; returns how many were waiting. */
  declineInputsFrom(alias: string): number;
  acceptInputsFrom(alias: string): void;
  close(): Promise<void>;
  /** Re-pins a tool as listed now (see Hub.trust). */
  trust?(name: string): {ok: boolean; message: string};
  /** The debugging side (resources, prompts, logs, relist); a test's fake hub may have none. */
  readonly inspect?: InspectDeps['hub']['inspect'];
  relist?: InspectDeps['hub']['relist'];
  setLogLevel?: InspectDeps['hub']['setLogLevel'];
}

/** Everything the driver is given. */
export interface DriverOptions {
  store: Store;
  hub: DriverHub;
  model: Model;
  maxSteps: number;
  rules: ApprovalRules;
  /** False for `--print`: calls that need asking are denied with a hint. */
  interactive: boolean;
  resultCap?: number;
  /** Token budget of one result per server alias (unset: the default budget). */
  resultTokens?: (alias: string) => number | undefined;
  /** When tools are deferred behind search (default: auto, per-server overrides none). */
  toolSearch?: ToolSearchSettings;
  recorder?: TurnRecorder;
  /** Conversation to continue (from `--resume`). */
  history?: ModelMessage[];
  /** The clock every event is stamped with. */
  now?: () => number;
  /** While a turn runs, `clock/ticked` this often (elapsed times on screen); 0 never. */
  tickMs?: number;
  /** The logins of remote servers, for `/login` and `/logout`; none without remote servers. */
  accounts?: Accounts;
}

/** Sees each event after the store applied it, with the state after it. */
export type Observer = (event: AppEvent, state: AppState) => void;

export class Driver {
  /** The conversation as the model sees it; kept valid for its API after every turn. */
  readonly history: ModelMessage[];
  private running?: {abort: AbortController; done: Promise<void>};
  private readonly observers = new Set<Observer>();
  private readonly now: () => number;
  private starting?: Promise<void>;
  private ready = false;
  private inputCounter = 0;
  /** The model API's own tool search, until it refuses it once (then search_tools for the session). */
  private readonly searchPlacement = {server: true};

  /** Views, reads, watches, relist, log levels, prompts and attachments; absent with a hub that has no inspector. */
  readonly inspector?: InspectActions;
  /** Calls by hand: outside every turn, under the same approval rules. */
  readonly manual: ManualCalls;

  constructor(private readonly o: DriverOptions) {
    this.history = o.history ?? [];
    this.countTokens = tokenCounter(o.model, (e) => this.dispatch(e));
    this.now = o.now ?? Date.now;
    if (o.recorder) this.observe(recordSession(o.recorder));
    const base = {state: () => this.o.store.getState(), dispatch: (e: AppEvent) => this.dispatch(e), notice: (level: NoticeLevel, text: string) => this.notice(level, text)};
    const hub = o.hub;
    if (hub.inspect && hub.relist && hub.setLogLevel) {
      this.inspector = new InspectActions({...base, hub: {inspect: hub.inspect, relist: (a) => hub.relist!(a), setLogLevel: (a, l) => hub.setLogLevel!(a, l), wake: (a) => hub.wake?.(a)}, ask: (text) => this.ask(text)});
    }
    this.trustNotices = new TrustNotices(hub.inspect, () => this.o.store.getState().servers.order, (level, text) => this.notice(level, text));
    this.manual = new ManualCalls({...base, hub, rules: o.rules, next: (match, signal) => this.next(match, signal)});
  }

  get store(): Store {
    return this.o.store;
  }

  /** Whether a turn is running (until its last event is out). */
  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Stamps `event` with the clock, applies it, then tells the observers. */
  dispatch(event: AppEvent): void {
    const at = stamped(event, this.now);
    this.o.store.dispatch(at);
    if (this.observers.size === 0) return;
    const state = this.o.store.getState();
    for (const observer of [...this.observers]) observer(at, state);
  }

  /** Adds an observer of every dispatched event; returns the function that removes it. */
  observe(observer: Observer): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /** The first event from now on that `match` accepts; undefined once `signal` aborts. */
  next<E extends AppEvent>(match: (e: AppEvent) => e is E, signal?: AbortSignal): Promise<E | undefined> {
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve(undefined);
      const done = (value: E | undefined) => {
        off();
        signal?.removeEventListener('abort', onAbort);
        resolve(value);
      };
      const onAbort = () => done(undefined);
      const off = this.observe((e) => {
        if (match(e)) done(e);
      });
      signal?.addEventListener('abort', onAbort, {once: true});
    });
  }

  /** Where the hub's events go (its `onEvent`). */
  readonly hubEvent = (event: HubEvent): void => {
    this.dispatch(event);
    this.trustNotices.seen(event);
    // During startup the table is rebuilt as each server comes up: count once it has settled.
    if (event.type === 'catalog/rebuilt' && this.ready) this.countTokens(event.catalog);
  };
  private readonly countTokens: (catalog: Catalog) => void;
  private readonly trustNotices: TrustNotices;

  /**
   * Starts every server; resolves when each is online or offline. A question
   * asked meanwhile is sent once the servers have settled: a server still
   * installing past its startupTimeoutMs does not hold it up (hub.settled).
   */
  start(): Promise<void> {
    if (this.starting) return this.starting;
    this.starting = this.o.hub.start();
    void Promise.race([this.starting, this.o.hub.settled?.() ?? this.starting]).finally(() => {
      this.ready = true;
      this.countTokens(this.o.hub.catalog);
      const queued = this.o.store.getState().queued;
      if (queued !== null) void this.submit(queued);
    });
    return this.starting;
  }

  /**
   * The user's question from the UI: a turn now, or once the servers have
   * started. Refused, with a notice, while a turn runs or a question waits.
   */
  ask(text: string): boolean {
    if (this.running || this.o.store.getState().queued !== null) {
      // About the running turn: gone when it ends (a question still waiting for the servers is no turn yet).
      this.notice('warn', 'a turn is still running: wait for it, or press Ctrl-C to cancel it', this.running ? 'turn' : undefined);
      return false;
    }
    if (this.ready || !this.starting) void this.submit(text);
    else this.dispatch({type: 'question/queued', text});
    return true;
  }

  /** Withdraws the question waiting for the servers; false when there is none. */
  dropQueued(): boolean {
    if (this.o.store.getState().queued === null) return false;
    this.dispatch({type: 'question/dropped'});
    return true;
  }

  /** Runs one turn now; resolves when its outcome is in the store. Undefined (with a notice) while another runs. */
  submit(text: string): Promise<void> | undefined {
    if (this.running) {
      this.notice('warn', 'a turn is still running: wait for it, or press Ctrl-C to cancel it', 'turn');
      return undefined;
    }
    const abort = new AbortController();
    // Every call of the turn listens on this signal while it runs (its approval, its
    // request), and a model may ask for any number of calls in one response: past
    // Node's default of 10 listeners it would print a leak warning onto the terminal
    // behind the TUI.
    setMaxListeners(0, abort.signal);
    this.dispatch({type: 'user/submitted', text});
    const batcher = new TextBatcher((t) => this.dispatch({type: 'model/text-delta', text: t}));
    const tick = this.o.tickMs ? setInterval(() => this.dispatch({type: 'clock/ticked'}), this.o.tickMs) : undefined;
    const approver: Approver = {
      rules: this.o.rules,
      interactive: this.o.interactive,
      state: () => this.o.store.getState(),
      dispatch: (e) => this.dispatch(e),
      next: (match, signal) => this.next(match, signal),
    };
    // The turn's code (requests, calls, tool search) loads at the first
    // question: a list run never asks one, a TUI not before it is up (issue #18).
    const done = import('./turn.js').then(({runTurn}) => runTurn(text, {
      model: this.o.model,
      hub: this.o.hub,
      history: this.history,
      dispatch: (event) => {
        // Text held back by the batcher belongs before whatever comes next.
        if (event.type !== 'model/text-delta') batcher.flush();
        this.dispatch(event);
      },
      maxSteps: this.o.maxSteps,
      approver,
      signal: abort.signal,
      resultCap: this.o.resultCap,
      toolSearch: this.o.toolSearch,
      searchPlacement: this.searchPlacement,
      resultTokens: this.o.resultTokens,
      onText: (t) => batcher.push(t),
      ...(this.o.interactive ? {askInput: (request, signal) => this.askInput(request, signal)} : {}),
      closed: (use, block) => this.dispatch({type: 'call/skipped', callId: use.id, name: use.name, arguments: use.input, block}),
    }), (err: unknown) => this.turnCodeMissing(err)).finally(() => {
      batcher.flush();
      clearInterval(tick);
      this.running = undefined;
    });
    this.running = {abort, done};
    return done;
  }

  /**
   * The turn's code is loaded at the first question; if its file is gone (an
   * upgrade or a rebuild replaced breakerbox's files while it ran), that turn
   * fails with a notice and the session goes on, instead of the rejection
   * ending the process.
   */
  private turnCodeMissing(err: unknown): void {
    const why = err instanceof Error ? err.message : String(err);
    this.dispatch({type: 'turn/failed', message: `breakerbox could not load the code that runs a turn (${why}); were its files replaced while it ran (an upgrade or a rebuild)? Restart it to ask again`});
  }

  /** Cancels the running turn; false when there is none. */
  cancel(): boolean {
    if (!this.running) return false;
    this.dispatch({type: 'turn/cancel-requested'});
    this.running.abort.abort('cancelled by the user');
    // A legacy server's request outlives the call it came from (the server sends
    // no cancellation for it): a form left open would wait for nobody.
    this.cancelInputs();
    return true;
  }

  /** The user's answer to the approval of `callId`; ignored unless that call is waiting for one. */
  answerApproval(callId: string, answer: ApprovalAnswer): void {
    const state = this.o.store.getState();
    if (!state.approvals.includes(callId)) return;
    if (answer !== 'always') return this.dispatch(answer === 'deny' ? {type: 'call/denied', callId} : {type: 'call/approved', callId, always: false});
    // "Always" answers every call of the same tool already waiting in the queue too:
    // a response that asked for thirty of them must not take thirty keys.
    const name = callCard(state, callId)?.name;
    const waiting = state.approvals.filter((id) => id === callId || (name !== undefined && callCard(state, id)?.name === name));
    for (const id of waiting) this.dispatch({type: 'call/approved', callId: id, always: true});
  }

  /** Shows a server's request (elicitation form, sampling approval) and waits for the user. */
  async askInput(request: Omit<InputRequestView, 'requestId'>, signal?: AbortSignal): Promise<InputAnswer> {
    if (signal?.aborted) return {action: 'cancel'};
    const requestId = `input-${++this.inputCounter}`;
    const onAbort = () => this.answerInput(requestId, {action: 'cancel'});
    signal?.addEventListener('abort', onAbort, {once: true});
    const answered = this.next((e): e is EventOf<'input/answered'> => e.type === 'input/answered' && e.requestId === requestId);
    this.dispatch({type: 'input/requested', request: {...request, requestId}});
    const answer = (await answered)!;
    signal?.removeEventListener('abort', onAbort);
    return {action: answer.action, ...(answer.content === undefined ? {} : {content: answer.content})};
  }

  /** Answers the server request `requestId`; an id no longer waiting is ignored. */
  answerInput(requestId: string, answer: InputAnswer): void {
    if (!this.o.store.getState().inputRequests.some((r) => r.requestId === requestId)) return;
    this.dispatch({type: 'input/answered', requestId, action: answer.action, ...(answer.content === undefined ? {} : {content: answer.content})});
  }

  /**
   * "Decline all from this server" (a server flooding the user with forms or
   * sampling requests): what it has waiting is answered `decline` here, like a
   * decline key would, and the hub declines whatever it asks later without
   * showing it, for the rest of the session or until `acceptInputsFrom`.
   */
  declineInputsFrom(alias: string): void {
    const waiting = this.o.store.getState().inputRequests.filter((r) => r.alias === alias);
    for (const r of waiting) this.answerInput(r.requestId, {action: 'decline'});
    // The hub also counts requests that had not reached the screen yet.
    const count = Math.max(waiting.length, this.o.hub.declineInputsFrom(alias));
    const what = count === 1 ? '1 request' : `${count} requests`;
    this.notice('info', `declined ${what} from ${alias}; its later requests are declined without asking (/accept ${alias} undoes it)`);
  }

  /** Undoes `declineInputsFrom`: `alias` may ask the user again. */
  acceptInputsFrom(alias: string): void {
    this.o.hub.acceptInputsFrom(alias);
    this.notice('info', `${alias} may ask you for input again`);
  }

  async reconnect(alias: string): Promise<boolean> {
    this.notice('info', `reconnecting ${alias}…`);
    const ok = await this.o.hub.reconnect(alias);
    this.notice(ok ? 'info' : 'error', ok ? `${alias} is back online` : `${alias} did not come back; see /servers`);
    return ok;
  }

  /** `/login`: the next login of `alias` may ask the user (in a dialog), then the server connects again. */
  async login(alias: string): Promise<void> {
    const accounts = this.o.accounts;
    if (!accounts?.has(alias)) return this.notice('warn', `${alias} is not a remote server with a login (local servers take credentials from their env)`);
    accounts.expectLogin(alias);
    // Online without tokens: the server never asked for a login (as `breakerbox login` says too).
    if ((await this.reconnect(alias)) && !accounts.loggedIn(alias)) this.notice('info', `${alias} answered without asking for a login: nothing to do`);
  }

  /** `/logout`: revokes (where supported) and forgets the tokens; the server stays offline until the next /login. */
  async logout(alias: string): Promise<void> {
    const accounts = this.o.accounts;
    if (!accounts?.has(alias)) return this.notice('warn', `${alias} is not a remote server with a login`);
    this.notice('info', await accounts.logout(alias));
    await this.o.hub.reconnect(alias);
  }

  /** The user accepts a changed or withheld tool (`/trust`); the hub's rebuilt catalog reaches the store as an event. */
  trust(name: string): boolean {
    const r = this.o.hub.trust?.(name) ?? {ok: false, message: 'this hub keeps no pins'};
    this.notice(r.ok ? 'info' : 'warn', r.message);
    return r.ok;
  }

  /** A new conversation: the model forgets, the session file says so, the transcript empties. */
  clear(): void {
    if (this.running) this.cancel();
    this.history.length = 0;
    this.dispatch({type: 'conversation/cleared'});
  }

  /** Cancels what runs and closes every server. */
  async shutdown(): Promise<void> {
    this.cancelInputs();
    this.manual.cancel();
    if (this.running) {
      this.cancel();
      await this.running?.done.catch(() => {});
    }
    await this.o.hub.close();
  }

  /** A status-line message. */
  notice(level: 'info' | 'warn' | 'error', text: string, lasts?: 'turn'): void {
    this.dispatch(lasts ? {type: 'notice/posted', level, text, lasts} : {type: 'notice/posted', level, text});
  }

  private cancelInputs(): void {
    for (const r of this.o.store.getState().inputRequests) this.answerInput(r.requestId, {action: 'cancel'});
  }
}
