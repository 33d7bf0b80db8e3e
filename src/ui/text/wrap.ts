// Word wrapping by terminal cells, bounded: a megabyte answer is only wrapped
// as far as the pane needs.
import {charCells} from './cells.js';

/** `text` broken into lines of at most `width` cells; stops after `maxLines` lines. */
export function wrapCells(text: string, width: number, maxLines = Number.POSITIVE_INFINITY): string[] {
  const out: string[] = [];
  if (width <= 0) return out;
  for (const paragraph of text.split('\n')) {
    if (out.length >= maxLines) break;
    wrapParagraph(paragraph, width, out, maxLines);
  }
  return out;
}

function wrapParagraph(text: string, width: number, out: string[], maxLines: number): void {
  if (text === '') {
    out.push('');
    return;
  }
  let line = '';
  let lineW = 0;
  let lastSpace = -1; // index in `line` just after the last space
  let wAtSpace = 0;
  for (let i = 0; i < text.length && out.length < maxLines; ) {
    const cp = text.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    i += ch.length;
    const cw = charCells(cp);
    if (lineW + cw > width) {
      if (ch === ' ') {
        out.push(line);
        line = '';
        lineW = 0;
        lastSpace = -1;
        continue;
      }
      if (lastSpace > 0) {
        out.push(line.slice(0, lastSpace).trimEnd());
        line = line.slice(lastSpace);
        lineW -= wAtSpace;
      } else {
        out.push(line);
        line = '';
        lineW = 0;
      }
      lastSpace = -1;
    }
    line += ch;
    lineW += cw;
    if (ch === ' ') {
      lastSpace = line.length;
      wAtSpace = lineW;
    }
  }
  if (out.length < maxLines && (line !== '' || out.length === 0)) out.push(line.trimEnd());
}
