// Building blocks of the inspector's views: headings, labelled values,
// wrapped server text and pretty JSON, each row safe and cut to the width.
import {safeStringify} from '../../util/safe-json.js';
import {fitLine, seg, type Line, type Seg} from '../line.js';
import {safeLine, safeText} from '../text/safe.js';
import {wrapCells} from '../text/wrap.js';
import type {Tone} from '../theme.js';

/** Rows of one piece of text a view may show at most (a megabyte is never wrapped whole). */
export const MAX_BLOCK_ROWS = 400;

/** A heading row. */
export const heading = (text: string): Line => [seg(text, 'accent', true)];

/** `label  value` on one row. */
export function labelled(label: string, value: Seg[] | string, width: number): Line {
  return fitLine([seg(`${label}  `, 'muted'), ...(typeof value === 'string' ? [seg(safeLine(value))] : value)], width);
}

/** Server text wrapped to `width - indent`, indented; a cut shows how many rows were left out. */
export function textBlock(text: string, width: number, tone?: Tone, indent = 2, max = MAX_BLOCK_ROWS): Line[] {
  const pad = ' '.repeat(indent);
  const rows = wrapCells(safeText(text.slice(0, max * Math.max(1, width) * 2)).replace(/\t/g, '  '), Math.max(1, width - indent), max + 1);
  const out = rows.slice(0, max).map((r): Line => (r ? [seg(pad + r, tone)] : []));
  if (rows.length > max) out.push([seg(`${pad}… (cut: more than ${max} rows)`, 'muted')]);
  return out;
}

/** A value as indented JSON, one row per line, long lines wrapped. */
export function jsonBlock(value: unknown, width: number, indent = 2): Line[] {
  return textBlock(safeStringify(value, {space: 2}), width, 'text', indent);
}

/** The key hints of a view, packed into rows. */
export function hints(pairs: ReadonlyArray<[string, string]>, width: number): Line[] {
  const rows: Seg[][] = [[]];
  for (const [keys, what] of pairs) {
    const group = [seg(`[${keys}]`, 'accent', true), seg(` ${what}`)];
    const row = rows[rows.length - 1]!;
    const used = row.reduce((w, s) => w + s.text.length, 0);
    if (row.length > 0 && used + 2 + keys.length + what.length + 3 > width) rows.push([...group]);
    else row.push(...(row.length ? [seg('  ')] : []), ...group);
  }
  return rows.map((r) => fitLine(r, width));
}
