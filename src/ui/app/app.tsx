// The root: subscribes to the store, lays the screen out, and hands each pane
// its slice. Panes are memoised, so a keystroke or a streamed delta re-renders
// only what it changed.
import {Box} from 'ink';
import React, {useCallback, useEffect, useMemo, useRef, useState} from 'react';
import type {Pane} from '../../state/app-state.js';
import {callCard, latestNotice, pendingApproval, serverSummary, stepLabel, traceAlias, traceRing} from '../../state/selectors.js';
import type {Store} from '../../state/store.js';
import {innerCols} from '../components/frame.js';
import {keyHandlers, useKeyRouter} from '../keys/use-key-router.js';
import {computeLayout} from '../layout.js';
import {ApprovalDialog, approvalHeight} from '../panes/approval-dialog.js';
import {InputDialog, inputDialogHeight} from '../panes/input-dialog.js';
import {inputLayer} from '../panes/input-lines.js';
import {InputLine, type InputApi} from '../panes/input-line.js';
import {StatusLine} from '../panes/status-line.js';
import type {Theme} from '../theme.js';
import {createActions, type UiController} from './actions.js';
import type {UiHost} from './host.js';
import {Panes} from './panes.js';
import {useMeasuredPanes} from './use-measured-panes.js';
import {useAppState} from './use-app-state.js';
import {useInputForm} from './use-input-form.js';
import {useTerminalSize} from './use-terminal-size.js';

/** What the app is given. */
export interface AppProps {
  store: Store;
  controller: UiController;
  theme: Theme;
  /** Settles when the servers have started; a question asked earlier waits for it. */
  ready?: Promise<unknown>;
  /** The user asked to leave (Ctrl-C when idle, /quit). */
  onQuit(): void;
  /** Files and the clipboard for /export and /copy. */
  host?: UiHost;
}

/** The whole terminal UI. */
export function App({store, controller, theme, ready, onQuit, host}: AppProps): React.JSX.Element {
  useTerminalSize(store);
  const state = useAppState(store);
  const [help, setHelp] = useState(false);
  const [queued, setQueued] = useState(false);
  const input = useRef<InputApi>(null);
  const approval = pendingApproval(state);
  const entry = approval ? state.catalog.byName.get(approval.name) : undefined;
  // Approvals come first; a server's request waits under them (its form keeps what was typed).
  const request = state.inputRequests[0];
  const form = useInputForm(request);
  const asking = approval ? undefined : request;
  const {size, focus} = state.ui;
  const waiting = state.inputRequests.length;
  const dialogRows = approval ? approvalHeight(approval, entry, size.columns) : asking ? inputDialogHeight(asking, form, waiting, size.columns) : 0;
  const layout = computeLayout({...size, traceVisible: state.ui.traceVisible, serverCount: state.servers.order.length, dialogRows});
  const order = useRef<readonly Pane[]>([]);
  order.current = (['input', 'conversation', 'catalog', 'servers', 'trace'] as const).filter((p) => p === 'input' || layout[p].height > 0);
  const focusShown = order.current.includes(focus);
  useEffect(() => {
    // The focused pane went away (trace hidden, terminal too small): back to the input.
    if (!focusShown) store.dispatch({type: 'ui/focus-changed', pane: 'input'});
  }, [focusShown, store]);
  const quit = useRef(onQuit);
  quit.current = onQuit;
  const shown = useRef({request: asking, form});
  shown.current = {request: asking, form};

  const actions = useMemo(
    () =>
      createActions({
        store,
        controller,
        ready,
        quit: () => quit.current(),
        setHelp,
        setQueued,
        appendInput: (text) => input.current?.append(text),
        focusOrder: () => order.current,
        host,
      }),
    [store, controller, ready, host],
  );
  const handlers = useMemo(
    () =>
      keyHandlers(actions, () => setHelp(false), (i, k) => input.current?.key(i, k), {
        request: () => shown.current.request,
        form: () => shown.current.form,
        answer: actions.answerInput,
      }),
    [actions],
  );
  // Open only while its card exists (a /clear takes the cards away).
  const resultOpen = state.ui.result !== null && callCard(state, state.ui.result.callId) !== null && !help;
  useKeyRouter({focus, modal: approval ? 'dialog' : asking ? inputLayer(asking) : help ? 'help' : resultOpen ? 'result' : null}, handlers);
  const onShown = useMeasuredPanes(store, layout);
  const onResultMeasured = useCallback((rows: number, height: number) => store.dispatch({type: 'ui/result-measured', rows, height}), [store]);
  const submit = useCallback((text: string) => actions.submit(text), [actions]);
  const starting = state.servers.order.some((a) => state.servers.byAlias[a].state === 'starting');
  const alias = traceAlias(state);

  return (
    <Box flexDirection="column" width={layout.columns} height={layout.rows}>
      <Panes state={state} layout={layout} help={help} theme={theme} onShown={onShown} onResultMeasured={onResultMeasured} alias={alias} ring={traceRing(state, alias)} starting={starting} />
      {approval && layout.dialog > 0 ? (
        <ApprovalDialog card={approval} entry={entry} waiting={state.approvals.length} width={layout.columns} height={layout.dialog} theme={theme} />
      ) : null}
      {asking && layout.dialog > 0 ? (
        <InputDialog key={asking.requestId} request={asking} form={form} waiting={waiting} width={layout.columns} height={layout.dialog} theme={theme} />
      ) : null}
      <InputLine
        ref={input}
        width={layout.columns}
        active={focus === 'input' && !approval && !asking && !help}
        placeholder={approval ? 'answer the question above: y, a or n' : asking ? `answer ${asking.alias} above (the keys are on the dialog)` : placeholder(starting, innerCols(layout.columns))}
        onSubmit={submit}
        theme={theme}
      />
      <StatusLine
        width={layout.columns}
        model={state.model}
        servers={serverSummary(state.servers).label}
        turn={state.turn.status}
        step={stepLabel(state.turn)}
        focus={focus}
        notice={latestNotice(state)}
        queued={queued}
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
