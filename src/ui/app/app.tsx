// The root: subscribes to the store, lays the screen out, and hands each pane
// its slice. Panes are memoised, so a keystroke or a streamed delta re-renders
// only what it changed. Everything shown comes from the store; the keys read
// the store at key time, so nothing here carries values into closures.
import {Box, type Key} from 'ink';
import React, {useCallback, useEffect, useMemo, useRef} from 'react';
import {latestNotice, pendingApproval, serverSummary, shownDialogKey, stepLabel, traceAlias, traceRing} from '../../state/selectors.js';
import type {Store} from '../../state/store.js';
import {costLabel} from '../../state/tool-tokens.js';
import {innerCols} from '../components/frame.js';
import {createFormFor} from '../forms/form-for.js';
import {createArmingGate, type DialogArming} from '../keys/dialog-arming.js';
import {HELD_BACK_NOTICE, strayKeyNotice} from '../keys/stray-keys.js';
import {typed, type KeyContext} from '../keys/key-table.js';
import {keyHandlers, useKeyRouter} from '../keys/use-key-router.js';
import {computeLayout} from '../layout.js';
import {ApprovalDialog, approvalHeight} from '../panes/approval-dialog.js';
import {InputDialog, inputDialogHeight} from '../panes/input-dialog.js';
import {inputLayer} from '../panes/input-lines.js';
import {InputLine} from '../panes/input-line.js';
import {StatusLine} from '../panes/status-line.js';
import type {Theme} from '../theme.js';
import {createActions} from './actions.js';
import type {UiDriver} from './intents.js';
import type {UiHost} from './host.js';
import {Panes} from './panes.js';
import {createArgForms} from '../forms/arg-forms.js';
import {InspectPane} from '../panes/inspect-pane.js';
import {SuggestionLine} from '../panes/suggestion-line.js';
import {inspectLayer} from './inspect-layer.js';
import {inputSuggestions} from './suggestions.js';
import {useMeasuredPanes} from './use-measured-panes.js';
import {useAppState} from './use-app-state.js';
import type {AppState} from '../../state/app-state.js';
import {useTerminalSize} from './use-terminal-size.js';

/** What the app is given. */
export interface AppProps {
  store: Store;
  driver: UiDriver;
  theme: Theme;
  /** The user asked to leave (Ctrl-C when idle, /quit). */
  onQuit(): void;
  /** Files and the clipboard for /export and /copy. */
  host?: UiHost;
  /** Keys typed just before a one-letter dialog appeared do not answer it (./keys/dialog-arming.ts); without it they do. */
  arming?: DialogArming;
}

