// A framed list pane: the rows of its visible window, with how many rows lie
// above and below written into the border. The catalog, servers and trace
// panes differ only in their rows and in what they call "above" and "below".
import React from 'react';
import type {Line} from '../line.js';
import type {Theme} from '../theme.js';
import {Frame} from './frame.js';
import {LinesView} from './line-view.js';

/** What a list pane draws. */
export interface ListFrameProps {
  title: Line;
  /** Rows hidden above and below the window. */
  above: number;
  below: number;
  /** Words for the hidden rows, e.g. ["above", "more"] or ["older", "newer"]. */
  words?: readonly [string, string];
  lines: readonly Line[];
  keys?: readonly string[];
  width: number;
  height: number;
  focused?: boolean;
  theme: Theme;
}

export function ListFrame(p: ListFrameProps): React.JSX.Element {
  const [up, down] = p.words ?? ['above', 'more'];
  return (
    <Frame
      title={p.title}
      topRight={p.above > 0 ? `↑ ${p.above} ${up}` : undefined}
      bottom={p.below > 0 ? `… ${p.below} ${down}` : undefined}
      width={p.width}
      height={p.height}
      focused={p.focused}
      theme={p.theme}
    >
      <LinesView lines={p.lines} keys={p.keys} theme={p.theme} />
    </Frame>
  );
}
