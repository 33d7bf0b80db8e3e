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
  const blocks: Block[] = [];
  let total = 0;
  const take = (i: number, at: 'start' | 'end') => {
    const item = items[i]!;
    // A blank row before each question separates the turns.
    const b = {id: item.id, gap: item.kind === 'user' && i > 0, lines: itemLines(item, width, now, style)};
    if (at === 'start') blocks.unshift(b);
    else blocks.push(b);
    total += b.lines.length + (b.gap ? 1 : 0);
  };
  if (scroll.follow) {
    let i = items.length - 1;
    for (; i >= 0 && total < height; i--) take(i, 'start');
    // A long answer has many rows: keys are made only for the rows shown.
    return {...window(blocks, Math.max(0, total - height), height), above: i + 1, below: 0, shown: items.length - i - 1};
  }
  const start = Math.min(Math.max(0, scroll.offset), items.length - 1);
  let i = start;
  for (; i < items.length && total < height; i++) take(i, 'end');
  return {...window(blocks, 0, height), above: start, below: items.length - i, shown: i - start};
}

interface Block {
  id: number;
  gap: boolean;
  lines: Line[];
}

/** `height` rows of `blocks` from row `skip`, with their keys. */
function window(blocks: readonly Block[], skip: number, height: number): {lines: Line[]; keys: string[]} {
  const lines: Line[] = [];
  const keys: string[] = [];
  let row = 0;
  for (const b of blocks) {
    const size = b.lines.length + (b.gap ? 1 : 0);
    if (row + size <= skip) {
      row += size;
      continue;
    }
    for (let r = Math.max(0, skip - row); r < size && lines.length < height; r++) {
      const gapRow = b.gap && r === 0;
      lines.push(gapRow ? [] : b.lines[b.gap ? r - 1 : r]!);
      keys.push(gapRow ? `${b.id}:gap` : `${b.id}:${b.gap ? r - 1 : r}`);
    }
    row += size;
    if (lines.length >= height) break;
  }
  return {lines, keys};
}
