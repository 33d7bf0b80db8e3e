// The pane area: side by side from 100 columns, stacked below that.
import {Box} from 'ink';
import React from 'react';
import type {AppState, ScrolledView, TraceRing} from '../../state/app-state.js';
import {callCard, stepLabel} from '../../state/selectors.js';
import type {Layout} from '../layout.js';
import {cachedEntries, CatalogPane} from '../panes/catalog-pane.js';
import {ConversationPane} from '../panes/conversation-pane.js';
import {HelpPane} from '../panes/help-pane.js';
import {ResultPane} from '../panes/result-pane.js';
import {ServersPane} from '../panes/servers-pane.js';
import {toolTokens} from '../../state/tool-tokens.js';
import {TracePane} from '../panes/trace-pane.js';
import type {Theme} from '../theme.js';

/** What the pane area needs. */
export interface PanesProps {
  state: AppState;
  layout: Layout;
  help: ScrolledView | null;
  theme: Theme;
  onShown(items: number): void;
  onResultMeasured?(rows: number, height: number): void;
  onHelpMeasured?(rows: number, height: number): void;
  alias: string | null;
  ring: TraceRing;
  starting: boolean;
  /** An inspector view, drawn in place of the conversation. */
  overlay?: React.ReactNode;
}

/** Conversation, tools, servers and (when shown) the trace. */
export function Panes({state, layout, help, theme, onShown, onResultMeasured, onHelpMeasured, alias, ring, starting, overlay}: PanesProps): React.JSX.Element {
  const {ui} = state;
  const c = layout.conversation;
  const opened = ui.result ? callCard(state, ui.result.callId) : null;
  const conversation = help ? (
    <HelpPane width={c.width} height={c.height} theme={theme} prompts={state.inspect.prompts.entries} offset={help.offset} onMeasured={onHelpMeasured} />
  ) : overlay ? (
    overlay
  ) : opened && ui.result ? (
    <ResultPane card={opened} view={ui.result} width={c.width} height={c.height} now={state.now} theme={theme} onMeasured={onResultMeasured} />
  ) : (
    <ConversationPane
      items={state.conversation.items}
      scroll={ui.scroll.conversation}
      width={c.width}
      height={c.height}
      focused={ui.focus === 'conversation'}
      selectedCall={ui.selectedCall}
      step={state.turn.status === 'idle' ? '' : stepLabel(state.turn)}
      now={state.now}
      theme={theme}
      onShown={onShown}
    />
  );
  const side = (
    <>
      {layout.catalog.height > 0 ? (
        <CatalogPane catalog={state.catalog} filter={ui.filter} scroll={ui.scroll.catalog} {...layout.catalog} focused={ui.focus === 'catalog'} starting={starting} theme={theme} cursor={ui.cursor.catalog} cached={cachedEntries(state.catalog, state.servers)} />
      ) : null}
      {layout.servers.height > 0 ? <ServersPane servers={state.servers} tokens={toolTokens(state)} scroll={ui.scroll.servers} {...layout.servers} focused={ui.focus === 'servers'} theme={theme} cursor={ui.cursor.servers} /> : null}
    </>
  );
  return (
    <>
      {layout.stacked ? (
        <Box flexDirection="column" flexShrink={0}>
          {conversation}
          {side}
        </Box>
      ) : (
        <Box flexDirection="row" flexShrink={0}>
          {conversation}
          <Box flexDirection="column">{side}</Box>
        </Box>
      )}
      {layout.trace.height > 0 ? (
        <TracePane alias={alias} ring={ring} logFile={alias ? state.servers.byAlias[alias]?.logFile : undefined} remote={alias ? state.servers.byAlias[alias]?.url !== undefined : false} scroll={ui.scroll.trace} {...layout.trace} focused={ui.focus === 'trace'} theme={theme} />
      ) : null}
    </>
  );
}
