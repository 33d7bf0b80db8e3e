// Keys and commands, read from the same tables the router and parser use.
import React, {memo, useEffect} from 'react';
import type {PromptEntry} from '../../hub/prompt-table.js';
import {Frame, innerCols, innerRows} from '../components/frame.js';
import {safeLine} from '../text/safe.js';
import {LinesView} from '../components/line-view.js';
import {commandRows, keyRows} from '../keys/help-rows.js';
import {fitLine, seg, type Line} from '../line.js';
import {MARK} from '../symbols.js';
import {padCells} from '../text/cells.js';
import type {Theme} from '../theme.js';

interface HelpPaneProps {
  width: number;
  height: number;
  theme: Theme;
  prompts?: readonly PromptEntry[];
  /** First row shown (clamped to the rows there are). */
  offset?: number;
  onMeasured?: (rows: number, height: number) => void;
}

/** The help screen, drawn in place of the conversation. */
export const HelpPane = memo(function HelpPane({width, height, theme, prompts = [], offset = 0, onMeasured}: HelpPaneProps): React.JSX.Element {
  const w = innerCols(width);
  const h = innerRows(height);
  const lines: Line[] = [[seg('Commands', 'accent', true)]];
  for (const c of commandRows()) lines.push([seg(padCells(c.keys, 20), 'accent'), seg(c.help)]);
  if (prompts.length) {
    lines.push([], [seg('Prompts of your servers', 'accent', true), seg(' (running one makes its messages your next turn)', 'muted')]);
    for (const p of prompts) lines.push([seg(`/${safeLine(p.name)} `, 'accent'), seg(p.arguments.map((a) => `${safeLine(a.name)}${a.required ? '' : '?'}`).join(' ')), seg(p.title ? `  ${safeLine(p.title)}` : '', 'muted')]);
  }
  lines.push([], [seg('Keys', 'accent', true)]);
  for (const k of keyRows()) lines.push([seg(padCells(k.keys, 20), 'accent'), seg(k.help), seg(k.where ? `  (${k.where})` : '', 'muted')]);
  lines.push([], [seg('Marks', 'accent', true)]);
  const marks: Array<[string, string]> = [
    [MARK.trusted, 'a tool of a server you trust in the config'],
    [MARK.untrusted, 'untrusted server: its annotations are claims'],
    [MARK.shared, 'the original name exists on several servers'],
    [`${MARK.hashed}hashed ${MARK.sanitised}sanitised`, 'the name was shortened or cleaned for the model'],
  ];
  for (const [mark, text] of marks) lines.push([seg(padCells(mark, 20), 'accent'), seg(text)]);
  useEffect(() => {
    onMeasured?.(lines.length, h);
  }, [lines.length, h, onMeasured]);
  // The help is taller than a small terminal's pane (80×24 shows a handful of rows): it scrolls like a whole result.
  const top = Math.min(offset, Math.max(0, lines.length - h));
  const shown = lines.slice(top, top + h);
  const range = lines.length > h ? `rows ${top + 1}–${top + shown.length} of ${lines.length}` : undefined;
  return (
    <Frame title={[seg('Help'), seg(' · Esc closes', 'muted')]} topRight={range} bottom={range ? '↑↓ PgUp PgDn Home End scroll · Esc closes' : undefined} width={width} height={height} focused theme={theme}>
      {/* Cut to the pane: rows past the frame would be squashed by the layout, not hidden. */}
      <LinesView lines={shown.map((l) => fitLine(l, w))} keys={shown.map((_, i) => String(top + i))} theme={theme} />
    </Frame>
  );
});
