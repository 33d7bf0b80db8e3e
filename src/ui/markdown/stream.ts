// A growing answer rendered without re-rendering what is already final.
// Blocks before the last one can no longer change as text is appended (a
// later line can only extend the last block: a list item, a table row, a
// fence), so each is lexed and laid out once; each delta re-lexes and lays
// out only the last block. A new width or colour mode lays out the finished
// blocks again from their kept tokens, without lexing.
import type {Token} from 'marked';
import type {Line} from '../line.js';
import {blockLines, blocksLines} from './blocks.js';
import type {MdContext} from './context.js';
import {cleanByLine, lexBlocks} from './source.js';

/** Characters of an unfinished paragraph above which its older lines are laid out on their own. */
export const LONG_PARAGRAPH = 8192;

/** How an answer is laid out. */
export interface MarkdownOptions {
  width: number;
  color: boolean;
  /** The answer is complete: the last block is final too (an unclosed fence is highlighted). */
  final?: boolean;
}

/** The rows of a complete markdown answer. */
export function markdownLines(text: string, o: MarkdownOptions): Line[] {
  return blocksLines(lexBlocks(cleanByLine(text)), {width: Math.max(1, o.width), color: o.color, depth: 0, final: o.final ?? true});
}

/** Incremental rendering of one answer that grows by appending. */
export class MarkdownStream {
  /** False once a long paragraph was cut while streaming: render the complete answer whole. */
  exact = true;
  /** The raw text consumed so far: complete lines only. */
  private source = '';
  /** The clean text of `source` that is not in a finished block yet. */
  private open = '';
  private readonly done: Token[] = [];
  private doneLines: Line[] = [];
  private gap = false;
  private layout = '';
  private tail?: {text: string; key: string; lines: Line[]};

  /** Rows of `text`, which must extend the text of the previous call (otherwise it starts over). */
  render(text: string, o: MarkdownOptions): Line[] {
    if (!text.startsWith(this.source)) this.reset();
    const ctx: MdContext = {width: Math.max(1, o.width), color: o.color, depth: 0, final: false};
    const key = `${ctx.width}:${ctx.color}`;
    if (key !== this.layout) this.relayout(ctx, key);
    const nl = text.lastIndexOf('\n');
    if (nl + 1 > this.source.length) {
      this.open += cleanByLine(text.slice(this.source.length, nl + 1));
      this.source = text.slice(0, nl + 1);
    }
    const partial = cleanByLine(text.slice(this.source.length));
    const final = o.final ?? false;
    const tailKey = `${key}:${final}`;
    let tailText = this.open + partial;
    if (this.tail?.text === tailText && this.tail.key === tailKey) return this.join(this.tail.lines);
    let tokens = lexBlocks(tailText);
    if (!final && tokens.reduce((n, t) => n + t.raw.length, 0) === tailText.length) {
      tokens = tokens.slice(this.settle(tokens, ctx));
      if (this.splitLongParagraph(tokens, ctx)) tokens = lexBlocks(this.open + partial);
      tailText = this.open + partial;
    }
    const lines = blocksLines(tokens, {...ctx, final});
    this.tail = {text: tailText, key: tailKey, lines};
    return this.join(lines);
  }

  // Moves the blocks before the last non-space one into `done`; returns how many.
  private settle(tokens: readonly Token[], ctx: MdContext): number {
    let last = tokens.length - 1;
    while (last >= 0 && tokens[last]!.type === 'space') last--;
    let i = 0;
    let used = 0;
    for (; i < last; i++) {
      const t = tokens[i]!;
      // Only blocks made of complete lines: the partial line is not final.
      if (used + t.raw.length > this.open.length) break;
      used += t.raw.length;
      this.done.push(t);
      this.place(t, ctx);
    }
    if (used > 0) this.open = this.open.slice(used);
    return i;
  }

  /**
   * A paragraph only ends at a blank line, so a long one streamed line by line
   * would be re-lexed whole on every delta. Past LONG_PARAGRAPH characters its
   * older lines are laid out as a paragraph of their own: the rows match the
   * whole paragraph's except that a row breaks at the cut line. The complete
   * answer is rendered whole again (see `exact`).
   */
  private splitLongParagraph(tokens: readonly Token[], ctx: MdContext): boolean {
    if (tokens[0]?.type !== 'paragraph' || this.open.length <= LONG_PARAGRAPH || tokens[0].raw.length < this.open.length - 1) return false;
    // Cut before a line that reads as a continuation wherever it starts (not a list, heading or indented code).
    let cut = this.open.lastIndexOf('\n', this.open.length - LONG_PARAGRAPH / 2);
    while (cut > 0 && !/^[\p{L}(["'“‘]/u.test(this.open.slice(cut + 1, cut + 2))) cut = this.open.lastIndexOf('\n', cut - 1);
    if (cut <= 0) return false;
    for (const t of lexBlocks(this.open.slice(0, cut + 1))) {
      this.done.push(t);
      this.place(t, ctx);
    }
    this.open = this.open.slice(cut + 1);
    this.exact = false;
    return true;
  }

  private place(t: Token, ctx: MdContext): void {
    if (t.type === 'space') {
      this.gap = this.doneLines.length > 0;
      return;
    }
    const lines = blockLines(t, ctx);
    if (lines.length === 0) return;
    if (this.gap) this.doneLines.push([]);
    this.gap = false;
    for (const l of lines) this.doneLines.push(l);
  }

  private join(tail: Line[]): Line[] {
    if (tail.length === 0) return this.doneLines.slice();
    return this.doneLines.length && this.gap ? [...this.doneLines, [], ...tail] : this.doneLines.concat(tail);
  }

  private relayout(ctx: MdContext, key: string): void {
    this.layout = key;
    this.doneLines = [];
    this.gap = false;
    this.tail = undefined;
    for (const t of this.done) this.place(t, ctx);
  }

  private reset(): void {
    this.exact = true;
    this.source = '';
    this.open = '';
    this.done.length = 0;
    this.doneLines = [];
    this.gap = false;
    this.tail = undefined;
  }
}
