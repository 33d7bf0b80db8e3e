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
