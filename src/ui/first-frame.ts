// The first frame, drawn before Ink, React and the app's modules are loaded
// (they take most of a start: BENCHMARKS.md, startup). It has the layout the
// app will have, with empty panes, so the screen shows the app's shape at
// once and the real frame replaces it in place. Plain text: no colours, no
// Ink; the terminal goes raw here so early keys are kept, not echoed.
import {innerCols} from './components/frame-size.js';
import {computeLayout, type Rect} from './layout.js';

/** The rows of a pane frame with a title and one line of text inside. */
function pane(rect: Rect, title: string, text: string): string[] {
  if (rect.height < 2 || rect.width < 6) return [];
  const top = `╭─ ${title} ${'─'.repeat(Math.max(0, rect.width - title.length - 5))}╮`;
  const inner = innerCols(rect.width);
  const row = (t: string) => `│ ${t.slice(0, inner).padEnd(inner)} │`;
  const rows = [top];
  for (let i = 0; i < rect.height - 2; i++) rows.push(row(i === 0 ? text : ''));
  rows.push(`╰${'─'.repeat(rect.width - 2)}╯`);
  return rows;
}

/** The first frame's rows for a terminal of `columns` × `rows`; `serverCount` sizes the Servers pane as the app will. */
function firstFrameLines(columns: number, rows: number, serverCount: number): string[] {
  const layout = computeLayout({columns, rows, traceVisible: false, serverCount, dialogRows: 0});
  const conversation = pane(layout.conversation, 'Conversation', 'starting…');
  const catalog = pane(layout.catalog, 'Tools', '');
  const servers = pane(layout.servers, 'Servers', 'starting…');
  const right = [...catalog, ...servers];
  const lines = layout.stacked ? [...conversation, ...right] : conversation.map((l, i) => l + (right[i] ?? ''));
  lines.push('›  ask a question, or /help', 'starting…');
  return lines;
}

/** The first frame's text for a terminal of `columns` × `rows`; `serverCount` sizes the Servers pane as the app will. */
export function firstFrameText(columns: number, rows: number, serverCount: number): string {
  return firstFrameLines(columns, rows, serverCount).join('\r\n');
}

/**
 * What rewrites the first frame's status line (its last, "starting…") with a
 * text: the servers' progress while the app itself still loads. The row is
 * worked out once, not per text: the last text is written when the last
 * server answers, and laying the whole frame out again there delayed it.
 */
export function firstFrameStatus(columns: number, rows: number, serverCount: number): (text: string) => string {
  const row = firstFrameLines(columns, rows, serverCount).length;
  const width = Math.max(0, columns - 1);
  return (text) => `\u001b[${row};1H\u001b[2K${text.slice(0, width)}`;
}
