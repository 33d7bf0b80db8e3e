// The rows of an assistant message: its markdown rendered. A message still
// streaming keeps one MarkdownStream (by item id, checked against its text),
// so a delta lays out only the block it extends; the few streams kept are
// dropped once their message is complete.
import type {AssistantItem} from '../../state/app-state.js';
import {markdownLines, MarkdownStream} from '../markdown/index.js';
import {joinStyles, seg, type Line} from '../line.js';

/** Streams kept at most (one per message streaming now; more only in tests and replays). */
const MAX_STREAMS = 4;
const streams = new Map<number, MarkdownStream>();

/** Rows of `item` at `width` (the two-cell indent included). */
export function answerLines(item: AssistantItem, width: number, color: boolean): Line[] {
  const inner = Math.max(1, width - 2);
  let body: Line[];
  if (item.streaming) {
    body = streamFor(item.id).render(item.text, {width: inner, color});
  } else {
    const stream = streams.get(item.id);
    streams.delete(item.id);
    // The stream already holds the finished blocks; otherwise lex it whole, once.
    body = stream?.exact ? stream.render(item.text, {width: inner, color, final: true}) : markdownLines(item.text, {width: inner, color});
  }
  const lines: Line[] = body.length ? body.map(indented) : [[INDENT]];
  if (item.streaming) lines[lines.length - 1] = [...lines[lines.length - 1]!, seg('▍', 'accent')];
  return lines;
}

const INDENT = seg('  ');
// The rows of finished blocks are the same objects frame after frame: indent
// each once, joining neighbours of one style (fewer Ink nodes per row: a table
// row is a dozen pieces otherwise).
const indentedRows = new WeakMap<Line, Line>();
function indented(line: Line): Line {
  let row = indentedRows.get(line);
  if (!row) indentedRows.set(line, (row = joinStyles([INDENT, ...line])));
  return row;
}

function streamFor(id: number): MarkdownStream {
  let s = streams.get(id);
  if (s) return s;
  if (streams.size >= MAX_STREAMS) streams.delete(streams.keys().next().value!);
  streams.set(id, (s = new MarkdownStream()));
  return s;
}
