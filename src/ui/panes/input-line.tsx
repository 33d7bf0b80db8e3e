// The input line. Its text lives here, not in the store, so typing re-renders
// only this row; the key router hands it the keys meant for it. The line
// scrolls sideways to keep the cursor in view.
import {Box, Text} from 'ink';
import type {Key} from 'ink';
import React, {memo, useImperativeHandle, useReducer, useRef, type Ref} from 'react';
import {EMPTY_EDITOR, editLine, windowStart, type EditorState} from '../text/line-editor.js';
import type {Theme} from '../theme.js';

/** What the app does to the input from outside. */
export interface InputApi {
  /** A key routed to the input line. */
  key(input: string, key: Key): void;
  /** Text typed while another pane had focus. */
  append(text: string): void;
}

/** What the input line needs. */
export interface InputLineProps {
  width: number;
  active: boolean;
  placeholder: string;
  /** Returns true when the text was taken (the line is cleared), false to keep it. */
  onSubmit(text: string): boolean;
  theme: Theme;
  ref?: Ref<InputApi>;
}

const PROMPT = '› ';

/** The input line. */
export const InputLine = memo(function InputLine(p: InputLineProps): React.JSX.Element {
  const state = useRef<EditorState>(EMPTY_EDITOR);
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const submit = useRef(p.onSubmit);
  submit.current = p.onSubmit;
  useImperativeHandle(
    p.ref,
    () => ({
      key(input, key) {
        const r = editLine(state.current, input, key);
        state.current = r.submit && submit.current(r.state.value) ? EMPTY_EDITOR : r.state;
        redraw();
      },
      append(text) {
        const s = state.current;
        state.current = {value: s.value + text, cursor: s.value.length + text.length};
        redraw();
      },
    }),
    [],
  );
  const room = Math.max(1, p.width - PROMPT.length - 1);
  const {value, cursor} = state.current;
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
      <Text wrap="truncate-end">
        {shown.slice(0, c)}
        {p.active ? <Text inverse>{shown.slice(c, c + 1) || ' '}</Text> : shown.slice(c, c + 1)}
        {shown.slice(c + 1)}
      </Text>
    </Box>
  );
});
