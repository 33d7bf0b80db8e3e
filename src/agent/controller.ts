import type {CatalogEntry} from '../hub/types.js';
import type {InputRequestView} from '../state/app-state.js';
import type {AppEvent} from '../state/events.js';
import type {InputAnswer} from './client-features.js';
import type {Store} from '../state/store.js';
import type {ApprovalRules} from './approvals.js';
import {runTurn, type ApprovalAnswer, type LoopHub, type TurnOutcome} from './loop.js';
import type {Model, ModelMessage} from './model.js';
import {TextBatcher} from './text-batcher.js';

/** Where finished messages and calls are written as they happen (the session file). */
export interface TurnRecorder {
  user(text: string): void;
  assistant(content: unknown): void;
  call(payload: unknown): void;
  /** The conversation was cleared; what came before is not resumed. */
  cleared?(): void;
}

/** What the driver needs. */
export interface ControllerOptions {
  store: Store;
  hub: LoopHub & {reconnect(alias: string): Promise<boolean>; close(): Promise<void>};
  model: Model;
  maxSteps: number;
  rules: ApprovalRules;
  /** False for `--print`: calls that need asking are denied with a hint. */
  interactive: boolean;
  resultCap?: number;
  recorder?: TurnRecorder;
  /** Conversation to continue (from `--resume`). */
  history?: ModelMessage[];
  /** Logins of remote servers (`/login`, `/logout`). */
  accounts?: Accounts;
}

/** What /login and /logout act on: a remote server's OAuth state. */
export interface Accounts {
  /** Whether `alias` is a remote server that can log in. */
  has(alias: string): boolean;
  /** The next login `alias` needs may ask the user (and stored tokens are dropped). */
  expectLogin(alias: string): void;
  /** Revokes where supported and forgets the tokens; says what happened. */
  logout(alias: string): Promise<string>;
}

/**
 * The one place with side effects: runs turns, turns hub and model callbacks
 * into reducer events, and resolves the approvals the UI answers.
 */
export class Controller {
  readonly history: ModelMessage[];
  private running?: {abort: AbortController; done: Promise<TurnOutcome>};
  private readonly waiting = new Map<string, (answer: ApprovalAnswer) => void>();
  private readonly alwaysAllowed = new Set<string>();
  private readonly inputWaiting = new Map<string, (answer: InputAnswer) => void>();
  private inputCounter = 0;

  constructor(private readonly o: ControllerOptions) {
    this.history = o.history ?? [];
  }

  get busy(): boolean {
    return this.running !== undefined;
  }

  dispatch(event: AppEvent): void {
    this.o.store.dispatch(event);
  }

  /** Starts a turn; a second submit while one runs is refused with a notice. */
  submit(text: string): Promise<TurnOutcome> | undefined {
    if (this.running) {
      this.dispatch({type: 'notice/posted', level: 'warn', text: 'a turn is still running: wait for it, or press Ctrl-C to cancel it'});
      return undefined;
    }
    const abort = new AbortController();
    this.dispatch({type: 'user/submitted', text, at: Date.now()});
    this.o.recorder?.user(text);
    const batcher = new TextBatcher((t) => this.dispatch({type: 'model/text-delta', text: t}));
    const done = runTurn(text, {
      model: this.o.model,
      hub: this.o.hub,
      history: this.history,
      dispatch: (event) => {
        // Text held back by the batcher belongs before whatever comes next.
        if (event.type !== 'model/text-delta') batcher.flush();
        this.dispatch(event);
      },
      onText: (t) => batcher.push(t),
      maxSteps: this.o.maxSteps,
      rules: this.o.rules,
      alwaysAllowed: this.alwaysAllowed,
      ask: this.o.interactive ? (callId, entry) => this.ask(callId, entry, abort.signal) : undefined,
      signal: abort.signal,
      resultCap: this.o.resultCap,
      record: (kind, payload) => (kind === 'assistant' ? this.o.recorder?.assistant(payload) : this.o.recorder?.call(payload)),
    }).finally(() => {
      batcher.flush();
      this.running = undefined;
    });
    this.running = {abort, done};
    return done;
  }

  /** Cancels the running turn; false when there is none. */
  cancel(): boolean {
    if (!this.running) return false;
    this.dispatch({type: 'turn/cancel-requested'});
    this.running.abort.abort('cancelled by the user');
    // A legacy server's request outlives the call it came from (the server sends
    // no cancellation for it): a form left open would wait for nobody.
    for (const id of [...this.inputWaiting.keys()]) this.answerInput(id, {action: 'cancel'});
    return true;
  }

  answerApproval(callId: string, answer: ApprovalAnswer): void {
    const resolve = this.waiting.get(callId);
    this.waiting.delete(callId);
    resolve?.(answer);
  }

  /** Shows a server's request (elicitation form, sampling approval) and waits for the user. */
  askInput(request: Omit<InputRequestView, 'requestId'>, signal?: AbortSignal): Promise<InputAnswer> {
    const requestId = `input-${++this.inputCounter}`;
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve({action: 'cancel'});
      this.inputWaiting.set(requestId, resolve);
      signal?.addEventListener('abort', () => this.answerInput(requestId, {action: 'cancel'}), {once: true});
      this.dispatch({type: 'input/requested', request: {...request, requestId}});
    });
  }

  answerInput(requestId: string, answer: InputAnswer): void {
    const resolve = this.inputWaiting.get(requestId);
    if (!resolve) return;
    this.inputWaiting.delete(requestId);
    this.dispatch({type: 'input/answered', requestId, action: answer.action});
    resolve(answer);
  }

  /** `/login`: a fresh login, asked for in a dialog, then the server is connected again. */
  async login(alias: string): Promise<void> {
    const accounts = this.o.accounts;
    if (!accounts?.has(alias)) {
      this.dispatch({type: 'notice/posted', level: 'warn', text: `${alias} is not a remote server with a login (local servers take credentials from their env)`});
      return;
    }
    accounts.expectLogin(alias);
    await this.reconnect(alias);
  }

  /** `/logout`: revokes and forgets the server's tokens; it stays offline until the next /login. */
  async logout(alias: string): Promise<void> {
    const accounts = this.o.accounts;
    if (!accounts?.has(alias)) {
      this.dispatch({type: 'notice/posted', level: 'warn', text: `${alias} is not a remote server with a login`});
      return;
    }
    this.dispatch({type: 'notice/posted', level: 'info', text: await accounts.logout(alias)});
    await this.o.hub.reconnect(alias);
  }

  async reconnect(alias: string): Promise<void> {
    this.dispatch({type: 'notice/posted', level: 'info', text: `reconnecting ${alias}…`});
    const ok = await this.o.hub.reconnect(alias);
    this.dispatch({type: 'notice/posted', level: ok ? 'info' : 'error', text: ok ? `${alias} is back online` : `${alias} did not come back; see /servers`});
  }

  clear(): void {
    if (this.running) this.cancel();
    this.history.length = 0;
    this.o.recorder?.cleared?.();
    this.dispatch({type: 'conversation/cleared'});
  }

  async shutdown(): Promise<void> {
    for (const id of [...this.inputWaiting.keys()]) this.answerInput(id, {action: 'cancel'});
    if (this.running) {
      this.cancel();
      await this.running?.done.catch(() => {});
    }
    await this.o.hub.close();
  }

  private ask(callId: string, _entry: CatalogEntry, signal: AbortSignal): Promise<ApprovalAnswer> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve('deny');
      this.waiting.set(callId, resolve);
      signal.addEventListener('abort', () => this.answerApproval(callId, 'deny'), {once: true});
    });
  }
}
