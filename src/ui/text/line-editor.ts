// Editing one line of input, as a pure function of (state, key). Keys are
// applied to the latest state, never to a copy captured at render time, so
// fast typing and pastes lose no characters.
import type {Key} from 'ink';
import {cellWidth} from './cells.js';
import {safeLine} from './safe.js';

/** The text and where the cursor is (a UTF-16 index). */
export interface EditorState {
  readonly value: string;
  readonly cursor: number;
}

/** What a key did. */
export interface EditResult {
  state: EditorState;
  /** Enter was pressed: the value should be sent. */
  submit: boolean;
}

/** The empty line. */
export const EMPTY_EDITOR: EditorState = {value: '', cursor: 0};

const prevIndex = (s: string, i: number) => (i >= 2 && /[\udc00-\udfff]/.test(s[i - 1]) && /[\ud800-\udbff]/.test(s[i - 2]) ? i - 2 : Math.max(0, i - 1));
const nextIndex = (s: string, i: number) => (/[\ud800-\udbff]/.test(s[i] ?? '') && /[\udc00-\udfff]/.test(s[i + 1] ?? '') ? i + 2 : Math.min(s.length, i + 1));

/** Applies one key (or a paste) to the line. */
export function editLine(st: EditorState, input: string, key: Key): EditResult {
  const {value, cursor} = st;
  const at = (v: string, c: number): EditResult => ({state: {value: v, cursor: c}, submit: false});
  if (key.return) return {state: st, submit: true};
  if (key.backspace || key.delete) {
    if (cursor === 0) return {state: st, submit: false};
    const from = prevIndex(value, cursor);
    return at(value.slice(0, from) + value.slice(cursor), from);
  }
  if (key.leftArrow) return at(value, prevIndex(value, cursor));
  if (key.rightArrow) return at(value, nextIndex(value, cursor));
  if (key.ctrl) {
    switch (input) {
      case 'a':
        return at(value, 0);
      case 'e':
        return at(value, value.length);
      case 'u':
        return at(value.slice(cursor), 0);
      case 'k':
        return at(value.slice(0, cursor), cursor);
      case 'w': {
        const before = value.slice(0, cursor).replace(/\S+\s*$/, '');
        return at(before + value.slice(cursor), before.length);
      }
      default:
        return {state: st, submit: false};
    }
  }
  if (key.meta || key.escape || key.tab || key.upArrow || key.downArrow || key.pageUp || key.pageDown) return {state: st, submit: false};
  // Keys typed before the app read stdin arrive as one chunk: a single Enter
  // at its end still sends (as \n when the terminal was still in line mode).
  // Other line breaks (a paste) become spaces.
  const enter = /^[^\r\n]*(\r\n?|\n)$/.test(input);
  const text = safeLine(enter ? input.replace(/[\r\n]+$/, '') : input);
  const next = at(value.slice(0, cursor) + text + value.slice(cursor), cursor + text.length);
  return {state: next.state, submit: enter};
}

/** First index shown so the cursor stays inside `room` cells. */
export function windowStart(value: string, cursor: number, room: number): number {
  if (cellWidth(value.slice(0, cursor)) < room) return 0;
  let start = cursor;
  let w = 1;
  while (start > 0 && w + cellWidth(value[start - 1]) < room) w += cellWidth(value[--start]);
  return start;
}
