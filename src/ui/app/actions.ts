// What user intents do: plain functions over the store and the driver,
// created once per app. Keys and slash commands both end up here. Everything
// they read, they read from the store at the moment of the key.
import type {Key} from 'ink';
import type {InputAnswer} from '../../agent/client-features.js';
import type {ApprovalAnswer} from '../../driver/approval.js';
import type {AppState, NoticeLevel, Pane, ScrollPane, ScrolledView} from '../../state/app-state.js';
import {refusesAlways} from './changed-tool.js';
import {latestNotice, pendingApproval} from '../../state/selectors.js';
import type {Store} from '../../state/store.js';
import {parseSlash, type SlashIntent} from '../keys/slash.js';
import {computeLayout} from '../layout.js';
import {EMPTY_EDITOR, editLine} from '../text/line-editor.js';
import type {UiHost} from './host.js';
import type {UiDriver} from './intents.js';
import {runSlash} from './run-slash.js';
import type {ArgForms} from '../forms/arg-forms.js';
import {resourceRefs} from '../../agent/compose.js';
import {acceptSuggestion, inputSuggestions} from './suggestions.js';

/** What the actions need from the app. */
export interface ActionDeps {
  store: Store;
  driver: UiDriver;
  quit(): void;
  /** Files and the clipboard for /export and /copy. */
  host?: UiHost;
  /** The arguments typed in call and prompt views. */
  argForms: ArgForms;
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
  /** Declines every request from `alias`: those waiting and those to come. */
  declineInputsFrom(alias: string): void;
  focusStep(step: 1 | -1): void;
  focus(pane: Pane): void;
  scroll(move: ScrollMove): void;
  /** A key for the input line: edits it, or sends it on Enter. */
  edit(input: string, key: Key): void;
  typeIntoInput(text: string): void;
  closeHelp(): void;
  notice(level: NoticeLevel, text: string): void;
  /** Chooses the previous (-1) or next (+1) tool-call card. */
  selectCard(step: 1 | -1): void;
  /** Opens the chosen (else the newest) card's whole result. */
  openResult(): void;
  closeResult(): void;
  scrollResult(move: ScrollMove): void;
  scrollHelp(move: ScrollMove): void;
}

/** A key with no modifier or named key: plain typed text. */
const NO_KEY = {} as Key;

/** Text typed or pasted, as opposed to an editing or moving key. */
function isText(input: string, key: Key): boolean {
  const named = key.ctrl || key.meta || key.return || key.backspace || key.delete || key.escape || key.tab;
  const moves = key.leftArrow || key.rightArrow || key.upArrow || key.downArrow || key.pageUp || key.pageDown || key.home || key.end;
  return input.length > 0 && !named && !moves;
}

const PANES = ['input', 'conversation', 'catalog', 'servers', 'trace'] as const;

/**
 * Panes that can take focus, in Tab order. Tab works only while no dialog is
 * open (dialogs take the keys), so the layout without a dialog is the one on screen.
 */
export function focusOrder(state: AppState): Pane[] {
  const layout = computeLayout({...state.ui.size, traceVisible: state.ui.traceVisible, serverCount: state.servers.order.length, dialogRows: 0});
  return PANES.filter((p) => p === 'input' || layout[p].height > 0);
}