/** The whole terminal UI. */
export function App({store, driver, theme, onQuit, host, arming}: AppProps): React.JSX.Element {
  useTerminalSize(store);
  const state = useAppState(store);
  const formFor = useMemo(createFormFor, [store]);
  const argForms = useMemo(createArgForms, [store]);
  const approval = pendingApproval(state);
  const entry = approval ? state.catalog.byName.get(approval.name) : undefined;
  // Approvals come first; a server's request waits under them (its form keeps what was typed).
  const request = state.inputRequests[0];
  const form = formFor(request);
  const asking = approval ? undefined : request;
  const {size, focus, help} = state.ui;
  const waiting = state.inputRequests.length;
  const inspecting = approval || asking ? null : inspectLayer(state);
  const suggestions = focus === 'input' && !approval && !asking && !inspecting && !help && !state.ui.result ? inputSuggestions(state) : undefined;
  const dialogRows = approval ? approvalHeight(approval, entry, size.columns) : asking ? inputDialogHeight(asking, form, waiting, size.columns) : suggestions ? 1 : 0;
  const layout = computeLayout({...size, traceVisible: state.ui.traceVisible, serverCount: state.servers.order.length, dialogRows});
  const focusShown = focus === 'input' || layout[focus].height > 0;
  useEffect(() => {
    // The focused pane went away (trace hidden, terminal too small): back to the input.
    if (!focusShown) store.dispatch({type: 'ui/focus-changed', pane: 'input'});
  }, [focusShown, store]);

  const actions = useMemo(() => createActions({store, driver, quit: onQuit, host, argForms}), [store, driver, onQuit, host, argForms]);
  // The request on screen and its form, read from the store when a key arrives.
  const shownRequest = useCallback(() => {
    const s = store.getState();
    return pendingApproval(s) ? undefined : s.inputRequests[0];
  }, [store]);
  const handlers = useMemo(
    () =>
      keyHandlers(
        actions,
        {request: shownRequest, form: () => formFor(shownRequest()), answer: actions.answerInput, declineAll: actions.declineInputsFrom},
        {store, driver, argForm: () => argForms.of(store.getState()), page: () => inspectPage(store.getState())},
      ),
    [actions, shownRequest, formFor, store, driver, argForms],
  );
  // When the dialog on screen was drawn (set after the frame that shows it commits), and the keys typed while it waits.
  const gate = useMemo(() => createArmingGate(arming), [arming]);
  const onScreen = shownDialogKey(state);
  useEffect(() => gate.drawn(onScreen), [onScreen, gate]);
  const heldNoticeFor = useRef<string | undefined>(undefined);
  const keyContext = useCallback(
    (input: string, key: Key): KeyContext => {
      const s = store.getState();
      const shown = shownRequest();
      const modal = pendingApproval(s) ? 'dialog' : shown ? inputLayer(shown) : (inspectLayer(s) ?? (s.ui.help ? 'help' : s.ui.result ? 'result' : null));
      const onScreenNow = shownDialogKey(s);
      const {layer, heldBack} = gate.route(modal, onScreenNow, input, key);
      if (heldBack && typed(input, key) && heldNoticeFor.current !== onScreenNow) {
        // Once a dialog: the text typed is on the input line, and the user is told why it is not an answer.
        heldNoticeFor.current = onScreenNow;
        store.dispatch({type: 'notice/posted', level: 'info', text: HELD_BACK_NOTICE, at: Date.now(), lasts: 'dialog'});
      }
      return {focus: s.ui.focus, modal: layer, view: s.inspect.view?.kind};
    },
    [store, shownRequest, gate],
  );
  // The text typed into the dialog on screen that none of its keys took, so far.
  const stray = useRef<{dialog?: string; text: string}>({text: ''});
  const onUnrouted = useCallback(
    (ctx: KeyContext, input: string, key: Key) => {
      const dialog = shownDialogKey(store.getState());
      const sofar = stray.current.dialog === dialog ? stray.current.text : '';
      const notice = strayKeyNotice(ctx.modal, input, key, sofar);
      if (!notice) return;
      stray.current = {dialog, text: sofar + input};
      store.dispatch({type: 'notice/posted', level: 'warn', text: notice, at: Date.now(), lasts: 'dialog'});
    },
    [store],
  );
  useKeyRouter(keyContext, handlers, onUnrouted);
  const alias = traceAlias(state);
  const traceRemote = alias !== null && state.servers.byAlias[alias]?.url !== undefined;
  const onShown = useMeasuredPanes(store, layout, traceRemote);
  const onResultMeasured = useCallback((rows: number, height: number) => store.dispatch({type: 'ui/result-measured', rows, height}), [store]);
  const onInspectScroll = useCallback((delta: number) => store.dispatch({type: 'inspect/scrolled', delta}), [store]);
  const onInspectMeasured = useCallback((rows: number, height: number) => store.dispatch({type: 'inspect/measured', rows, height}), [store]);
  const onHelpMeasured = useCallback((rows: number, height: number) => store.dispatch({type: 'ui/help-measured', rows, height}), [store]);
  const starting = state.servers.order.some((a) => state.servers.byAlias[a].state === 'starting');

  return (
    <Box flexDirection="column" width={layout.columns} height={layout.rows}>
      <Panes
        state={state}
        layout={layout}
        help={help}
        theme={theme}
        onShown={onShown}
        onResultMeasured={onResultMeasured}
        onHelpMeasured={onHelpMeasured}
        alias={alias}
        ring={traceRing(state, alias)}
        starting={starting}
        overlay={state.inspect.view ? <InspectPane state={state} form={argForms.of(state)} layer={inspecting ?? 'inspect'} width={layout.conversation.width} height={layout.conversation.height} theme={theme} onMeasured={onInspectMeasured} onScroll={onInspectScroll} /> : undefined}
      />
      {approval && layout.dialog > 0 ? (
        <ApprovalDialog card={approval} entry={entry} waiting={state.approvals.length} width={layout.columns} height={layout.dialog} theme={theme} />
      ) : null}
      {asking && layout.dialog > 0 ? (
        <InputDialog key={asking.requestId} request={asking} form={form} waiting={waiting} width={layout.columns} height={layout.dialog} theme={theme} />
      ) : null}
      {suggestions && layout.dialog > 0 ? <SuggestionLine values={suggestions.values} width={layout.columns} theme={theme} /> : null}
      <InputLine
        value={state.ui.input.value}
        cursor={state.ui.input.cursor}
        failed={state.ui.input.failed}
        width={layout.columns}
        active={focus === 'input' && !approval && !asking && !help && !inspecting}
        placeholder={approval ? 'answer the question above: y, a or n' : asking ? `answer ${asking.alias} above (the keys are on the dialog)` : inspecting ? 'the view above has the keys (Esc goes back)' : placeholder(starting, innerCols(layout.columns))}
        theme={theme}
      />
      <StatusLine
        width={layout.columns}
        model={state.model}
        servers={serverSummary(state.servers).label}
        cost={costLabel(state)}
        turn={state.turn.status}
        step={stepLabel(state.turn)}
        focus={focus}
        notice={latestNotice(state)}
        queued={state.queued !== null}
        dialog={Boolean(approval || asking)}
        theme={theme}
      />
    </Box>
  );
}

function placeholder(starting: boolean, width: number): string {
  const text = starting ? 'servers are starting; you can type your question already' : 'ask a question, or /help';
  return text.length <= width ? text : text.slice(0, Math.max(1, width));
}

/** Rows a page key moves in an inspector view: what it shows less one kept for context (before its first measure, most of the screen). */
function inspectPage(s: AppState): number {
  const shown = s.inspect.measured.height;
  return Math.max(1, shown > 0 ? shown - 1 : s.ui.size.rows - 10);
}
