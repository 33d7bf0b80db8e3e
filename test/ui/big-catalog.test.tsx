// What the panes show of big catalogs: each server's tool tokens (estimated
// or counted), and a tool search as a card of its own.
import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {cardLines} from '../../src/ui/panes/card-lines.js';
import {ServersPane} from '../../src/ui/panes/servers-pane.js';
import {createTheme} from '../../src/ui/theme.js';
import {toolTokens} from '../../src/state/tool-tokens.js';
import {base, catalog, entry, run} from './fixtures.js';

const theme = createTheme(true);
afterEach(cleanup);

describe('tool tokens in the Servers pane', () => {
  const table = catalog([entry('notes', 'search', {description: 'x'.repeat(3_500)}), entry('notes', 'read')], 4);
  const online = run(
    base({servers: [{alias: 'notes'}]}),
    {type: 'server/online', alias: 'notes', era: 'legacy', protocolVersion: '2025-06-18', serverName: 'n', toolCount: 2, pages: 1, discoveryMs: 5},
    {type: 'catalog/rebuilt', catalog: table},
  );
  const draw = (state: typeof online, width: number) =>
    render(<ServersPane servers={state.servers} tokens={toolTokens(state)} scroll={state.ui.scroll.servers} width={width} height={8} focused={false} theme={theme} />).lastFrame()!;

  it('shows the estimate with a ~, in the narrow and the wide layout', () => {
    expect(draw(online, 62)).toMatch(/2 tools in 1 page · ~1\.0k tokens/);
    expect(draw(online, 100)).toMatch(/2 tools in 1 page · ~1\.0k tokens/);
  });

  it('shows the API count without a ~ once this catalog version is counted, and ignores a stale count', () => {
    const counted = run(online, {type: 'tool-tokens/counted', version: 4, byAlias: {notes: 2345}, total: 2345});
    expect(draw(counted, 62)).toMatch(/2 tools in 1 page · 2\.3k tokens/);
    expect(run(online, {type: 'tool-tokens/counted', version: 3, byAlias: {notes: 2345}, total: 2345})).toBe(online);
  });
});

describe('a tool search card', () => {
  it('says breakerbox answered it and shows what was found', () => {
    const state = run(
      base(),
      {type: 'user/submitted', text: 'read a note'},
      {type: 'call/requested', callId: 's1', name: 'search_tools', arguments: {query: 'read a note'}},
      {type: 'call/started', callId: 's1'},
      {type: 'call/completed', callId: 's1', result: {durationMs: 1, text: 'Found 1 tool; call them by these names:\nmcp__notes__read — Read a note.'}},
    );
    const card = state.conversation.items.find((i) => i.kind === 'tool-call')!;
    const text = cardLines(card as never, 80, 0).map((l) => l.map((s) => s.text).join('')).join('\n');
    expect(text).toContain('search_tools → tool search (answered by breakerbox)');
    expect(text).toContain('mcp__notes__read — Read a note.');
  });

  it("says the model API answered a search it ran itself", () => {
    const state = run(
      base(),
      {type: 'user/submitted', text: 'read a note'},
      {type: 'call/requested', callId: 'srv1', name: 'tool_search_tool_bm25', arguments: {query: 'read note'}},
      {type: 'call/started', callId: 'srv1'},
      {type: 'call/completed', callId: 'srv1', result: {durationMs: 0, text: 'Found 1 tool; call them by these names:\nmcp__notes__read — Read a note.'}},
    );
    const card = state.conversation.items.find((i) => i.kind === 'tool-call')!;
    const text = cardLines(card as never, 80, 0).map((l) => l.map((s) => s.text).join('')).join('\n');
    expect(text).toContain('tool_search_tool_bm25 → tool search (answered by the model API)');
    expect(text).toContain('mcp__notes__read — Read a note.');
  });
});
