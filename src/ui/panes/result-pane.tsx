// A card's whole result, in place of the conversation, scrolled by rows.
// The rows are measured here and reported (ui/result-measured), so the
// reducer can keep the scroll offset within them.
import React, {memo, useEffect} from 'react';
import type {ResultView, ToolCallItem} from '../../state/app-state.js';
import {resultRows} from '../cards/result-rows.js';
import {Frame, innerCols, innerRows} from '../components/frame.js';
import {LinesView} from '../components/line-view.js';
import {fitLine, seg} from '../line.js';
import {safeLine} from '../text/safe.js';
import type {Theme} from '../theme.js';

/** What the result pane draws. */
export interface ResultPaneProps {
  card: ToolCallItem;
  view: ResultView;
  width: number;
  height: number;
  /** The driver's clock: a running call's elapsed time is drawn against it. */
  now: number;
  theme: Theme;
  onMeasured?: (rows: number, height: number) => void;
}

/** The full-result pane. */
export const ResultPane = memo(function ResultPane(p: ResultPaneProps): React.JSX.Element {
  const w = innerCols(p.width);
  const h = innerRows(p.height);
  const rows = resultRows(p.card, w, p.now);
  const offset = Math.min(p.view.offset, Math.max(0, rows.length - h));
  const {onMeasured} = p;
  useEffect(() => {
    onMeasured?.(rows.length, h);
  }, [rows.length, h, onMeasured]);
  const shown = rows.slice(offset, offset + h);
  const range = rows.length > h ? `rows ${offset + 1}–${offset + shown.length} of ${rows.length}` : undefined;
  return (
    <Frame
      title={[seg('Result'), seg(` · ${safeLine(p.card.name)}`, 'tool')]}
      topRight={range}
      bottom="↑↓ PgUp PgDn Home End scroll · Esc or Enter closes"
      width={p.width}
      height={p.height}
      focused
      theme={p.theme}
    >
      <LinesView lines={shown.map((l) => fitLine(l, w))} keys={shown.map((_, i) => String(offset + i))} theme={p.theme} />
    </Frame>
  );
});
