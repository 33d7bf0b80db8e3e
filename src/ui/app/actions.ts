// What user intents do: plain functions over the store and the controller,
// created once per app. Keys and slash commands both end up here.
import type {InputAnswer} from '../../agent/client-features.js';
import type {ApprovalAnswer} from '../../agent/loop.js';
import type {NoticeLevel, Pane, ScrollPane} from '../../state/app-state.js';
import {pendingApproval} from '../../state/selectors.js';
import type {Store} from '../../state/store.js';
import {parseSlash, type SlashIntent} from '../keys/slash.js';
import {runSlash} from './run-slash.js';

/** The part of the controller the UI drives. */
export interface UiController {
  readonly busy: boolean;
  submit(text: string): unknown;
  cancel(): boolean;
  answerApproval(callId: string, answer: ApprovalAnswer): void;
  /** Answers a server's request (elicitation, sampling); an id already answered is ignored. */
  answerInput(requestId: string, answer: InputAnswer): void;
  reconnect(alias: string): Promise<void>;
  login(alias: string): Promise<void>;
  logout(alias: string): Promise<void>;
  clear(): void;
}

/** What the actions need from the app. */
export interface ActionDeps {
  store: Store;
  controller: UiController;
  /** Settles when every server has started (or failed); questions wait for it. */
  ready?: Promise<unknown>;
  quit(): void;
  setHelp(open: boolean): void;
  setQueued(queued: boolean): void;
  appendInput(text: string): void;
  /** Panes that can take focus now, in Tab order. */
  focusOrder(): readonly Pane[];
}

/** Scroll moves. */
export type ScrollMove = 'up' | 'down' | 'page-up' | 'page-down' | 'top' | 'bottom';

/** The app's intents. */
export interface Actions {
  /** Returns false when the text stays in the input (a turn runs, or a command was wrong). */
  submit(text: string): boolean;
  slash(intent: SlashIntent): boolean;
  interrupt(): void;
  /** Esc: cancels a running turn; does nothing otherwise (unlike Ctrl-C, it never quits). */
  cancelTurn(): void;
  answer(answer: ApprovalAnswer): void;
  /** Answers the server request `requestId`. */
  answerInput(requestId: string, answer: InputAnswer): void;
  focusStep(step: 1 | -1): void;
  focus(pane: Pane): void;
  scroll(move: ScrollMove): void;
  typeIntoInput(text: string): void;
  notice(level: NoticeLevel, text: string): void;
}

/** Creates the intents of one app. */
export function createActions(d: ActionDeps): Actions {
  let ready = d.ready === undefined;
  void d.ready?.then(() => (ready = true), () => (ready = true));
  let queued: string | null = null;
  const {store, controller} = d;
  const notice = (level: NoticeLevel, text: string) => store.dispatch({type: 'notice/posted', level, text, at: Date.now()});
  const focus = (pane: Pane) => store.dispatch({type: 'ui/focus-changed', pane});
  const aliases = () => store.getState().servers.order;

  const ask = (text: string): boolean => {
    if (controller.busy || queued !== null) {
      notice('warn', 'a turn is still running: wait for it, or press Ctrl-C to cancel it');
      return false;
    }
    if (ready) {
      controller.submit(text);
      return true;
    }
    queued = text;
    d.setQueued(true);
    void d.ready!.finally(() => {
      if (queued === null) return;
      const q = queued;
      queued = null;
      d.setQueued(false);
      controller.submit(q);
    });
    return true;
  };

  const actions: Actions = {
    notice,
    focus,
    submit(text) {
      const t = text.trim();
      if (t === '') return false;
      return t.startsWith('/') ? actions.slash(parseSlash(t, aliases())) : ask(t);
    },
    slash: (intent) => runSlash(intent, {...d, notice, focus}),
    interrupt() {
      if (queued !== null) {
        queued = null;
        d.setQueued(false);
        notice('info', 'the waiting question was dropped; Ctrl-C again quits');
        return;
      }
      if (controller.busy && store.getState().turn.status === 'running' && controller.cancel()) {
        notice('info', 'cancelling the turn… press Ctrl-C again to quit');
        return;
      }
      d.quit();
    },
    cancelTurn() {
      if (controller.busy && store.getState().turn.status === 'running' && controller.cancel()) notice('info', 'cancelling the turn…');
    },
    answer(answer) {
      const card = pendingApproval(store.getState());
      if (card) controller.answerApproval(card.callId, answer);
    },
    answerInput: (requestId, answer) => controller.answerInput(requestId, answer),
    focusStep(step) {
      const order = d.focusOrder();
      const at = order.indexOf(store.getState().ui.focus);
      focus(order[(at + step + order.length) % order.length]);
    },
    scroll(move) {
      const ui = store.getState().ui;
      const pane: ScrollPane = ui.focus === 'input' ? 'conversation' : ui.focus;
      const page = Math.max(1, ui.viewport[pane] - 1);
      if (move === 'top' || move === 'bottom') store.dispatch({type: 'ui/scrolled', pane, to: move});
      else store.dispatch({type: 'ui/scrolled', pane, delta: {up: -1, down: 1, 'page-up': -page, 'page-down': page}[move]});
    },
    typeIntoInput(text) {
      focus('input');
      d.appendInput(text);
    },
  };
  return actions;
}
