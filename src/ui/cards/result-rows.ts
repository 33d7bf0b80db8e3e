// Every row of a card's whole result at one width: the call, its arguments as
// indented JSON, then the result, long lines cut into rows (↪ marks a
// continuation) so nothing is hidden. Laid out once per card and width.
import type {ToolCallItem} from '../../state/app-state.js';
import {seg, type Line, type Seg} from '../line.js';
import {safeStringify} from '../../util/safe-json.js';
import {cutRows} from '../text/cut-rows.js';
import {safeLine, safeText} from '../text/safe.js';
import {cardState} from '../panes/card-state.js';
import {resultLines} from './result-lines.js';

const cache = new WeakMap<ToolCallItem, {width: number; rows: Line[]}>();

/** All rows of `card`'s full view at `width`; `now` only matters while it runs. */
export function resultRows(card: ToolCallItem, width: number, now: number): Line[] {
  const hit = cache.get(card);
  if (hit && hit.width === width && card.state !== 'running') return hit.rows;
  const w = Math.max(4, width);
  const where = card.alias === undefined ? '(not in the catalog)' : `${safeLine(card.alias)} / ${safeLine(card.tool ?? '?')}`;
  const rows: Line[] = [
    [seg(safeLine(card.name), 'tool', true), seg(' → ', 'muted'), seg(where, 'muted')],
    cardState(card, now),
    [],
    [seg('arguments', 'accent', true)],
    ...cut(argLines(card.args), w),
    [],
    [seg('result', 'accent', true)],
  ];
  const body = resultLines(card);
  rows.push(...(body.lines.length ? cut(body.lines, w) : [[seg('(no result yet)', 'muted')]]));
  cache.set(card, {width, rows});
  return rows;
}

function argLines(args: unknown): Seg[][] {
  const text = safeStringify(args ?? {}, {space: 2, fallback: '(the arguments cannot be shown)'});
  return safeText(text).split('\n').map((t) => [seg(t)]);
}

function cut(lines: readonly Seg[][], width: number): Line[] {
  const out: Line[] = [];
  for (const l of lines) cutRows(l, width - 2).forEach((r, i) => out.push([seg(i === 0 ? '  ' : '↪ ', 'muted'), ...r]));
  return out;
}
