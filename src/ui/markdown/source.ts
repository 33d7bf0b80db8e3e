// From model text to block tokens. The text is sanitised line by line (the
// one sanitiser, src/util/sanitize.ts, on each line), so the clean form of a
// line never depends on how the stream was cut into deltas and a finished
// line never needs cleaning again.
import {Lexer, type Token} from 'marked';
import {stripControl} from '../../util/sanitize.js';

const OPTIONS = {gfm: true, breaks: false, pedantic: false} as const;

/** `text` with every escape sequence and control character removed, line by line; CRLF and CR become LF. */
export function cleanByLine(text: string): string {
  let out = '';
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    const line = text.charCodeAt(end - 1) === 0x0d && end > start ? text.slice(start, end - 1) : text.slice(start, end);
    out += stripControl(line);
    if (nl < 0) return out;
    out += '\n';
    start = nl + 1;
  }
}

/** Block tokens of clean markdown. Their `raw` strings add up to `clean`. */
export function lexBlocks(clean: string): Token[] {
  return Lexer.lex(clean, {...OPTIONS});
}
