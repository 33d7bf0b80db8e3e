// Terminal cell widths, so a line is cut before the terminal would wrap it.
// An approximation of wcwidth: wide East Asian and emoji ranges count 2,
// combining marks and zero-width characters 0. Ink truncates each row as a
// safety net if we ever count one short.

const WIDE: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f], [0x231a, 0x231b], [0x2329, 0x232a], [0x23e9, 0x23ec], [0x23f0, 0x23f0], [0x23f3, 0x23f3],
  [0x25fd, 0x25fe], [0x2614, 0x2615], [0x2648, 0x2653], [0x267f, 0x267f], [0x2693, 0x2693], [0x26a1, 0x26a1],
  [0x26aa, 0x26ab], [0x26bd, 0x26be], [0x26c4, 0x26c5], [0x26ce, 0x26ce], [0x26d4, 0x26d4], [0x26ea, 0x26ea],
  [0x26f2, 0x26f5], [0x26fa, 0x26fd], [0x2705, 0x2705], [0x270a, 0x270b], [0x2728, 0x2728], [0x274c, 0x274c],
  [0x2753, 0x2755], [0x2757, 0x2757], [0x2795, 0x2797], [0x27b0, 0x27b0], [0x27bf, 0x27bf], [0x2b1b, 0x2b1c],
  [0x2b50, 0x2b50], [0x2b55, 0x2b55], [0x2e80, 0x303e], [0x3041, 0x33ff], [0x3400, 0x4dbf], [0x4e00, 0x9fff],
  [0xa000, 0xa4cf], [0xa960, 0xa97f], [0xac00, 0xd7a3], [0xf900, 0xfaff], [0xfe10, 0xfe19], [0xfe30, 0xfe6f],
  [0xff00, 0xff60], [0xffe0, 0xffe6], [0x1f004, 0x1f004], [0x1f0cf, 0x1f0cf], [0x1f18e, 0x1f18e], [0x1f191, 0x1f19a],
  [0x1f200, 0x1f2ff], [0x1f300, 0x1f64f], [0x1f680, 0x1f6ff], [0x1f7e0, 0x1f7eb], [0x1f900, 0x1f9ff], [0x1fa70, 0x1faff],
  [0x20000, 0x3fffd],
];

function isZeroWidth(cp: number): boolean {
  return (
    (cp >= 0x300 && cp <= 0x36f) || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0x2060 || cp === 0xfeff || (cp >= 0x1ab0 && cp <= 0x1aff) || (cp >= 0x20d0 && cp <= 0x20ff) ||
    (cp >= 0xe0100 && cp <= 0xe01ef)
  );
}

/** Cells one code point takes. */
export function charCells(cp: number): number {
  if (cp < 0x1100) return cp >= 0x300 && cp <= 0x36f ? 0 : 1;
  if (isZeroWidth(cp)) return 0;
  let lo = 0;
  let hi = WIDE.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = WIDE[mid];
    if (cp < a) hi = mid - 1;
    else if (cp > b) lo = mid + 1;
    else return 2;
  }
  return 1;
}

/** Cells `text` takes on one line (no control characters expected). */
export function cellWidth(text: string): number {
  let w = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x300) { w++; continue; }
    const cp = text.codePointAt(i)!;
    if (cp > 0xffff) i++;
    w += charCells(cp);
  }
  return w;
}

/** `text` cut to at most `width` cells, ending in `…` when cut. */
export function fitCells(text: string, width: number): string {
  if (width <= 0) return '';
  if (text.length <= width && cellWidth(text) <= width) return text;
  let w = 0;
  let i = 0;
  for (; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const cw = charCells(cp);
    if (w + cw > width - 1) break;
    w += cw;
    i += cp > 0xffff ? 2 : 1;
  }
  return `${text.slice(0, i)}…`;
}

/**
 * `text` in at most `width` cells, cut after a whole word with "…" when it is
 * longer (a word cut in two reads as another word); cut mid-word only when
 * the last space is in the first half.
 */
export function fitWords(text: string, width: number): string {
  const fitted = fitCells(text, width);
  if (fitted === text) return text;
  const space = fitted.lastIndexOf(' ', fitted.length - 1);
  return space > fitted.length / 2 ? `${fitted.slice(0, space).trimEnd()} …` : fitted;
}

/** `text` padded with spaces (or cut) to exactly `width` cells. */
export function padCells(text: string, width: number): string {
  const fitted = fitCells(text, width);
  return fitted + ' '.repeat(Math.max(0, width - cellWidth(fitted)));
}
