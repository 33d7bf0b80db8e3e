// Draws prepared lines. Each row is cut by Ink as well ("truncate-end"), so a
// miscounted width can never push a pane past its rows.
import {Text} from 'ink';
import React from 'react';
import type {Line} from '../line.js';
import type {Theme} from '../theme.js';

/** One row of styled segments. */
export function LineView({line, theme}: {line: Line; theme: Theme}): React.JSX.Element {
  if (line.length === 0) return <Text> </Text>;
  return (
    <Text wrap="truncate-end">
      {line.map((s, i) => {
        const color = theme.tone(s.tone);
        // A segment with no style is plain text in the row: one element less per segment.
        if (!color && !s.bold && !s.inverse && !s.italic && !s.underline && !s.strike) return s.text;
        return (
          <Text key={i} color={color} bold={s.bold} inverse={s.inverse} italic={s.italic} underline={s.underline} strikethrough={s.strike}>
            {s.text}
          </Text>
        );
      })}
    </Text>
  );
}

/** Rows in order; `keys` gives stable React keys when rows move (e.g. while following). */
export function LinesView({lines, theme, keys}: {lines: readonly Line[]; theme: Theme; keys?: readonly string[]}): React.JSX.Element {
  return (
    <>
      {lines.map((line, i) => (
        <LineView key={keys?.[i] ?? i} line={line} theme={theme} />
      ))}
    </>
  );
}
