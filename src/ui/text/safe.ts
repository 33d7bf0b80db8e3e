// Server text made safe to draw: one place decides what that means
// (src/util/sanitize.ts strips escape sequences, control characters and the
// bidi format characters that reorder text); the panes use these names.
import {stripControl, stripControlLine} from '../../util/sanitize.js';

/** Multi-line text, safe to draw. */
export const safeText: (text: string) => string = stripControl;

/** One line of text, safe to draw (line breaks and tabs become spaces). */
export const safeLine: (text: string) => string = stripControlLine;
