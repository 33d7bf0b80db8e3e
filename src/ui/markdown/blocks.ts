// Block tokens → rows. Every block is laid out at the width it is given;
// lists and quotes narrow it for what they contain. Blank lines between
// blocks follow the answer's own (marked's `space` tokens).
import type {Token, Tokens} from 'marked';
import type {Line, Seg} from '../line.js';
import {codeLines} from './code.js';
import {narrower, type MdContext} from './context.js';
import {inlineSegs} from './inline.js';
import {tableLines} from './table.js';
import {prefixRows, wrapSegs} from './wrap-segs.js';

/** Rows of a sequence of block tokens, one blank row where the answer had blank lines (none at either end). */
export function blocksLines(tokens: readonly Token[], ctx: MdContext): Line[] {
  const out: Line[] = [];
  let gap = false;
  for (const t of tokens) {
    if (t.type === 'space') {
      gap = out.length > 0;
      continue;
    }
    const lines = blockLines(t, ctx);
    if (lines.length === 0) continue;
    if (gap) out.push([]);
    gap = false;
    out.push(...lines);
  }
  return out;
}

/** Rows of one block token. */
export function blockLines(t: Token, ctx: MdContext): Line[] {
  switch (t.type) {
    case 'space':
    case 'def':
      return [];
    case 'heading':
      return heading(t as Tokens.Heading, ctx);
    case 'paragraph':
    case 'text':
      return wrapSegs(t.tokens ? inlineSegs(t.tokens, ctx) : [{text: t.text}], ctx.width);
    case 'code':
      return codeLines(t as Tokens.Code, ctx);
    case 'table':
      return tableLines(t as Tokens.Table, ctx);
    case 'blockquote':
      return quote(t as Tokens.Blockquote, ctx);
    case 'list':
      return listLines(t as Tokens.List, ctx);
    case 'hr':
      return [[{text: '─'.repeat(Math.max(1, Math.min(ctx.width, 60))), tone: 'muted'}]];
    case 'html':
      return rawLines(t.text as string, ctx, 'muted');
    default:
      // A block type from a later marked: show what was written.
      return rawLines(String(t.raw ?? ''), ctx);
  }
}

// Text shown as written (HTML blocks): line by line, tabs as spaces.
function rawLines(text: string, ctx: MdContext, tone?: Seg['tone']): Line[] {
  return text
    .replace(/\n+$/, '')
    .replace(/\t/g, '    ')
    .split('\n')
    .flatMap((l) => wrapSegs([tone ? {text: l, tone} : {text: l}], ctx.width));
}

// `## Title`: the marks stay (muted), so the level reads without colour or bold.
function heading(t: Tokens.Heading, ctx: MdContext): Line[] {
  const mark: Seg = {text: `${'#'.repeat(t.depth)} `, tone: 'muted'};
  const rows = wrapSegs(inlineSegs(t.tokens, ctx, {tone: 'heading', bold: true, underline: t.depth === 1}), Math.max(1, ctx.width - mark.text.length));
  return prefixRows(rows, [mark], [{text: ' '.repeat(mark.text.length)}]);
}

function quote(t: Tokens.Blockquote, ctx: MdContext): Line[] {
  const inner = blocksLines(t.tokens, narrower(ctx, 2));
  const bar: Seg = {text: '│ ', tone: 'quote'};
  return inner.map((l) => [bar, ...l.map((s) => (s.tone ? s : {...s, italic: true}))]);
}

const BULLETS = ['•', '◦', '▪'];

function listLines(t: Tokens.List, ctx: MdContext): Line[] {
  const start = typeof t.start === 'number' ? t.start : 1;
  const marks = t.items.map((item, i) => (item.task ? (item.checked ? '☑' : '☐') : t.ordered ? `${start + i}.` : BULLETS[ctx.depth % BULLETS.length]!));
  const indent = Math.max(...marks.map((m) => m.length)) + 1;
  const inner: MdContext = {...narrower(ctx, indent), depth: ctx.depth + 1};
  const out: Line[] = [];
  t.items.forEach((item, i) => {
    if (i > 0 && t.loose) out.push([]);
    const body = blocksLines(item.task ? item.tokens.filter((x) => x.type !== 'checkbox') : item.tokens, inner);
    if (body.length === 0) body.push([]);
    const mark = marks[i]!.padStart(t.ordered ? indent - 1 : marks[i]!.length).padEnd(indent);
    out.push(...prefixRows(body, [{text: mark, tone: 'accent'}], [{text: ' '.repeat(indent)}]));
  });
  return out;
}
