// A growing answer: each delta re-lexes only the unfinished last block, and
// the rows are exactly those of the whole text rendered from scratch.
import fc from 'fast-check';
import {describe, expect, it, vi} from 'vitest';
import {lineText, type Line} from '../../../src/ui/line.js';
import {markdownLines, MarkdownStream} from '../../../src/ui/markdown/index.js';
import {LONG_PARAGRAPH} from '../../../src/ui/markdown/stream.js';
import * as source from '../../../src/ui/markdown/source.js';
import {EVERYTHING, LONG_FENCE, WIDE_TABLE} from './fixtures.js';

vi.mock('../../../src/ui/markdown/source.js', async (load) => {
  const real = await load<typeof import('../../../src/ui/markdown/source.js')>();
  return {...real, lexBlocks: vi.fn(real.lexBlocks)};
});

const ANSWER = [EVERYTHING, WIDE_TABLE, LONG_FENCE, '1. one\n\n2. two\n\n   more of two\n\nSetext\n---\n\n    indented code\n\n    more\n\nend'].join('\n');

/** Prefixes of `text` ending at the cut points, in order. */
function chunks(text: string, cuts: number[]): string[] {
  const at = [...new Set(cuts)].sort((a, b) => a - b);
  return [...at, text.length].map((end) => text.slice(0, end)).filter((p, i, all) => i === 0 || p !== all[i - 1]);
}

// Cuts anywhere, and often just after a line break: where a block may look finished but is not.
const LINE_ENDS = [...ANSWER.matchAll(/\n/g)].map((m) => m.index + 1);
const cut = fc.oneof(fc.integer({min: 0, max: ANSWER.length}), fc.constantFrom(...LINE_ENDS));

describe('streaming markdown', () => {
  it('renders every prefix exactly as the prefix rendered whole, however the text is cut', () => {
    fc.assert(
      fc.property(fc.array(cut, {maxLength: 60}), fc.constantFrom(30, 80, 160), (cuts, width) => {
        const stream = new MarkdownStream();
        for (const prefix of chunks(ANSWER, cuts)) {
          expect(stream.render(prefix, {width, color: true})).toEqual(markdownLines(prefix, {width, color: true, final: false}));
        }
        expect(stream.render(ANSWER, {width, color: true, final: true})).toEqual(markdownLines(ANSWER, {width, color: true}));
      }),
      {numRuns: 25},
    );
  });

  it('lexes only the unfinished tail: the text lexed per delta stays small while the answer grows', () => {
    const lex = vi.mocked(source.lexBlocks);
    const paragraphs = Array.from({length: 300}, (_, i) => `Paragraph ${i} says something about **servers** and \`tools\`.\n\n`).join('');
    const stream = new MarkdownStream();
    lex.mockClear();
    let text = '';
    for (let i = 0; i < paragraphs.length; i += 7) {
      text = paragraphs.slice(0, i + 7);
      stream.render(text, {width: 80, color: true});
    }
    const lexed = lex.mock.calls.map(([src]) => src.length);
    expect(text.length).toBeGreaterThan(15_000);
    expect(Math.max(...lexed)).toBeLessThan(200);
    // Rendering the same text again lexes nothing.
    lex.mockClear();
    stream.render(text, {width: 80, color: true});
    expect(lex).not.toHaveBeenCalled();
  });

  it('a paragraph of many lines (no blank line) is lexed in bounded pieces; its words and their order are kept', () => {
    const lex = vi.mocked(source.lexBlocks);
    const lines = Array.from({length: 2000}, (_, i) => `line ${i} of a paragraph that never ends`);
    const stream = new MarkdownStream();
    lex.mockClear();
    let text = '';
    for (const line of lines) stream.render((text += `${line}\n`), {width: 80, color: true});
    expect(text.length).toBeGreaterThan(5 * LONG_PARAGRAPH);
    expect(Math.max(...lex.mock.calls.map(([src]) => src.length))).toBeLessThan(LONG_PARAGRAPH + 100);
    const words = (l: Line[]) => l.map(lineText).join(' ').split(/\s+/).filter(Boolean);
    const streamed = stream.render(text, {width: 80, color: true});
    expect(words(streamed)).toEqual(words(markdownLines(text, {width: 80, color: true})));
    // The cut is provisional: the complete answer is rendered whole.
    expect(stream.exact).toBe(false);
  });

  it('a new width lays the finished blocks out again without lexing them', () => {
    const stream = new MarkdownStream();
    stream.render(EVERYTHING, {width: 80, color: true});
    const lex = vi.mocked(source.lexBlocks);
    lex.mockClear();
    const narrow = stream.render(EVERYTHING, {width: 40, color: true});
    expect(lex.mock.calls.map(([src]) => src)).toEqual(['Last line.\n']);
    expect(narrow).toEqual(markdownLines(EVERYTHING, {width: 40, color: true, final: false}));
  });

  it('a code fence stays plain while open and is highlighted once closed', () => {
    const tones = (lines: Line[]) => new Set(lines.flat().map((s) => s.tone).filter((t) => t?.startsWith('syntax-')));
    const stream = new MarkdownStream();
    const open = stream.render('Code:\n\n```ts\nconst x: number = 1; // note\n', {width: 80, color: true});
    expect(tones(open).size).toBe(0);
    expect(open.map(lineText)).toContain('┌ ts …');
    const closed = stream.render('Code:\n\n```ts\nconst x: number = 1; // note\n```\n', {width: 80, color: true});
    expect([...tones(closed)]).toEqual(expect.arrayContaining(['syntax-keyword', 'syntax-number', 'syntax-comment']));
    expect(closed.map(lineText)).toContain('└');
    // An answer that ends inside a fence is highlighted when it is complete.
    expect(tones(markdownLines('```ts\nconst x = 1;', {width: 80, color: true})).size).toBeGreaterThan(0);
  });

  it('escape sequences in model text stay inert, even cut across deltas', () => {
    const hostile = 'Title\x1b]0;pwned\x07 **bold\x1b[2J** and `co\x1b]52;c;aGVsbG8=\x07de`\r\n\x9b31mred\u202e\n\n| a\x1b[1m | b |\n|---|---|\n| 1 | 2\x07 |\n';
    const stream = new MarkdownStream();
    let lines: Line[] = [];
    for (let i = 1; i <= hostile.length; i++) lines = stream.render(hostile.slice(0, i), {width: 80, color: true});
    for (const l of [...lines, ...markdownLines(hostile, {width: 80, color: true})]) {
      // Nothing a terminal acts on: no C0 or C1 controls, no ESC, no bidi overrides.
      expect(lineText(l)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    }
    const text = lines.map(lineText).join('\n');
    expect(text).toContain('Title bold and code');
    expect(text).toContain('red');
    expect(text).toMatch(/│ a +│ b +│/);
  });
});
