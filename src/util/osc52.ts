// The terminal's clipboard escape (OSC 52). Only ever sent for text the user
// asked to copy; what goes in is sanitised first, so a paste cannot carry
// escape sequences a server put in an answer.
import {stripControl} from './sanitize.js';

/** Most characters copied at once: terminals cap OSC 52 (xterm and tmux near 100 KB of base64). */
export const OSC52_MAX_CHARS = 74_000;

/** The escape that puts `text` on the clipboard. */
export function osc52(text: string): string {
  return `\u001b]52;c;${Buffer.from(stripControl(text), 'utf8').toString('base64')}\u0007`;
}
