// The rows of one conversation item, cached per item object and width: the
// reducer replaces only the items that change, so a streamed delta re-lays one
// item, not the transcript.
import type {ConversationItem} from '../../state/app-state.js';
import {safeText} from '../text/safe.js';
import {seg, type Line} from '../line.js';
import {NOTICE} from '../symbols.js';
import {wrapCells} from '../text/wrap.js';
import {answerLines} from './answer-lines.js';
import {cardLines} from './card-lines.js';

/** How items are drawn, beyond their width. */
export interface ItemStyle {
  /** False under NO_COLOR: marks only a colour would show stay visible as text. */
  color: boolean;
  /** The card chosen in the conversation, drawn with a heavy edge. */
  selectedCall?: string | null;
}

const DEFAULT_STYLE: ItemStyle = {color: true};
const cache = new WeakMap<ConversationItem, {width: number; color: boolean; selected: boolean; lines: Line[]}>();

/** Rows of `item` at `width`; running cards depend on `now` and are not cached. */
export function itemLines(item: ConversationItem, width: number, now: number, style: ItemStyle = DEFAULT_STYLE): Line[] {
  const selected = item.kind === 'tool-call' && style.selectedCall === item.callId;
  if (item.kind === 'tool-call' && item.state === 'running') return cardLines(item, width, now, selected);
  const hit = cache.get(item);
  if (hit && hit.width === width && hit.color === style.color && hit.selected === selected) return hit.lines;
  const lines = build(item, width, now, style, selected);
  cache.set(item, {width, color: style.color, selected, lines});
  return lines;
}

function build(item: ConversationItem, width: number, now: number, style: ItemStyle, selected: boolean): Line[] {
  switch (item.kind) {
    case 'user':
      return prefixed(item.text, width, seg('› ', 'user', true), 'user', true);
    case 'assistant':
      return answerLines(item, width, style.color);
    case 'notice': {
      const {symbol, tone} = NOTICE[item.level];
      return prefixed(item.text, width, seg(`${symbol} `, tone, true), tone, item.level !== 'info');
    }
    case 'tool-call':
      return cardLines(item, width, now, selected);
  }
}

function prefixed(text: string, width: number, first: ReturnType<typeof seg>, tone: Parameters<typeof seg>[1], bold: boolean): Line[] {
  const body = wrapCells(safeText(text).replace(/\t/g, '  '), Math.max(1, width - 2));
  if (body.length === 0) body.push('');
  return body.map((t, i) => [i === 0 ? first : seg('  '), seg(t, tone, bold)]);
}
