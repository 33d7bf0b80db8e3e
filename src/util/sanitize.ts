// Everything a server sends is untrusted text. Before it reaches a terminal we
// remove every escape and control sequence a terminal would act on (clear the
// screen, move the cursor, retitle the window, write the clipboard via OSC 52,
// ring the bell). One linear scan, no regex backtracking, so a hostile
// megabyte cannot stall the event loop.
//
// Line breaks: CRLF and a lone CR both become LF. A lone CR is how progress
// bars overwrite a line; dropping it would glue "50%" and "100%" together,
// while LF keeps both readable and cannot overwrite what is already shown.

const ESC = 0x1b;
const BEL = 0x07;
const ST8 = 0x9c; // 8-bit String Terminator
const CSI8 = 0x9b;
// 8-bit introducers of string sequences: DCS, SOS, OSC, PM, APC.
const STRING8 = new Set([0x90, 0x98, 0x9d, 0x9e, 0x9f]);
// The 7-bit forms after ESC: P (DCS), X (SOS), ] (OSC), ^ (PM), _ (APC).
const STRING7 = new Set([0x50, 0x58, 0x5d, 0x5e, 0x5f]);

/** Removes terminal escape sequences, control characters and bidi format characters, keeping `\n` and `\t`; CR and CRLF become `\n`. */
export function stripControl(text: string): string {
  // Most text has nothing to strip: it is returned as it is, with no closure,
  // context or copy made (every listed tool's description passes here, issue #17).
  // The search for the first character to strip is one regular expression, not
  // a loop in JS: over one listing's descriptions that loop got hot enough for
  // V8's optimizing compiler, whose first job alone adds ~3.5 MB to a hub's
  // peak RSS (BENCHMARKS.md §11, h25b).
  const first = text.search(NOT_PLAIN);
  return first < 0 ? text : stripFrom(text, first);
}

/** Every UTF-16 code unit that `stripFrom`'s first three tests do not keep: C0 controls but tab and LF, DEL, C1 controls, bidi format characters. */
const NOT_PLAIN = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

// In its own function: the closure below and its context are made on entry.
function stripFrom(text: string, first: number): string {
  const n = text.length;
  let i = first;
  let out = '';
  let start = 0; // start of the pending run of plain text
  const flush = (end: number, next: number): void => {
    if (end > start) out += text.slice(start, end);
    start = next;
    i = next;
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) { i++; continue; }
    if (c > 0x9f && !isBidiFormat(c)) { i++; continue; }
    if (c === 0x0a || c === 0x09) { i++; continue; }
    if (c === 0x0d) {
      // CR: emit LF, and swallow the LF of a CRLF pair.
      const skip = text.charCodeAt(i + 1) === 0x0a ? 2 : 1;
      flush(i, i + skip);
      out += '\n';
      continue;
    }
    if (c === ESC) { flush(i, skipEscape(text, i + 1)); continue; }
    if (c === CSI8) { flush(i, skipCsi(text, i + 1)); continue; }
    if (STRING8.has(c)) { flush(i, skipString(text, i + 1)); continue; }
    flush(i, i + 1); // any other C0 control, DEL, C1 control or bidi format character
  }
  flush(n, n);
  return out;
}


/**
 * Invisible Unicode format characters that reorder or hide text (bidi marks,
 * embeddings, overrides and isolates: "Trojan Source"), so a name looks like
 * what it is.
 */
function isBidiFormat(c: number): boolean {
  return c === 0x061c || c === 0x200e || c === 0x200f || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

/** `stripControl` for one-line display: line breaks, tabs and Unicode line separators become spaces. */
export function stripControlLine(text: string): string {
  return stripControl(text).replace(/[\n\t\u2028\u2029]/g, ' ');
}

// Returns the index just past the sequence that began with ESC at i - 1.
function skipEscape(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (Number.isNaN(c)) return i;
  if (c === 0x5b) return skipCsi(text, i + 1); // ESC [
  if (STRING7.has(c)) return skipString(text, i + 1);
  // nF sequences: intermediates 0x20-0x2f, then one final byte 0x30-0x7e
  // (covers ESC ( B, ESC # 8 and plain two-character ESC c, ESC 7, ESC =).
  let j = i;
  while (j < text.length && text.charCodeAt(j) >= 0x20 && text.charCodeAt(j) <= 0x2f) j++;
  const f = text.charCodeAt(j);
  if (f >= 0x30 && f <= 0x7e) return j + 1;
  // Malformed: drop the ESC and intermediates, keep whatever follows.
  return j;
}

// CSI: parameter bytes 0x30-0x3f, intermediates 0x20-0x2f, final 0x40-0x7e.
// A character outside those ranges ends a malformed sequence without being
// swallowed, so one broken escape cannot eat the following text.
function skipCsi(text: string, i: number): number {
  let j = i;
  while (j < text.length) {
    const c = text.charCodeAt(j);
    if (c >= 0x20 && c <= 0x3f) { j++; continue; }
    if (c >= 0x40 && c <= 0x7e) return j + 1;
    return j;
  }
  return j;
}

// OSC/DCS/SOS/PM/APC run until BEL, ESC \ or the 8-bit ST. Unterminated, the
// terminal would swallow the rest of the output, so we drop it too.
function skipString(text: string, i: number): number {
  for (let j = i; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === BEL || c === ST8) return j + 1;
    if (c === ESC && text.charCodeAt(j + 1) === 0x5c) return j + 2;
  }
  return text.length;
}
