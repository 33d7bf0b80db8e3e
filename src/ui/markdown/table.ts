// Tables that fit the pane: columns get their natural width when the table
// fits, otherwise the widest columns give up room and their cells wrap. When
// even narrow columns cannot fit (many columns, a thin pane), each row is
// shown as a list of "header: value" lines instead.
import type {Tokens} from 'marked';
import {lineWidth, type Line, type Seg} from '../line.js';
import type {MdContext} from './context.js';
import {inlineSegs} from './inline.js';
import {wrapSegs} from './wrap-segs.js';

/** Narrowest column worth wrapping into; below it the list layout reads better. */
export const MIN_COLUMN = 6;
/** A column may be squeezed below its longest word only beyond this many cells. */
const WORD_LIMIT = 16;

type Align = 'left' | 'right' | 'center' | null;

/** Rows of a table at `ctx.width`. */
export function tableLines(token: Tokens.Table, ctx: MdContext): Line[] {
  const header = token.header.map((c) => inlineSegs(c.tokens, ctx, {bold: true}));
  const rows = token.rows.map((r) => r.map((c) => inlineSegs(c.tokens, ctx)));
  const columns = header.map((h, i) => [h, ...rows.map((r) => r[i] ?? [])]);
  const natural = columns.map((cells) => Math.max(1, ...cells.map(widthOf)));
  // A column narrower than its longest word breaks words mid-way: below that, use the list layout.
  const least = columns.map((cells, i) => Math.min(natural[i]!, Math.max(MIN_COLUMN, Math.min(WORD_LIMIT, ...cells.map(longestWord)))));
  const room = ctx.width - (3 * header.length + 1);
  if (header.length === 0 || least.reduce((a, b) => a + b, 0) > room) return listLayout(header, rows, ctx);
  const widths = fitColumns(natural, least, room);
  const align = token.align as Align[];
  const body = rows.map((r) => cellRows(header.map((_, i) => r[i] ?? []), widths, align));
  const tall = body.some((b) => b.length > 1);
  const out: Line[] = [border('┌', '┬', '┐', widths), ...cellRows(header, widths, align), border('├', '┼', '┤', widths)];
  body.forEach((b, i) => {
    // Rows that wrap are told apart by a rule between rows.
    if (i > 0 && tall) out.push(border('├', '┼', '┤', widths));
    out.push(...b);
  });
  out.push(border('└', '┴', '┘', widths));
  return out;
}

/**
 * Column widths within `room`: every column gets at least `least`; the rest
 * goes to the columns that want more, the narrowest wishes met first.
 */
export function fitColumns(natural: readonly number[], least: readonly number[], room: number): number[] {
  if (natural.reduce((a, b) => a + b, 0) <= room) return [...natural];
  const widths = [...least];
  let left = room - least.reduce((a, b) => a + b, 0);
  const wanting = natural.map((w, i) => [w - least[i]!, i] as const).filter(([want]) => want > 0).sort((a, b) => a[0] - b[0]);
  wanting.forEach(([want, i], k) => {
    const give = Math.min(want, Math.floor(left / (wanting.length - k)));
    widths[i]! += give;
    left -= give;
  });
  return widths;
}

function cellRows(cells: readonly Seg[][], widths: readonly number[], align: readonly Align[]): Line[] {
  const wrapped = cells.map((c, i) => wrapSegs(c, widths[i]!));
  const height = Math.max(1, ...wrapped.map((w) => w.length));
  const out: Line[] = [];
  for (let r = 0; r < height; r++) {
    const line: Seg[] = [{text: '│', tone: 'muted'}];
    wrapped.forEach((w, i) => {
      const content = w[r] ?? [];
      const pad = widths[i]! - lineWidth(content);
      const a = align[i];
      const before = a === 'right' ? pad : a === 'center' ? Math.floor(pad / 2) : 0;
      line.push({text: ' '.repeat(before + 1)}, ...content, {text: ' '.repeat(pad - before + 1)}, {text: '│', tone: 'muted'});
    });
    out.push(line);
  }
  return out;
}

function border(left: string, mid: string, right: string, widths: readonly number[]): Line {
  return [{text: left + widths.map((w) => '─'.repeat(w + 2)).join(mid) + right, tone: 'muted'}];
}

// Each row becomes "header: value" lines, rows divided by a short rule.
function listLayout(header: readonly Seg[][], rows: readonly Seg[][][], ctx: MdContext): Line[] {
  const out: Line[] = [];
  rows.forEach((row, r) => {
    if (r > 0) out.push([{text: '─'.repeat(Math.min(ctx.width, 20)), tone: 'muted'}]);
    header.forEach((h, i) => {
      const label: Seg[] = h.length ? [...h, {text: ': ', bold: true}] : [];
      out.push(...wrapSegs([...label, ...(row[i] ?? [])], ctx.width));
    });
  });
  if (rows.length === 0) out.push(...wrapSegs(header.flatMap((h, i) => (i ? [{text: ' · '}, ...h] : h)), ctx.width));
  return out;
}

function longestWord(segs: readonly Seg[]): number {
  let best = 0;
  for (const word of segs.map((x) => x.text).join('').split(/\s+/)) best = Math.max(best, lineWidth([{text: word}]));
  return best;
}

function widthOf(segs: readonly Seg[]): number {
  let w = 0;
  for (const s of segs) w += lineWidth([s]);
  return w;
}
