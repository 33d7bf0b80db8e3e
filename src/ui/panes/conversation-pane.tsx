// The transcript: questions, streamed answers, tool-call cards and notices.
import React, {memo, useEffect} from 'react';
import type {ConversationItem, ScrollState} from '../../state/app-state.js';
import {Frame, innerCols, innerRows} from '../components/frame.js';
import {LinesView} from '../components/line-view.js';
import {seg} from '../line.js';
import type {Theme} from '../theme.js';
import {conversationView} from './conversation-view.js';

/** What the conversation pane draws. */
export interface ConversationPaneProps {
  items: readonly ConversationItem[];
  scroll: ScrollState;
  width: number;
  height: number;
  focused: boolean;
  /** `step 3/10` while a turn runs, else ''. */
  step: string;
  /** The driver's clock (it ticks while a turn runs): elapsed times are drawn against it. */
  now: number;
  theme: Theme;
  /** The tool-call card chosen with ← →, if any. */
  selectedCall?: string | null;
  /** Told how many items the following view shows, so scrolling moves by items the user can see. */
  onShown?: (items: number) => void;
}

/** The conversation pane. */
export const ConversationPane = memo(function ConversationPane(p: ConversationPaneProps): React.JSX.Element {
  const view = conversationView(p.items, p.scroll, innerRows(p.height), innerCols(p.width), p.now, {color: p.theme.color, selectedCall: p.selectedCall ?? null});
  const {onShown} = p;
  const shown = p.scroll.follow ? view.shown : -1;
  useEffect(() => {
    if (shown >= 0) onShown?.(Math.max(1, shown));
  }, [shown, onShown]);
  const empty = p.items.length === 0;
  return (
    <Frame
      title={[seg('Conversation'), ...(p.step ? [seg(` · ${p.step}`, 'accent', true)] : [])]}
      topRight={view.above > 0 ? `↑ ${view.above} earlier` : undefined}
      bottom={view.below > 0 ? `↓ ${view.below} more · End follows` : undefined}
      width={p.width}
      height={p.height}
      focused={p.focused}
      theme={p.theme}
    >
      {empty ? (
        <LinesView lines={[[seg('Ask a question below. Tools from every server are listed on the right;', 'muted')], [seg('/help shows keys and commands.', 'muted')]]} theme={p.theme} />
      ) : (
        <LinesView lines={view.lines} keys={view.keys} theme={p.theme} />
      )}
    </Frame>
  );
});
