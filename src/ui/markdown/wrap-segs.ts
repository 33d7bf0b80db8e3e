// Word wrapping of styled text: a paragraph of segments becomes rows of at
// most `width` cells. Words may span segments ("**bold**ly" is one word);
// runs of spaces collapse to one, as markdown renders them; "\n" in a segment
// is a hard break. A word wider than the row is cut across rows.
import {charCells, cellWidth} from '../text/cells.js';
import type {Line, Seg} from '../line.js';

type Piece = Seg & {w: number};

/** `segs` as rows of at most `width` cells (at least one row). */
export function wrapSegs(segs: readonly Seg[], width: number): Seg[][] {
  const w = Math.max(1, width);
  const rows: Piece[][] = [[]];
  let rowW = 0;
  let word: Piece[] = [];
  let wordW = 0;
  let space: Piece | undefined; // a pending space before the next word
  const newRow = () => {
    rows.push([]);
    rowW = 0;
  };
  const flushWord = () => {
    if (word.length === 0) return;
    const need = (space && rowW > 0 ? 1 : 0) + wordW;
    if (rowW > 0 && rowW + need > w) newRow();
    else if (space && rowW > 0) {
      rows[rows.length - 1]!.push(space);
      rowW += 1;
    }
    space = undefined;
    for (const p of word) placeCut(p);
    word = [];
    wordW = 0;
  };
  // Places a piece, cutting it across rows when it does not fit.
  const placeCut = (p: Piece) => {
    if (rowW + p.w <= w) {
      rows[rows.length - 1]!.push(p);
      rowW += p.w;
      return;
    }
    let start = 0;
    let acc = 0;
    for (let i = 0; i < p.text.length; ) {
      const cp = p.text.codePointAt(i)!;
      const cw = charCells(cp);
      const len = cp > 0xffff ? 2 : 1;
      if (rowW + acc + cw > w && (rowW + acc > 0)) {
        if (i > start) rows[rows.length - 1]!.push({...p, text: p.text.slice(start, i), w: acc});
        newRow();
        start = i;
        acc = 0;
      }
      acc += cw;
      i += len;
    }
    if (p.text.length > start) {
      rows[rows.length - 1]!.push({...p, text: p.text.slice(start), w: acc});
      rowW += acc;
    }
  };
  for (const s of segs) {
    const {text, ...style} = s;
    for (const part of text.split(/(\n| +)/)) {
      if (part === '') continue;
      if (part === '\n') {
        flushWord();
        space = undefined;
        newRow();
      } else if (part[0] === ' ') {
        flushWord();
        space = {...style, text: ' ', w: 1};
      } else {
        word.push({...style, text: part, w: cellWidth(part)});
        wordW += word[word.length - 1]!.w;
      }
    }
  }
  flushWord();
  return rows.map(merge);
}

/** Adjacent pieces of the same style joined (fewer Ink nodes per row). */
function merge(row: Piece[]): Seg[] {
  const out: Seg[] = [];
  for (const {w: _w, ...p} of row) {
    const last = out[out.length - 1];
    if (last && sameStyle(last, p)) out[out.length - 1] = {...last, text: last.text + p.text};
    else out.push(p);
  }
  return out;
}

function sameStyle(a: Seg, b: Seg): boolean {
  return a.tone === b.tone && a.bold === b.bold && a.italic === b.italic && a.underline === b.underline && a.strike === b.strike && a.inverse === b.inverse;
}

/** `rows` with `first` before the first row and `rest` (same width) before the others. */
export function prefixRows(rows: readonly Line[], first: Line, rest: Line): Line[] {
  return rows.map((r, i) => [...(i === 0 ? first : rest), ...r]);
}