/** Creates the intents of one app. */
export function createActions(d: ActionDeps): Actions {
  const {store, driver} = d;
  const notice = (level: NoticeLevel, text: string) => store.dispatch({type: 'notice/posted', level, text, at: Date.now()});
  // About the running turn: gone from the status line once that turn has ended.
  const turnNotice = (text: string) => store.dispatch({type: 'notice/posted', level: 'info', text, at: Date.now(), lasts: 'turn'});
  const focus = (pane: Pane) => store.dispatch({type: 'ui/focus-changed', pane});
  const setInput = (value: string, cursor: number, failed = false, fresh = false) => store.dispatch({type: 'ui/input-edited', value, cursor, failed, fresh});

  // Notices that said "Ctrl-C again quits": a Ctrl-C quits only while one of them is on screen.
  const quitArmed = new Set<number>();
  const arm = (post: () => void) => {
    post();
    const id = latestNotice(store.getState())?.id;
    if (id !== undefined) quitArmed.add(id);
  };

  const actions: Actions = {
    notice,
    focus,
    submit(text) {
      const t = text.trim();
      if (t === '') return false;
      const state = store.getState();
      if (t.startsWith('/')) return actions.slash(parseSlash(t, state.servers.order, state.inspect.prompts.entries.map((p) => p.name)));
      if (!driver.inspector || resourceRefs(t, state.servers.order).length === 0) return driver.ask(t);
      // Attachments are read first; if one cannot be, the question comes back to the input.
      void driver.inspector.askWithResources(t).then((sent) => {
        if (!sent && store.getState().ui.input.value === '') setInput(text, text.length);
      });
      return true;
    },
    slash(intent) {
      // What a command says while it runs is held until it is known whether it
      // failed: a failed command's notices are about its line, and go with it.
      const held: Array<[NoticeLevel, string]> = [];
      let holding = true;
      const hold = (level: NoticeLevel, text: string) => (holding ? void held.push([level, text]) : notice(level, text));
      const ok = runSlash(intent, {store, driver, quit: d.quit, host: d.host, notice: hold, focus, argForms: d.argForms});
      holding = false;
      for (const [level, text] of held) store.dispatch({type: 'notice/posted', level, text, at: Date.now(), ...(ok ? {} : {lasts: 'line' as const})});
      return ok;
    },
    interrupt() {
      // A Ctrl-C quits only while the notice that said "again quits" is on
      // screen: one meant for a turn that has just ended never quits by surprise.
      const shown = latestNotice(store.getState())?.id;
      if (shown !== undefined && quitArmed.has(shown)) return d.quit();
      const lineNotice = (text: string) => store.dispatch({type: 'notice/posted', level: 'info', text, at: Date.now(), lasts: 'line'});
      if (driver.dropQueued()) return arm(() => turnNotice('the waiting question was dropped; Ctrl-C again quits'));
      if (driver.busy && store.getState().turn.status === 'running') {
        // Under the turn's notice, one that outlives it: once the turn has ended
        // it says the next Ctrl-C quits, until a new line is sent.
        arm(() => lineNotice('turn cancelled; Ctrl-C again quits'));
        if (driver.cancel()) arm(() => turnNotice('cancelling the turn… press Ctrl-C again to quit'));
        return;
      }
      arm(() => lineNotice('press Ctrl-C again to quit'));
    },
    cancelTurn() {
      if (driver.busy && store.getState().turn.status === 'running' && driver.cancel()) turnNotice('cancelling the turn…');
    },
    answer(answer) {
      const card = pendingApproval(store.getState());
      // Not offered for a tool changed since pinned (see approvalLines): the key says why, and answers nothing.
      if (card && !(answer === 'always' && refusesAlways(store, card.name))) driver.answerApproval(card.callId, answer);
    },
    answerInput: (requestId, answer) => driver.answerInput(requestId, answer),
    declineInputsFrom: (alias) => driver.declineInputsFrom(alias),
    focusStep(step) {
      const state = store.getState();
      const order = focusOrder(state);
      const at = order.indexOf(state.ui.focus);
      focus(order[(at + step + order.length) % order.length]!);
    },
    scroll(move) {
      const ui = store.getState().ui;
      const pane: ScrollPane = ui.focus === 'input' ? 'conversation' : ui.focus;
      if (pane === 'catalog' || pane === 'servers') {
        // These lists have a highlighted row (Enter opens it): the keys move it, the window follows.
        const page = Math.max(1, ui.viewport[pane] - 1);
        const delta = {up: -1, down: 1, 'page-up': -page, 'page-down': page, top: -1e9, bottom: 1e9}[move];
        store.dispatch({type: 'ui/cursor-moved', pane, delta});
        return;
      }
      const page = Math.max(1, ui.viewport[pane] - 1);
      if (move === 'top' || move === 'bottom') store.dispatch({type: 'ui/scrolled', pane, to: move});
      else store.dispatch({type: 'ui/scrolled', pane, delta: {up: -1, down: 1, 'page-up': -page, 'page-down': page}[move]});
    },
    edit(input, key) {
      // Applied to the store's latest line, never to a copy from the last
      // render: keys that arrive in one chunk or within one frame all count.
      const line = store.getState().ui.input;
      const offered = key.rightArrow && line.cursor === line.value.length ? inputSuggestions(store.getState()) : undefined;
      if (offered) {
        const next = acceptSuggestion(line.value, offered, offered.values[0]!);
        return setInput(next.value, next.cursor);
      }
      // A failed command stays to be fixed with the editing keys; text typed
      // over it starts a new line instead of being appended to it.
      const replaced = Boolean(line.failed && isText(input, key));
      const r = editLine(replaced ? EMPTY_EDITOR : line, input, key);
      if (!r.submit) return setInput(r.state.value, r.state.cursor, false, replaced);
      if (actions.submit(r.state.value)) return setInput('', 0, false, true);
      setInput(r.state.value, r.state.cursor, r.state.value.trim().startsWith('/'), replaced);
    },
    typeIntoInput(text) {
      focus('input');
      // At the end of the line, as the input line's own editing would (an Enter in the chunk sends).
      const {value, failed} = store.getState().ui.input;
      setInput(value, value.length, failed);
      actions.edit(text, NO_KEY);
    },
    closeHelp: () => store.dispatch({type: 'ui/help-toggled', open: false}),
    selectCard: (step) => store.dispatch({type: 'ui/card-selected', step}),
    openResult() {
      store.dispatch({type: 'ui/result-opened'});
      if (!store.getState().ui.result) notice('info', 'no tool call in this conversation yet');
    },
    closeResult: () => store.dispatch({type: 'ui/result-closed'}),
    scrollResult(move) {
      store.dispatch({type: 'ui/result-scrolled', ...viewMove(move, store.getState().ui.result)});
    },
    scrollHelp(move) {
      store.dispatch({type: 'ui/help-scrolled', ...viewMove(move, store.getState().ui.help)});
    },
  };
  return actions;
}

/** A key's move in a view scrolled by rows: a page is the view's height less one row kept for context. */
function viewMove(move: ScrollMove, view: ScrolledView | null): {delta: number} | {to: 'top' | 'bottom'} {
  if (move === 'top' || move === 'bottom') return {to: move};
  const page = Math.max(1, (view?.height ?? 2) - 1);
  return {delta: {up: -1, down: 1, 'page-up': -page, 'page-down': page}[move]};
}
