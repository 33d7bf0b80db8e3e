// A code fence: a header naming the language, the code behind a bar, a footer
// once the fence is closed. Highlighted only when closed (or when the answer
// is complete): a fence still streaming stays plain, so highlighting costs
// once per fence, never once per delta. Long lines wrap; each continuation
// row starts with ↪ in place of the bar's space, so a wrapped line never
// reads as two lines of code.
import type {Tokens} from 'marked';
import {cutRows} from '../text/cut-rows.js';
import type {Line, Seg} from '../line.js';
import type {MdContext} from './context.js';
import {grammarFor, highlightLines} from './highlight.js';

const TAB = '    ';

/** Rows of a fenced or indented code block. */
export function codeLines(token: Tokens.Code, ctx: MdContext): Line[] {
  const closed = ctx.final || isClosed(token);
  const lang = (token.lang ?? '').trim();
  const code = token.text.replace(/\t/g, TAB);
  const grammar = closed && lang ? grammarFor(lang) : undefined;
  const lines: Seg[][] = grammar ? highlightLines(code, grammar) : code.split('\n').map((l) => (l ? [{text: l}] : []));
  const w = Math.max(2, ctx.width - 2);
  const out: Line[] = [[{text: '┌ ', tone: 'muted'}, {text: lang || 'code', tone: 'muted', italic: true}, ...(closed ? [] : [{text: ' …', tone: 'muted' as const}])]];
  for (const line of lines) {
    cutRows(line, w).forEach((row, i) => out.push([{text: i === 0 ? '│ ' : '│↪', tone: 'muted'}, ...row]));
  }
  if (closed) out.push([{text: '└', tone: 'muted'}]);
  return out;
}

/** A fence is closed when its last line repeats the opening run of ` or ~ (indented blocks always are). */
export function isClosed(token: Tokens.Code): boolean {
  const raw = token.raw.replace(/\n+$/, '');
  const open = /^ {0,3}(`{3,}|~{3,})/.exec(raw);
  if (!open) return true;
  const lastBreak = raw.lastIndexOf('\n');
  if (lastBreak < 0) return false;
  const last = raw.slice(lastBreak + 1).trim();
  return last.length >= open[1]!.length && [...last].every((c) => c === open[1]![0]);
}
