// /export and /copy in the UI: the conversation as markdown through the host,
// the last answer to the clipboard only when asked.
import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {createStore} from '../../src/state/store.js';
import {App} from '../../src/ui/app/app.js';
import type {UiHost} from '../../src/ui/app/host.js';
import {createTheme} from '../../src/ui/theme.js';
import {osc52} from '../../src/util/osc52.js';
import {base, requested, run} from './fixtures.js';
import {fakeDriver, typeLine, waitForFrame} from '../helpers/ui.js';

afterEach(cleanup);

const ANSWER = 'The list **ends** when `nextCursor` is absent.\u001b]52;c;ZXZpbA==\u0007';

function setup() {
  let s = run(base(), {type: 'user/submitted', text: 'search my notes', at: 1});
  s = requested(s, 'c1', 'notes', 'search', {query: 'pagination'});
  s = run(
    s,
    {type: 'call/started', callId: 'c1', at: 1},
    {type: 'call/completed', callId: 'c1', result: {durationMs: 4, text: '{"matches":[{"id":"n2"}]}', content: [{type: 'text', text: '{"matches":[{"id":"n2"}]}'}]}},
    {type: 'model/failed', message: 'overloaded (529)'},
    {type: 'turn/failed', message: 'overloaded (529)'},
    {type: 'user/submitted', text: 'try again', at: 2},
    {type: 'model/responded', content: [{type: 'text', text: ANSWER}], stopReason: 'end_turn'},
    {type: 'turn/finished'},
  );
  const host = {
    session: '2026-11-30T04-12-33-ab12',
    cwd: '/home/someone',
    now: () => new Date('2026-12-01T00:00:00Z'),
    writeExport: vi.fn((_markdown: string, file?: string) => `/home/someone/${file ?? 'breakerbox-x.md'}`),
    copyToClipboard: vi.fn(),
  } satisfies UiHost;
  const ui = render(<App store={createStore(s)} driver={fakeDriver()} theme={createTheme(true)} onQuit={() => {}} host={host} />);
  return {ui, host};
}

describe('/export and /copy', () => {
  it('/export [file] writes the conversation as markdown: questions, calls with arguments and results, errors, answers', async () => {
    const {ui, host} = setup();
    await waitForFrame(ui.lastFrame, (f) => f.includes('nextCursor'), 'the conversation');
    await typeLine(ui.stdin, '/export talk.md');
    await waitForFrame(ui.lastFrame, (f) => f.includes('exported the conversation to /home/someone/talk.md'), 'the notice');
    expect(host.writeExport).toHaveBeenCalledTimes(1);
    const [md, file] = host.writeExport.mock.calls[0]!;
    expect(file).toBe('talk.md');
    expect(md).toContain('- session: 2026-11-30T04-12-33-ab12');
    expect(md).toContain('## Question\n\nsearch my notes');
    expect(md).toContain('### Tool call `mcp__notes__search` (notes / search): ok');
    expect(md).toContain('```json\n{\n  "query": "pagination"\n}\n```');
    expect(md).toContain('```json\n{\n  "matches": [\n    {\n      "id": "n2"\n    }\n  ]\n}\n```');
    expect(md).toContain('> **error:** Model request failed: overloaded (529)');
    expect(md).toContain('## Answer\n\nThe list **ends** when `nextCursor` is absent.');
    expect(md).not.toContain('\u001b');
  });

  it('/export without a file lets the host pick the name, and reports a failure', async () => {
    const {ui, host} = setup();
    await typeLine(ui.stdin, '/export');
    await waitForFrame(ui.lastFrame, (f) => f.includes('exported the conversation to /home/someone/breakerbox-x.md'), 'the default name');
    expect(host.writeExport.mock.calls[0]![1]).toBeUndefined();
    host.writeExport.mockImplementation(() => {
      throw new Error('/home/someone/talk.md already exists; give another file name (nothing was overwritten)');
    });
    await typeLine(ui.stdin, '/export talk.md');
    await waitForFrame(ui.lastFrame, (f) => f.includes('/export: /home/someone/talk.md already exists'), 'the error');
  });

  it('/copy sends the last answer to the clipboard only when typed', async () => {
    const {ui, host} = setup();
    await waitForFrame(ui.lastFrame, (f) => f.includes('nextCursor'), 'the conversation');
    expect(host.copyToClipboard).not.toHaveBeenCalled();
    await typeLine(ui.stdin, '/copy');
    await waitForFrame(ui.lastFrame, (f) => f.includes('copied the last answer'), 'the notice');
    expect(host.copyToClipboard).toHaveBeenCalledExactlyOnceWith(ANSWER);
  });

  it('the clipboard escape carries the text, sanitised, in base64', () => {
    expect(osc52('hi\u001b[2J there')).toBe(`\u001b]52;c;${Buffer.from('hi there').toString('base64')}\u0007`);
  });
});
