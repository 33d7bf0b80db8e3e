// Each markdown element, rendered by the conversation pane from a fixture
// answer at 80 and 160 columns, as the user sees it (lastFrame()).
import {describe, expect, it} from 'vitest';
import {ConversationPane} from '../../../src/ui/panes/conversation-pane.js';
import {cellWidth} from '../../../src/ui/text/cells.js';
import {createTheme} from '../../../src/ui/theme.js';
import {base, run} from '../fixtures.js';
import {renderAt} from '../render-at.js';
import {EVERYTHING, LONG_FENCE, WIDE_TABLE} from './fixtures.js';

/** The pane showing one finished answer, tall enough for all of it; the frame's inner rows (border and padding cut off). */
function draw(answer: string, columns: number, noColor = true): string[] {
  const s = run(base(), {type: 'user/submitted', text: 'explain'}, {type: 'model/responded', content: [{type: 'text', text: answer}], stopReason: 'end_turn'}, {type: 'turn/finished'});
  const ui = renderAt(<ConversationPane items={s.conversation.items} scroll={s.ui.scroll.conversation} width={columns} height={90} focused={false} step="" now={0} theme={createTheme(noColor)} />, columns);
  const frame = ui.lastFrame();
  ui.unmount();
  const rows = frame.split('\n');
  for (const r of rows) expect(cellWidth(r), `row wider than the pane: ${r}`).toBeLessThanOrEqual(columns);
  return rows.slice(1, -1).map((r) => r.slice(2, -2).trimEnd()).filter((r, i, all) => r !== '' || (i > 0 && all[i - 1] !== ''));
}

const row = (rows: string[], re: RegExp) => rows.find((r) => re.test(r));

describe.each([80, 160])('an answer in markdown at %i columns', (columns) => {
  const rows = draw(EVERYTHING, columns);
  const text = rows.join('\n');

  it('shows no markdown syntax where it has a rendering', () => {
    expect(text).not.toContain('**');
    expect(text).not.toContain('~~');
    expect(text).not.toContain('```');
    expect(text).not.toMatch(/\|[-:]+\|/);
    expect(text).not.toContain('](');
    expect(text).not.toMatch(/^ *[-*] \[[ x]\]/m);
  });

  it('headings keep their level marks', () => {
    expect(row(rows, /^ *# Pagination in MCP$/)).toBeDefined();
    expect(row(rows, /^ *## Steps$/)).toBeDefined();
  });

  it('emphasis and inline code are shown without their marks (code keeps backticks under NO_COLOR)', () => {
    expect(text).toContain('The list is paginated: keep asking with `cursor` until nextCursor');
    expect(text).toContain('or not');
  });

  it('links are their text followed by the URL; bare URLs once', () => {
    expect(text).toMatch(/the spec\s+\(https:\/\/modelcontextprotocol\.io\/specification\)/);
    expect(text).toContain('https://example.com/x.');
    expect(text).not.toContain('https://example.com/x (https://example.com/x)');
  });

  it('ordered, nested and task lists', () => {
    expect(row(rows, /^ *1\. Send `tools\/list`\.$/)).toBeDefined();
    expect(row(rows, /^ *3\. Stop\.$/)).toBeDefined();
    const nested = row(rows, /◦ a cursor: ask again/)!;
    expect(nested.indexOf('◦')).toBeGreaterThan(row(rows, /2\. Read the page:/)!.indexOf('2.'));
    expect(row(rows, /^ *☑ checked item$/)).toBeDefined();
    expect(row(rows, /^ *☐ open item$/)).toBeDefined();
  });

  it('block quotes carry a bar on every row they wrap to', () => {
    const from = rows.findIndex((r) => /^ *│ Quoted/.test(r));
    const to = rows.findIndex((r, i) => i > from && !/^ *│ /.test(r));
    const quoted = rows.slice(from, to);
    const words = quoted.map((r) => r.replace(/^ *│ /, '')).join(' ');
    expect(words).toContain('Quoted advice that is long enough to wrap around a pane of eighty columns, more than once if it has to.');
    if (columns === 80) expect(quoted.length).toBeGreaterThan(1);
  });

  it('a horizontal rule', () => {
    expect(row(rows, /^ *─{20,}$/)).toBeDefined();
  });

  it('a table drawn as a grid, columns aligned as the answer asked', () => {
    const grid = rows.filter((r) => /^ *[┌├└│]/.test(r) && /[┐┤┘│]$/.test(r) && !/^ *│ [^│]*$/.test(r));
    expect(grid.length).toBe(6);
    expect(new Set(grid.map((r) => cellWidth(r))).size).toBe(1);
    expect(row(grid, /│ notes +│ +modern +│ +3 │/)).toBeDefined(); // left, centre, right
    expect(row(grid, /│ tickets +│ +legacy +│ +14 │/)).toBeDefined();
  });

  it('a code fence names its language, shows its code and closes', () => {
    const at = rows.findIndex((r) => /┌ ts$/.test(r));
    expect(at).toBeGreaterThan(0);
    expect(rows[at + 1]).toMatch(/│ const pages: number = 2; \/\/ two pages$/);
    expect(rows[at + 2]).toMatch(/└$/);
  });
});

describe('narrow panes', () => {
  it('a table too wide for 80 columns becomes a list of "header: value" rows; at 160 it is a grid', () => {
    const narrow = draw(WIDE_TABLE, 80);
    expect(narrow.join('\n')).not.toContain('┬');
    expect(narrow.some((r) => /^ *Alias: notes$/.test(r))).toBe(true);
    expect(narrow.some((r) => /^ *Environment: TICKETS_DB=\/var\/lib\/tickets\/tickets\.sqlite$/.test(r))).toBe(true);
    const wide = draw(WIDE_TABLE, 160);
    expect(wide.some((r) => r.includes('┬'))).toBe(true);
    expect(wide.join('\n')).not.toContain('Alias: notes');
  });

  it('a fence with a long line wraps it, each continuation row marked ↪, nothing lost', () => {
    for (const columns of [80, 160]) {
      const rows = draw(LONG_FENCE, columns);
      const code = rows.filter((r) => /^ *│[ ↪]/.test(r));
      expect(code.length).toBeGreaterThan(1);
      expect(code.slice(1).every((r) => /^ *│↪/.test(r))).toBe(true);
      const joined = code.map((r) => r.replace(/^ *│[ ↪]/, '')).join('');
      expect(joined).toContain('--read-only --verbose --end-marker-XYZ');
    }
  });
});

describe('with colours', () => {
  it('inline code loses its backticks when a colour can show it', () => {
    const rows = draw(EVERYTHING, 80, false);
    expect(rows.join('\n')).toContain('keep asking with cursor until');
  });
});
