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

type Align = 'left' | 'right' | 'center' | null;

/** Rows of a table at `ctx.width`. */
export function tableLines(token: Tokens.Table, ctx: MdContext): Line[] {
  const header = token.header.map((c) => inlineSegs(c.tokens, ctx, {bold: true}));
  const rows = token.rows.map((r) => r.map((c) => inlineSegs(c.tokens, ctx)));
  const n = header.length;
  const natural = header.map((h, i) => Math.max(1, widthOf(h), ...rows.map((r) => widthOf(r[i] ?? []))));
  const room = ctx.width - (3 * n + 1);
  if (n === 0 || room < n * Math.min(MIN_COLUMN, Math.min(...natural))) return listLayout(header, rows, ctx);
  const widths = fitColumns(natural, room);
  if (widths.some((w, i) => w < Math.min(MIN_COLUMN, natural[i]!))) return listLayout(header, rows, ctx);
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

/** Column widths summing to at most `room`: narrow columns keep their width, wide ones share the rest. */
export function fitColumns(natural: readonly number[], room: number): number[] {
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= room) return [...natural];
  const widths = new Array<number>(natural.length).fill(0);
  const order = natural.map((w, i) => [w, i] as const).sort((a, b) => a[0] - b[0]);
  let left = room;
  order.forEach(([w, i], k) => {
    const share = Math.floor(left / (order.length - k));
    widths[i] = Math.max(1, Math.min(w, share));
    left -= widths[i]!;
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

function widthOf(segs: readonly Seg[]): number {
  let w = 0;
  for (const s of segs) w += lineWidth([s]);
  return w;
}
