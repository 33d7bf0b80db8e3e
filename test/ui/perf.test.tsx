// Work grows with the rows on screen, not with the list: typing re-renders
// the input line only, and a big catalog or transcript is laid out a window at a time.
import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {createStore} from '../../src/state/store.js';
import {App} from '../../src/ui/app/app.js';
import * as catalogRows from '../../src/ui/panes/catalog-rows.js';
import * as itemLines from '../../src/ui/panes/item-lines.js';
import {createTheme} from '../../src/ui/theme.js';
import {base, catalog, entry, run} from './fixtures.js';
import {fakeDriver, typeKeys, waitForFrame} from '../helpers/ui.js';

vi.mock('../../src/ui/panes/catalog-rows.js', async (load) => {
  const real = await load<typeof import('../../src/ui/panes/catalog-rows.js')>();
  return {...real, catalogLines: vi.fn(real.catalogLines)};
});
vi.mock('../../src/ui/panes/item-lines.js', async (load) => {
  const real = await load<typeof import('../../src/ui/panes/item-lines.js')>();
  return {...real, itemLines: vi.fn(real.itemLines)};
});

afterEach(cleanup);

function bigState() {
  const tools = Array.from({length: 2000}, (_, i) => entry(i % 2 ? 'notes' : 'tickets', `tool_${i}`, {title: `Tool number ${i}`}));
  let s = run(base(), {type: 'catalog/rebuilt', catalog: catalog(tools)});
  for (let i = 0; i < 250; i++) {
    s = run(s, {type: 'user/submitted', text: `question ${i}`}, {type: 'model/responded', content: [{type: 'text', text: `answer ${i}`}], stopReason: 'end_turn'}, {type: 'turn/finished'});
  }
  return s;
}

describe('a big catalog and a long conversation', () => {
  it('lay out only the visible rows, and typing re-lays nothing', async () => {
    const state = bigState();
    expect(state.conversation.items).toHaveLength(500);
    const store = createStore(state);
    const driver = fakeDriver();
    const ui = render(<App store={store} driver={driver} theme={createTheme(true)} onQuit={() => {}} />);
    await waitForFrame(ui.lastFrame, (f) => f.includes('answer 249') && f.includes('Tools 2000'), 'the first frame');
    const rowCalls = vi.mocked(catalogRows.catalogLines).mock.calls.length;
    const itemCalls = vi.mocked(itemLines.itemLines).mock.calls.length;
    // A window, not the list: at most a screenful per render (a few renders while measuring).
    expect(rowCalls).toBeGreaterThan(0);
    expect(rowCalls).toBeLessThan(100);
    expect(itemCalls).toBeGreaterThan(0);
    expect(itemCalls).toBeLessThan(200);

    await typeKeys(ui.stdin, 'hello catalog');
    await waitForFrame(ui.lastFrame, (f) => f.includes('› hello catalog'), 'the typed text');
    expect(vi.mocked(catalogRows.catalogLines).mock.calls.length).toBe(rowCalls);
    expect(vi.mocked(itemLines.itemLines).mock.calls.length).toBe(itemCalls);
    expect(ui.lastFrame()!.split('\n').length).toBeLessThanOrEqual(39);
  });
});
