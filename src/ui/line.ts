// Panes build their rows as data (lines of styled segments), so the row count
// is known before anything is drawn and every row can be cut to the pane.
import {cellWidth, fitCells} from './text/cells.js';
import type {Tone} from './theme.js';

/** A run of text in one style. Its text must already be free of control characters. */
export interface Seg {
  text: string;
  tone?: Tone;
  bold?: boolean;
  inverse?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
}

/** One terminal row. */
export type Line = readonly Seg[];

/** A segment; shorthand for building lines. */
export function seg(text: string, tone?: Tone, bold?: boolean): Seg {
  return bold ? {text, tone, bold} : {text, tone};
}

/** Cells a line takes. */
export function lineWidth(line: Line): number {
  let w = 0;
  for (const s of line) w += cellWidth(s.text);
  return w;
}

/** `line` cut to `width` cells; the segment that crosses the edge ends in `…`. */
export function fitLine(line: Line, width: number): Line {
  let left = width;
  const out: Seg[] = [];
  for (const s of line) {
    if (left <= 0) break;
    const w = cellWidth(s.text);
    if (w <= left) {
      out.push(s);
      left -= w;
      continue;
    }
    out.push({...s, text: fitCells(s.text, left)});
    break;
  }
  return out;
}

/** The plain text of a line (for tests and measuring). */
export function lineText(line: Line): string {
  return line.map((s) => s.text).join('');
}

/** `line` with neighbouring segments of the same style joined into one. */
export function joinStyles(line: Line): Line {
  const out: Seg[] = [];
  for (const s of line) {
    const last = out[out.length - 1];
    if (last && sameStyle(last, s)) out[out.length - 1] = {...last, text: last.text + s.text};
    else out.push(s);
  }
  return out;
}

/** Whether two segments (or styles) look the same. */
export function sameStyle(a: Omit<Seg, 'text'>, b: Omit<Seg, 'text'>): boolean {
  return a.tone === b.tone && a.bold === b.bold && a.italic === b.italic && a.underline === b.underline && a.strike === b.strike && a.inverse === b.inverse;
}
