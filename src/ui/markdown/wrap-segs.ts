// Word wrapping of styled text: a paragraph of segments becomes rows of at
// most `width` cells. Words may span segments ("**bold**ly" is one word);
// runs of spaces collapse to one, as markdown renders them; "\n" in a segment
// is a hard break. A word wider than the row is cut across rows. Streaming
// re-wraps the last paragraph on every frame, so this allocates little: a
// single-style paragraph goes through the plain-text wrapper, and pieces of
// one style are joined as they are placed.
import {charCells, cellWidth} from '../text/cells.js';
import {wrapCells} from '../text/wrap.js';
import {sameStyle, type Line, type Seg} from '../line.js';

type Style = Omit<Seg, 'text'>;

/** `segs` as rows of at most `width` cells (at least one row). */
export function wrapSegs(segs: readonly Seg[], width: number): Seg[][] {
  const w = Math.max(1, width);
  if (segs.every((s) => sameStyle(s, segs[0]!))) return plainRows(segs, w);
  const rows: Seg[][] = [[]];
  let rowW = 0;
  // The word being read: its pieces (style, text) and width.
  const word: Array<[Style, string]> = [];
  let wordW = 0;
  let space: Style | undefined;
  const put = (style: Style, text: string) => {
    const row = rows[rows.length - 1]!;
    const last = row[row.length - 1];
    if (last && sameStyle(last, style)) row[row.length - 1] = {...last, text: last.text + text};
    else row.push({...style, text});
  };
  const newRow = () => {
    rows.push([]);
    rowW = 0;
  };
  const flushWord = () => {
    if (word.length === 0) return;
    if (rowW > 0 && rowW + (space ? 1 : 0) + wordW > w) newRow();
    else if (space && rowW > 0) {
      put(space, ' ');
      rowW++;
    }
    space = undefined;
    for (const [style, text] of word) placeCut(style, text);
    word.length = 0;
    wordW = 0;
  };
  const placeCut = (style: Style, text: string) => {
    const tw = cellWidth(text);
    if (rowW + tw <= w) {
      put(style, text);
      rowW += tw;
      return;
    }
    let start = 0;
    let acc = 0;
    for (let i = 0; i < text.length; ) {
      const cp = text.codePointAt(i)!;
      const cw = charCells(cp);
      if (rowW + acc + cw > w && rowW + acc > 0) {
        if (i > start) put(style, text.slice(start, i));
        newRow();
        start = i;
        acc = 0;
      }
      acc += cw;
      i += cp > 0xffff ? 2 : 1;
    }
    if (text.length > start) {
      put(style, text.slice(start));
      rowW += acc;
    }
  };
  for (const s of segs) {
    const style = styleOf(s);
    for (const part of s.text.split(/(\n| +)/)) {
      if (part === '') continue;
      if (part === '\n') {
        flushWord();
        space = undefined;
        newRow();
      } else if (part.charCodeAt(0) === 0x20) {
        flushWord();
        space = style;
      } else {
        word.push([style, part]);
        wordW += cellWidth(part);
      }
    }
  }
  flushWord();
  return rows;
}

// One style throughout: the plain-text wrapper does the work.
function plainRows(segs: readonly Seg[], width: number): Seg[][] {
  const style = styleOf(segs[0] ?? {text: ''});
  const text = segs.map((s) => s.text).join('').replace(/ +/g, ' ').replace(/^ | $/gm, '');
  const rows = wrapCells(text, width);
  return rows.length ? rows.map((r) => (r ? [{...style, text: r}] : [])) : [[]];
}

function styleOf(s: Seg): Style {
  const {text: _text, ...style} = s;
  return style;
}

/** `rows` with `first` before the first row and `rest` (same width) before the others. */
export function prefixRows(rows: readonly Line[], first: Line, rest: Line): Line[] {
  return rows.map((r, i) => [...(i === 0 ? first : rest), ...r]);
}
