// Result cards people can read: JSON indented and folded, images and links
// summarised, and a card's whole result opened, scrolled and closed with keys.
import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import type {AppState} from '../../src/state/app-state.js';
import {resultText} from '../../src/hub/content/index.js';
import type {ContentBlock} from '../../src/session/mcp-types.js';
import {createStore} from '../../src/state/store.js';
import {App} from '../../src/ui/app/app.js';
import {ConversationPane} from '../../src/ui/panes/conversation-pane.js';
import {createTheme} from '../../src/ui/theme.js';
import {base, requested, run} from './fixtures.js';
import {fakeDriver, keyGap, waitForFrame} from '../helpers/ui.js';

afterEach(cleanup);
const theme = createTheme(true);
const PNG_20 = 'iVBORw0KGgoAAAANSUhEUgAAABQAAAAUCAYAAACNiR0NAAAAAXNSR0IArs4c6QAAAARnQU1BAACxjwv8YQUAAAAJcEhZcwAADsMAAA7DAcdvqGQAAAAZSURBVDhPY/j/fwYDBQYwMjMzjIrSn4sAg8gCfbYfpNsAAAAASUVORK5CYII=';
const ROWS = Array.from({length: 30}, (_, i) => ({id: `T-${100 + i}`, title: `Ticket number ${i}`}));

function withResults(...results: Array<{content: ContentBlock[]; structuredContent?: unknown}>): AppState {
  let s = run(base(), {type: 'user/submitted', text: 'show me', at: 1});
  results.forEach((r, i) => {
    s = requested(s, `c${i}`, 'tickets', `tool${i}`, {page: i});
    s = run(s, {type: 'call/started', callId: `c${i}`, at: 1}, {type: 'call/completed', callId: `c${i}`, result: {durationMs: 5, text: resultText(r), ...r}});
  });
  return run(s, {type: 'model/responded', content: [{type: 'text', text: 'All done.'}], stopReason: 'end_turn'}, {type: 'turn/finished'});
}

const draw = (s: AppState, height = 60) =>
  render(<ConversationPane items={s.conversation.items} scroll={s.ui.scroll.conversation} width={100} height={height} focused={false} step="" now={0} theme={theme} />).lastFrame()!;

describe('result cards', () => {
  it('arguments that were not JSON (a cut-off call) show as written, not as a quoted string', () => {
    let s = run(base(), {type: 'user/submitted', text: 'find', at: 1});
    s = requested(s, 'c0', 'notes', 'search', '{"query": "pag');
    const frame = draw(s);
    expect(frame).toContain('args {"query": "pag');
    expect(frame).not.toContain('\\"query');
  });

  it('JSON text is indented and folded after six lines, saying how many more there are', () => {
    const frame = draw(withResults({content: [{type: 'text', text: JSON.stringify({tickets: ROWS})}]}));
    expect(frame).toContain('│ {');
    expect(frame).toContain('│   "tickets": [');
    expect(frame).toContain('│       "id": "T-100",');
    expect(frame).not.toContain('T-101');
    const total = JSON.stringify({tickets: ROWS}, null, 2).split('\n').length;
    expect(frame).toContain(`╰ … ${total - 6} more lines`);
  });

  it('structuredContent is shown indented, and its text copy is not shown twice', () => {
    const data = {temperature: 22, conditions: 'Cloudy'};
    const frame = draw(withResults({content: [{type: 'text', text: JSON.stringify(data)}], structuredContent: data}));
    expect(frame.match(/"temperature": 22/g)).toHaveLength(1);
    expect(frame).toContain('"conditions": "Cloudy"');
  });

  it('text keeps its lines; images, audio, links and resources are one line each', () => {
    const frame = draw(
      withResults({
        content: [
          {type: 'text', text: 'first line\n\tsecond, indented'},
          {type: 'image', data: PNG_20, mimeType: 'image/png'},
          {type: 'audio', data: Buffer.alloc(48 * 1024).toString('base64'), mimeType: 'audio/wav'},
          {type: 'resource_link', uri: 'file:///srv/report.pdf', name: 'report', mimeType: 'application/pdf'},
        ],
      }),
    );
    expect(frame).toContain('│ first line');
    expect(frame).toContain('│   second, indented');
    expect(frame).toMatch(/\[image 20×20 png, \d+ bytes\]/);
    expect(frame).toContain('[audio wav, 48 KB]');
    expect(frame).toContain('↗ report file:///srv/report.pdf (application/pdf)');
  });
});

describe('a card’s whole result', () => {
  it('← chooses a card, Enter opens its whole result, ↓ and End scroll it, Esc closes it', async () => {
    const s = withResults({content: [{type: 'text', text: 'short'}]}, {content: [{type: 'text', text: JSON.stringify({tickets: ROWS})}]});
    const store = createStore(s);
    const ui = render(<App store={store} driver={fakeDriver()} theme={theme} onQuit={() => {}} />);
    await waitForFrame(ui.lastFrame, (f) => f.includes('All done.'), 'the conversation');
    ui.stdin.write('\t');
    await waitForFrame(ui.lastFrame, (f) => f.includes('▸ Conversation'), 'the conversation focused');
    ui.stdin.write('\u001b[D'); // ←
    let frame = await waitForFrame(ui.lastFrame, (f) => f.includes('┏ mcp__tickets__tool1'), 'the newest card chosen');
    expect(frame).toContain('Enter: whole result');
    expect(store.getState().ui.selectedCall).toBe('c1');
    await keyGap();
    ui.stdin.write('\r');
    frame = await waitForFrame(ui.lastFrame, (f) => f.includes('Result · mcp__tickets__tool1'), 'the result pane');
    expect(frame).toContain('"page": 1');
    expect(frame).toContain('"id": "T-100"');
    expect(frame).not.toContain('T-129');
    expect(frame).toMatch(/rows 1–\d+ of \d+/);
    ui.stdin.write('\u001b[B'); // ↓
    await waitForFrame(ui.lastFrame, (f) => /rows 2–/.test(f), 'one row down');
    ui.stdin.write('\u001b[F'); // End
    frame = await waitForFrame(ui.lastFrame, (f) => f.includes('"id": "T-129"'), 'the end of the result');
    expect(frame).not.toContain('"page": 1');
    ui.stdin.write('\u001b');
    frame = await waitForFrame(ui.lastFrame, (f) => f.includes('▸ Conversation'), 'back to the conversation');
    expect(store.getState().ui.result).toBeNull();
  });
});
