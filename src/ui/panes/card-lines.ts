// A tool-call card: prefixed name → server / original name, the state, the
// arguments and the first lines of the result.
import type {ToolCallItem} from '../../state/app-state.js';
import {safeLine, safeText} from '../text/safe.js';
import {fitLine, seg, type Line} from '../line.js';
import {fitCells} from '../text/cells.js';
import {shortArgs} from '../text/format.js';
import {cardState} from './card-state.js';

/** Result lines a card shows. */
export const PREVIEW_LINES = 4;

/** The rows of one card, each at most `width` cells. */
export function cardLines(card: ToolCallItem, width: number, now: number): Line[] {
  const w = Math.max(4, width);
  const bad = card.state === 'error';
  const where = card.alias === undefined ? '(not in the catalog)' : `${safeLine(card.alias)} / ${safeLine(card.tool ?? '?')}`;
  const lines: Line[] = [
    [seg('╭ ', 'tool'), seg(safeLine(card.name), 'tool', true), seg(' → ', 'muted'), seg(where, 'muted')],
    [seg('│ ', 'tool'), ...cardState(card, now)],
    [seg('│ ', 'tool'), seg('args ', 'muted'), seg(shortArgs(card.args, w - 7))],
  ];
  // What the hub changed or cut in the result (a placeholder, an image left out): the user is told what the model was told.
  for (const warning of card.outcome?.warnings?.slice(0, 2) ?? []) lines.push([seg('│ ', 'tool'), seg(`⚠ ${safeLine(warning)}`, 'warn')]);
  // A denied call never ran: the card says so, and the denial is the model's to read.
  const preview = previewLines(card.state === 'denied' ? undefined : card.preview, w - 2);
  for (const text of preview.shown) lines.push([seg('│ ', 'tool'), seg(text, bad ? 'error' : undefined)]);
  lines.push([seg('╰', 'tool'), ...(preview.more > 0 ? [seg(` … ${preview.more} more line${preview.more === 1 ? '' : 's'}`, 'muted')] : [])]);
  return lines.map((l) => fitLine(l, w));
}

function previewLines(preview: string | undefined, width: number): {shown: string[]; more: number} {
  if (!preview) return {shown: [], more: 0};
  // The state keeps at most a few thousand characters; strip, then cut per line.
  const all = safeText(preview).replace(/\t/g, '  ').split('\n');
  while (all.length > 0 && all[all.length - 1].trim() === '') all.pop();
  const shown = all.slice(0, PREVIEW_LINES).map((l) => fitCells(l, width));
  return {shown, more: Math.max(0, all.length - PREVIEW_LINES)};
}
