// One line of styled segments cut into rows of a fixed width, for text whose
// line structure matters (code, results): nothing is re-flowed or dropped.
import type {Seg} from '../line.js';
import {charCells} from './cells.js';

/** `line` cut into rows of at most `width` cells (at least one row). */
export function cutRows(line: readonly Seg[], width: number): Seg[][] {
  const w = Math.max(1, width);
  const rows: Seg[][] = [[]];
  let used = 0;
  for (const s of line) {
    let start = 0;
    for (let i = 0; i < s.text.length; ) {
      const cp = s.text.codePointAt(i)!;
      const cw = charCells(cp);
      if (used + cw > w && used > 0) {
        if (i > start) rows[rows.length - 1]!.push({...s, text: s.text.slice(start, i)});
        rows.push([]);
        used = 0;
        start = i;
      }
      used += cw;
      i += cp > 0xffff ? 2 : 1;
    }
    if (s.text.length > start) rows[rows.length - 1]!.push({...s, text: s.text.slice(start)});
  }
  return rows;
}
