// A pane's border with its title in the top edge and list counts ("↑ 3 above",
// "↓ 12 more") in the edges, so counts never cost a content row. The focused
// pane gets a heavy border and a ▸ marker: visible without colour.
import {Box, Text} from 'ink';
import React from 'react';
import {fitLine, lineWidth, type Line} from '../line.js';
import {cellWidth, fitCells} from '../text/cells.js';
import type {Theme} from '../theme.js';

/** What a frame shows around its content. */
export interface FrameProps {
  title: Line;
  width: number;
  height: number;
  focused?: boolean;
  /** Short text at the right of the top edge. */
  topRight?: string;
  /** Short text in the bottom edge. */
  bottom?: string;
  theme: Theme;
  /** Draw the border in this tone (e.g. danger for the approval dialog). */
  tone?: 'danger' | 'warn';
  children?: React.ReactNode;
}

const LIGHT = {h: '─', tl: '╭', tr: '╮', bl: '╰', br: '╯', style: 'round'} as const;
const HEAVY = {h: '━', tl: '┏', tr: '┓', bl: '┗', br: '┛', style: 'bold'} as const;

export {innerCols, innerRows} from './frame-size.js';

/** A bordered pane of exactly `width` × `height`. */
export function Frame(p: FrameProps): React.JSX.Element | null {
  if (p.height < 2 || p.width < 6) return null;
  const b = p.focused || p.tone ? HEAVY : LIGHT;
  const borderColor = p.theme.tone(p.tone ?? (p.focused ? 'focus' : 'border'));
  const marker = p.focused ? '▸ ' : '';
  const right = p.topRight ? fitCells(p.topRight, Math.max(0, p.width - 12)) : '';
  const rightPart = right ? ` ${right} ${b.h}` : '';
  const room = p.width - 4 - cellWidth(marker) - cellWidth(rightPart);
  const title = fitLine(p.title, Math.max(0, room));
  const fill = Math.max(0, room - lineWidth(title));
  const bottom = p.bottom ? ` ${fitCells(p.bottom, p.width - 6)} ` : '';
  const bottomFill = Math.max(0, p.width - 2 - cellWidth(bottom) - 1);
  return (
    <Box flexDirection="column" width={p.width} height={p.height} flexShrink={0}>
      <Text wrap="truncate-end">
        <Text color={borderColor}>{`${b.tl}${b.h} `}</Text>
        {marker ? (
          <Text color={p.theme.tone('focus')} bold>
            {marker}
          </Text>
        ) : null}
        {title.map((s, i) => (
          <Text key={i} color={p.theme.tone(s.tone)} bold={s.bold ?? i === 0}>
            {s.text}
          </Text>
        ))}
        <Text color={borderColor}>{`${' '.repeat(fill > 0 ? 1 : 0)}${b.h.repeat(Math.max(0, fill - 1))}${rightPart}${b.tr}`}</Text>
      </Text>
      {/* Keyed by style: Ink 6.8 forgets borderTop={false} when borderStyle changes in place. */}
      <Box
        key={b.style}
        flexDirection="column"
        height={p.height - 2}
        overflow="hidden"
        borderStyle={b.style}
        borderTop={false}
        borderBottom={false}
        borderColor={borderColor}
        paddingX={1}
      >
        {p.children}
      </Box>
      <Text wrap="truncate-end" color={borderColor}>
        {`${b.bl}${b.h}${bottom}${b.h.repeat(bottomFill)}${b.br}`}
      </Text>
    </Box>
  );
}
