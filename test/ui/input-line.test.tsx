// The input line's own editor keeps every key, however fast they come: in
// one stdin chunk (a paste, or keys typed before the app read them) or in
// writes 0–1 ms apart, well inside one frame. Keys go through the real key
// router and reach the store in order. (ink-text-input 6.0.0 loses such
// keys: it edits a copy of its value taken at the last render.)
import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {createStore} from '../../src/state/store.js';
import {App} from '../../src/ui/app/app.js';
import {createTheme} from '../../src/ui/theme.js';
import {base} from './fixtures.js';
import {waitFor, waitForFrame} from '../helpers/wait.js';
import {fakeDriver} from '../helpers/ui.js';

afterEach(cleanup);

const TEXT = 'the quick brown fox jumps over the lazy dog 0123456789 ÅÉÎ 🦊 end';

function app() {
  const store = createStore(base({columns: 140, rows: 30}));
  const asked: string[] = [];
  const driver = {...fakeDriver(), ask: vi.fn((t: string) => (asked.push(t), true))};
  const ui = render(<App store={store} driver={driver} theme={createTheme(true)} onQuit={() => {}} />);
  return {store, ui, asked};
}

const chars = (text: string) => [...text];

describe('the input line under fast typing', () => {
  it('a whole line in one chunk, Enter included, arrives in order', async () => {
    const {ui, asked} = app();
    await waitForFrame(ui.lastFrame, (f) => f.includes('Conversation'), 'the first frame');
    ui.stdin.write(`${TEXT}\r`);
    await waitFor(() => asked.length === 1, 'the question sent');
    expect(asked).toEqual([TEXT]);
  });

  it('one write per key, 0 ms apart (within one frame)', async () => {
    const {ui, store, asked} = app();
    for (const ch of chars(TEXT)) ui.stdin.write(ch);
    // Nothing rendered in between: the store has every key already.
    expect(store.getState().ui.input.value).toBe(TEXT);
    await waitForFrame(ui.lastFrame, (f) => f.includes('0123456789 ÅÉÎ'), 'the typed line');
    ui.stdin.write('\r');
    await waitFor(() => asked.length === 1, 'the question sent');
    expect(asked).toEqual([TEXT]);
  });

  it('one write per key, 1 ms apart, with edits (backspace, arrows) between them', async () => {
    const {ui, store, asked} = app();
    // Fixed sleep 3 of 3: 1 ms between writes is the very condition under test.
    const gap = () => new Promise((r) => setTimeout(r, 1));
    for (const ch of chars('helo wrld')) {
      ui.stdin.write(ch);
      await gap();
    }
    // Fix both typos without waiting for a frame: ← × 3, "o", ← × 3 … the keys are the subject.
    for (const key of ['\u001b[D', '\u001b[D', '\u001b[D', 'o', '\u001b[D', '\u001b[D', '\u001b[D', '\u001b[D', 'l']) {
      ui.stdin.write(key);
      await gap();
    }
    expect(store.getState().ui.input.value).toBe('hello world');
    ui.stdin.write('\r');
    await waitFor(() => asked.length === 1, 'the question sent');
    expect(asked).toEqual(['hello world']);
  });
});
