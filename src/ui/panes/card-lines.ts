// A tool-call card: prefixed name → server / original name, the state, the
// arguments and the first lines of the result (JSON indented, the rest folded).
// The chosen card (← → in the conversation) has a heavy edge, visible
// without colour, and says which key shows its whole result.
import {SEARCH_TOOL_NAME} from '../../agent/tool-search/search-tool.js';
import {isServerSearchName} from '../../state/model-content.js';
import type {ToolCallItem} from '../../state/app-state.js';
import {resultLines} from '../cards/result-lines.js';
import {safeLine} from '../text/safe.js';
import {fitLine, seg, type Line} from '../line.js';
import {shortArgs} from '../text/format.js';
import {cardState} from './card-state.js';

/** Result lines a card shows before folding the rest. */
export const PREVIEW_LINES = 6;

/** The rows of one card, each at most `width` cells. */
export function cardLines(card: ToolCallItem, width: number, now: number, selected = false): Line[] {
  const w = Math.max(4, width);
  const edge = selected ? {top: '┏ ', side: '┃ ', end: '┗', tone: 'focus' as const} : {top: '╭ ', side: '│ ', end: '╰', tone: 'tool' as const};
  const side = seg(edge.side, edge.tone);
  const where = card.alias === undefined ? searchWhere(card.name) : `${safeLine(card.alias)} / ${safeLine(card.tool ?? '?')}`;
  const lines: Line[] = [
    [seg(edge.top, edge.tone), seg(safeLine(card.name), 'tool', true), seg(' → ', 'muted'), seg(where, 'muted')],
    [side, ...cardState(card, now)],
    [side, seg('args ', 'muted'), seg(shortArgs(card.args, w - 7))],
  ];
  // What the hub changed or cut in the result (a placeholder, an image left out): the user is told what the model was told.
  for (const warning of card.outcome?.warnings?.slice(0, 2) ?? []) lines.push([side, seg(`⚠ ${safeLine(warning)}`, 'warn')]);
  const body = resultLines(card, PREVIEW_LINES);
  for (const l of body.lines) lines.push([side, ...l]);
  const more = body.total - body.lines.length;
  const end = [seg(edge.end, edge.tone)];
  if (more > 0) end.push(seg(` … ${more} more line${more === 1 ? '' : 's'}`, 'muted'));
  if (selected && body.total > 0) end.push(seg(' · Enter: whole result', 'focus'));
  lines.push(end);
  return lines.map((l) => fitLine(l, w));
}

/** Where a call without a server went: one of the two tool searches, or nowhere known. */
function searchWhere(name: string): string {
  if (name === SEARCH_TOOL_NAME) return 'tool search (answered by breakerbox)';
  return isServerSearchName(name) ? 'tool search (answered by the model API)' : '(not in the catalog)';
}
