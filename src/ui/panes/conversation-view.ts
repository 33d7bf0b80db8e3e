// Which rows of the transcript fit in the pane. Work is bounded by the rows
// shown: it walks from the anchor item only until the pane is full.
import type {ConversationItem, ScrollState} from '../../state/app-state.js';
import type {Line} from '../line.js';
import {itemLines, type ItemStyle} from './item-lines.js';

/** The rows to draw and what is hidden. */
export interface ConversationView {
  lines: Line[];
  /** React keys for `lines` (item id + row), stable while the view follows new rows. */
  keys: string[];
  /** Items entirely above / below the rows shown. */
  above: number;
  below: number;
  /** Items at least partly shown. */
  shown: number;
}

const EMPTY: ConversationView = {lines: [], keys: [], above: 0, below: 0, shown: 0};

/** Following: the newest rows, bottom-aligned. Otherwise: from item `offset` down. */
export function conversationView(items: readonly ConversationItem[], scroll: ScrollState, height: number, width: number, now: number, style?: ItemStyle): ConversationView {
  if (height <= 0 || items.length === 0) return EMPTY;
  const rows = (i: number): {lines: Line[]; keys: string[]} => {
    const item = items[i];
    const lines = itemLines(item, width, now, style);
    // A blank row before each question separates the turns.
    const gap = item.kind === 'user' && i > 0;
    return {
      lines: gap ? [[], ...lines] : lines,
      keys: (gap ? ['gap', ...lines.map((_, r) => String(r))] : lines.map((_, r) => String(r))).map((k) => `${item.id}:${k}`),
    };
  };
  const lines: Line[] = [];
  const keys: string[] = [];
  if (scroll.follow) {
    let i = items.length - 1;
    for (; i >= 0 && lines.length < height; i--) {
      const r = rows(i);
      lines.unshift(...r.lines);
      keys.unshift(...r.keys);
    }
    const cut = Math.max(0, lines.length - height);
    return {lines: lines.slice(cut), keys: keys.slice(cut), above: i + 1, below: 0, shown: items.length - i - 1};
  }
  const start = Math.min(Math.max(0, scroll.offset), items.length - 1);
  let i = start;
  for (; i < items.length && lines.length < height; i++) {
    const r = rows(i);
    lines.push(...r.lines);
    keys.push(...r.keys);
  }
  return {lines: lines.slice(0, height), keys: keys.slice(0, height), above: start, below: items.length - i, shown: i - start};
}
