// Server text made safe to draw. `stripControl` removes what a terminal would
// act on; we also drop the invisible Unicode format characters that reorder
// or hide text (bidi overrides and isolates, Trojan-Source style), so what a
// name looks like is what it is.
import {stripControl, stripControlLine} from '../../util/sanitize.js';

const INVISIBLE = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Multi-line text, safe to draw. */
export function safeText(text: string): string {
  return stripControl(text).replace(INVISIBLE, '');
}

/** One line of text, safe to draw (line breaks and tabs become spaces). */
export function safeLine(text: string): string {
  return stripControlLine(text).replace(INVISIBLE, '');
}
