import {render} from 'ink-testing-library';
import {describe, expect, it} from 'vitest';
import {StatusLine, type StatusLineProps} from '../../src/ui/panes/status-line.js';
import {createTheme} from '../../src/ui/theme.js';

const props = (over: Partial<StatusLineProps>): StatusLineProps => ({
  width: 80,
  model: {label: 'offline scripted model', offline: true},
  servers: '1/1 online · 8 tools · ~466 tool tokens (est.)',
  turn: 'idle',
  step: '',
  focus: 'input',
  notice: null,
  queued: false,
  theme: createTheme(false),
  ...over,
});

// At 80 columns the servers' label fills the second row before its turn mark:
// the first row said "ready" while a call ran.
describe('the status rows at 80 columns', () => {
  it('say a turn is running, not "ready", when no notice is up', () => {
    const running = render(<StatusLine {...props({turn: 'running', step: 'step 1/10'})} />).lastFrame()!.split('\n');
    expect(running[0]).toContain('◐ step 1/10');
    expect(running[0]).not.toContain('ready');
    const cancelling = render(<StatusLine {...props({turn: 'cancelling'})} />).lastFrame()!.split('\n');
    expect(cancelling[0]).toContain('■ cancelling…');
    expect(render(<StatusLine {...props({})} />).lastFrame()!.split('\n')[0]).toContain('ready');
  });
});

// The row held the servers, the table's size and a hint that did not fit: at
// 80 columns it ended "~696 tool tokens (est…", the keys cut away mid-word.
describe('the key hints of the status row', () => {
  const second = (over: Partial<StatusLineProps>) => render(<StatusLine {...props({servers: '2/2 online · 7 tools', cost: '~696 tool tokens (est.)', ...over})} />).lastFrame()!.split('\n')[1]!;

  it('keep the keys whole at 80 columns, leaving the table size out first', () => {
    const idle = second({});
    expect(idle.trimEnd()).toBe(' OFFLINE  offline scripted model │ 2/2 online · 7 tools │ /help · Ctrl-C quit');
    expect(second({turn: 'running', step: 'step 1/10'}).trimEnd()).toBe(' OFFLINE  │ 2/2 online · 7 tools │ ◐ step 1/10 │ /help · Ctrl-C cancel');
    expect(second({width: 120}).trimEnd()).toBe(' OFFLINE  offline scripted model │ 2/2 online · 7 tools · ~696 tool tokens (est.) │ /help · Ctrl-C quit');
    expect(second({width: 140}).trimEnd()).toContain('~696 tool tokens (est.) │ Enter send · Tab panes · /help · Ctrl-C quit');
  });

  it.each([40, 48, 56, 64, 72, 80, 90, 100, 110])('cut no hint mid-word at %i columns, whatever the focus and the turn', (width) => {
    const hintParts = new Set(['Enter send', 'Tab panes', '↑↓ PgUp PgDn scroll', '/help', 'Ctrl-C quit', 'Ctrl-C cancel', '↑↓ scroll', '←→ card', 'Enter result', 'Esc input', 'Tab next', '↑↓ PgUp PgDn Home End scroll', '↑↓ PgUp PgDn scroll', '←→ choose a tool card', 'Enter its whole result', 'the dialog above takes the keys']);
    for (const focus of ['input', 'conversation', 'catalog'] as const) {
      for (const turn of ['idle', 'running'] as const) {
        for (const dialog of [false, true]) {
          const row = second({width, focus, turn, step: 'step 1/10', dialog});
          expect(row).not.toContain('…');
          const hint = row.trimEnd().split(' │ ').at(-1)!;
          if (hint.includes('step ') || hint.includes('online')) continue; // no hint fits at all
          for (const part of hint.split(' · ')) expect(hintParts, `"${part}" in "${row}"`).toContain(part);
        }
      }
    }
  });
});

// A long notice ended mid-word at 80 columns ("… stderr logs: /home/u/.local/st").
describe('a notice longer than the row', () => {
  it('is cut after a whole word, with "…"', () => {
    const text = 'everything sent 31 requests for your input in 2 s; declined the rest automatically (decline all from this server: d)';
    const first = render(<StatusLine {...props({notice: {id: 1, level: 'warn', text}})} />).lastFrame()!.split('\n')[0]!.trimEnd();
    expect(first.length).toBeLessThanOrEqual(80);
    expect(first).toMatch(/ …$/);
    const shown = first.slice(2, -2);
    // Every word shown is a whole word of the notice.
    expect(text.startsWith(shown)).toBe(true);
    expect(text[shown.length]).toBe(' ');
  });
});
