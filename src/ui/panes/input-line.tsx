// The input line: draws the store's line (`ui.input`); the key router edits
// it through the actions. The line scrolls sideways to keep the cursor in view.
import {Box, Text} from 'ink';
import React, {memo} from 'react';
import {windowStart} from '../text/line-editor.js';
import type {Theme} from '../theme.js';

/** What the input line needs. */
export interface InputLineProps {
  value: string;
  cursor: number;
  width: number;
  active: boolean;
  /** A failed command, kept to fix: shown muted (typing replaces it). */
  failed?: boolean;
  placeholder: string;
  theme: Theme;
}

const PROMPT = '› ';

/** The input line. */
export const InputLine = memo(function InputLine(p: InputLineProps): React.JSX.Element {
  const room = Math.max(1, p.width - PROMPT.length - 1);
  const {value, cursor} = p;
  const prompt = <Text color={p.theme.tone(p.active ? 'focus' : 'muted')} bold>{p.active ? PROMPT : '  '}</Text>;
  if (value === '') {
    return (
      <Box width={p.width} height={1} flexShrink={0}>
        {prompt}
        {p.active ? <Text inverse> </Text> : null}
        <Text color={p.theme.tone('muted')} wrap="truncate-end">{p.placeholder}</Text>
      </Box>
    );
  }
  const start = windowStart(value, cursor, room);
  const shown = value.slice(start);
  const c = cursor - start;
  return (
    <Box width={p.width} height={1} flexShrink={0}>
      {prompt}
      <Text wrap="truncate-end" color={p.failed ? p.theme.tone('muted') : undefined}>
        {shown.slice(0, c)}
        {p.active ? <Text inverse>{shown.slice(c, c + 1) || ' '}</Text> : shown.slice(c, c + 1)}
        {shown.slice(c + 1)}
      </Text>
    </Box>
  );
});
