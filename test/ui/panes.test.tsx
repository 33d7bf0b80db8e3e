import {render} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {cleanup} from 'ink-testing-library';
import {CatalogPane} from '../../src/ui/panes/catalog-pane.js';
import {ConversationPane} from '../../src/ui/panes/conversation-pane.js';
import {ServersPane} from '../../src/ui/panes/servers-pane.js';
import {TracePane} from '../../src/ui/panes/trace-pane.js';
import {createTheme} from '../../src/ui/theme.js';
import {base, catalog, entry, requested, run, sampleCatalog} from './fixtures.js';
import {rowsOf} from '../helpers/ui.js';

const theme = createTheme(true);
afterEach(cleanup);

describe('catalog pane', () => {
  const state = run(base(), {type: 'catalog/rebuilt', catalog: sampleCatalog()});
  const draw = (filter = '', height = 14) =>
    render(<CatalogPane catalog={state.catalog} filter={filter} scroll={state.ui.scroll.catalog} width={90} height={height} focused={false} starting={false} theme={theme} />).lastFrame()!;

  it('shows both search tools side by side with their servers, marked as a shared name', () => {
    const rows = rowsOf(draw());
    const notes = rows.findIndex((r) => r.includes('mcp__notes__search'));
    const tickets = rows.findIndex((r) => r.includes('mcp__tickets__search'));
    expect(notes).toBeGreaterThan(0);
    // Two rows per tool: the tickets one follows the notes one directly.
    expect(tickets).toBe(notes + 2);
    expect(rows[notes + 1]).toContain('notes / search');
    expect(rows[notes + 1]).toContain('⇄ shared');
    expect(rows[tickets + 1]).toContain('tickets / search');
    expect(rows[0]).toContain('1 shared name');
  });

  it('flags a hashed long name and shows the original name', () => {
    const frame = draw('', 20);
    const row = rowsOf(frame).find((r) => r.includes('mcp__tickets__export_every_single_ticket_in_th'))!;
    expect(row).toContain('· #hashed mcp__tickets__');
    expect(frame).toContain('tickets / export_every_single_ticket');
  });

  it('marks annotations of an untrusted server as claims, and a trusted one as fact', () => {
    const rows = rowsOf(draw('', 20));
    expect(rows.find((r) => r.includes('mcp__tickets__close_ticket'))).toMatch(/\(claims\) ⚠ destructive idempotent/);
    const notes = rows.find((r) => r.includes('mcp__notes__read_note'))!;
    expect(notes).toContain('✓ mcp__notes__read_note');
    expect(notes).toContain('read-only');
    expect(notes).not.toContain('(claims)');
  });

  it('shows the start of each description beside the title, cut at the edge', () => {
    const described = run(base(), {
      type: 'catalog/rebuilt',
      catalog: catalog([
        entry('memory', 'read_graph', {title: 'Read graph', description: '[from memory] Read the entire knowledge graph', originalDescription: 'Read the entire knowledge graph'}),
        entry('memory', 'search_nodes', {description: '[from memory] Search for nodes in the knowledge graph based on a query, matching names, types and observation content everywhere'}),
      ]),
    });
    const rows = rowsOf(render(<CatalogPane catalog={described.catalog} filter="" scroll={described.ui.scroll.catalog} width={70} height={8} focused={false} starting={false} theme={theme} />).lastFrame()!);
    expect(rows.find((r) => r.includes('memory / read_graph'))).toMatch(/“Read graph” {2}Read the entire knowledge/);
    const search = rows.find((r) => r.includes('memory / search_nodes'))!;
    expect(search).toContain('Search for nodes in the knowledge');
    expect(search).not.toContain('[from memory]');
    expect(search).not.toContain('everywhere');
  });

  it('keeps every row in place when focus moves to it', () => {
    const el = (focused: boolean) => <CatalogPane catalog={state.catalog} filter="" scroll={state.ui.scroll.catalog} width={90} height={8} focused={focused} starting={false} theme={theme} />;
    const r = render(el(false));
    r.rerender(el(true));
    const rows = rowsOf(r.lastFrame()!);
    expect(rows[0]).toContain('▸ Tools');
    expect(rows[1]).toContain('mcp__notes__search');
    expect(rows).toHaveLength(8);
  });

  it('filters, and says what is hidden below without drawing more rows than it has', () => {
    const frame = draw('notes');
    expect(frame).toContain('filter “notes”');
    expect(frame).not.toContain('mcp__tickets__close_ticket');
    const small = draw('', 6);
    expect(rowsOf(small)).toHaveLength(6);
    expect(small).toContain('… 3 more');
  });
});

describe('servers pane', () => {
  const state = run(
    base(),
    {type: 'server/online', alias: 'notes', era: 'modern', protocolVersion: '2026-07-28', serverName: 'notes-server', toolCount: 4, pages: 2, discoveryMs: 120},
    {type: 'server/call-finished', alias: 'notes', tool: 'search', durationMs: 7},
    {type: 'server/restarting', alias: 'tickets', attempt: 2, reason: 'server exited with code 1'},
    {type: 'server/offline', alias: 'broken', phase: 'handshake', reason: 'no answer within 10000 ms (startupTimeoutMs)', at: 1},
  );
  const draw = (width: number, height: number) => render(<ServersPane servers={state.servers} scroll={state.ui.scroll.servers} width={width} height={height} focused={false} theme={theme} />).lastFrame()!;

  it('in a narrow pane: three rows each, with era, version, self-reported name and numbers', () => {
    const frame = draw(62, 11);
    expect(frame).toMatch(/● notes +online +modern era · 2026-07-28 · trusted/);
    expect(frame).toContain('reports itself as “notes-server”');
    expect(frame).toContain('4 tools in 2 pages · found in 120 ms · last call 7 ms');
    expect(frame).toMatch(/✘ broken +offline/);
    expect(frame).toContain('the handshake failed (phase: handshake)');
    expect(frame).toContain('reason: no answer within 10000 ms (startupTimeoutMs)');
    expect(frame).toMatch(/↻ tickets +restarting 2/);
    expect(rowsOf(frame)).toHaveLength(11);
  });

  it('in a wide pane: two rows each, the same facts', () => {
    const frame = draw(100, 8);
    expect(frame).toMatch(/● notes +online +modern era · 2026-07-28 · 4 tools in 2 pages · trusted/);
    expect(frame).toContain('reports itself as “notes-server” · found in 120 ms · last call 7 ms');
    expect(frame).toMatch(/✘ broken +offline +the handshake failed \(phase: handshake\)/);
    expect(frame).toContain('reason: no answer within 10000 ms (startupTimeoutMs)');
    expect(rowsOf(frame)).toHaveLength(8);
  });
});

describe('conversation pane', () => {
  const draw = (state: ReturnType<typeof base>, height = 30) =>
    render(<ConversationPane items={state.conversation.items} scroll={state.ui.scroll.conversation} width={90} height={height} focused={false} step="" now={0} theme={theme} />).lastFrame()!;
  const turn = run(base(), {type: 'user/submitted', text: 'close things', at: 1}, {type: 'model/requested', step: 3, maxSteps: 10});

  it('tells a tool error (isError) from a protocol error', () => {
    let s = requested(turn, 'c1', 'tickets', 'close_ticket', {id: 'T-999'});
    s = requested(s, 'c2', 'notes', 'search', {query: 'x'});
    s = run(
      s,
      {type: 'call/started', callId: 'c1', at: 1},
      {type: 'call/completed', callId: 'c1', result: {isError: true, durationMs: 12, text: 'No ticket with id "T-999".'}},
      {type: 'call/started', callId: 'c2', at: 1},
      {type: 'call/completed', callId: 'c2', result: {isError: true, protocolError: {code: -32602, message: 'Invalid params'}, failure: 'protocol', durationMs: 3, text: 'MCP error -32602'}},
    );
    const frame = draw(s);
    expect(frame).toContain('╭ mcp__tickets__close_ticket → tickets / close_ticket');
    expect(frame).toContain('✘ tool error (isError) in 12 ms');
    expect(frame).toContain('No ticket with id "T-999".');
    expect(frame).toContain('⚠ protocol error -32602: Invalid params in 3 ms');
    expect(frame).toContain('args {"id":"T-999"}');
  });

  it('shows a running call with progress, a denied call, and the step limit notice', () => {
    let s = requested(turn, 'c1', 'notes', 'search');
    s = requested(s, 'c2', 'tickets', 'close_ticket');
    s = run(
      s,
      {type: 'call/started', callId: 'c1', at: Date.now()},
      {type: 'call/progress', callId: 'c1', progress: 2, total: 5, message: 'indexing'},
      {type: 'call/approval-asked', callId: 'c2', trusted: false},
      {type: 'call/denied', callId: 'c2'},
      {type: 'call/completed', callId: 'c2', result: {durationMs: 0, isError: true, text: 'The user declined the call'}},
    );
    const running = draw(s);
    expect(running).toMatch(/◐ running \d+ ms · 2\/5 \(40%\) indexing/);
    expect(running).toContain('⊘ denied by you: not run');
    // The denial is what the model is told; the card does not repeat it.
    expect(running).not.toContain('The user declined');
    s = run(s, {type: 'turn/step-limit-reached', maxSteps: 10});
    expect(draw(s)).toContain('⚠ Stopped after 10 steps: the step limit was reached.');
  });

  it('draws only the rows it has for a long conversation, following the end', () => {
    let s = base();
    for (let i = 0; i < 500; i++) s = run(s, {type: 'user/submitted', text: `question ${i}`}, {type: 'model/responded', content: [{type: 'text', text: `answer ${i}`}], stopReason: 'end_turn'}, {type: 'turn/finished'});
    const frame = draw(s, 12);
    expect(rowsOf(frame)).toHaveLength(12);
    expect(frame).toContain('answer 499');
    expect(frame).not.toContain('answer 495');
    expect(frame).toMatch(/↑ \d+ earlier/);
  });
});

describe('trace pane', () => {
  it('shows the handshake, pages with cursors, and the stderr tail', () => {
    const s = run(
      base(),
      {type: 'trace/recorded', alias: 'notes', entry: {at: 0, direction: 'out', kind: 'request', summary: '→ #1 server/discover (version 2026-07-28)'}},
      {type: 'trace/recorded', alias: 'notes', entry: {at: 42, direction: 'in', kind: 'response', summary: '← #1 result (supports 2026-07-28)'}},
      {type: 'trace/recorded', alias: 'notes', entry: {at: 0, direction: 'note', kind: 'era', summary: 'modern era: server/discover answered'}},
      {type: 'trace/recorded', alias: 'notes', entry: {at: 0, direction: 'note', kind: 'page', summary: 'tools/list page 0: 2 tools, cursor in (none) → out "p2"'}},
      {type: 'trace/recorded', alias: 'notes', entry: {at: 0, direction: 'in', kind: 'stderr', summary: 'notes-server ready'}},
    );
    const frame = render(<TracePane alias="notes" ring={s.traces.notes} scroll={s.ui.scroll.trace} width={100} height={12} focused={false} theme={theme} />).lastFrame()!;
    expect(frame).toContain('Trace notes · 5 messages');
    expect(frame).toContain('← #1 result (supports 2026-07-28)  +42 ms');
    expect(frame).toContain('→ #1 server/discover');
    expect(frame).toContain('cursor in (none) → out "p2"');
    expect(frame).toContain('stderr│ notes-server ready');
    expect(rowsOf(frame)).toHaveLength(12);
  });

  it('a remote server (no process, no stderr) gives its rows to the trace: at 80×24 four entries, not one', () => {
    let s = base();
    for (let i = 1; i <= 8; i++) s = run(s, {type: 'trace/recorded', alias: 'tmcp', entry: {at: i, direction: 'note', kind: 'page', summary: `tools/list page ${i}: 1 tool`}});
    const draw = (remote: boolean) => render(<TracePane alias="tmcp" ring={s.traces.tmcp} logFile="/state/logs/tmcp.log" remote={remote} scroll={s.ui.scroll.trace} width={80} height={7} focused={false} theme={theme} />).lastFrame()!;
    const remote = draw(true);
    expect(remote).not.toContain('stderr');
    expect(remote).toContain('── log: /state/logs/tmcp.log');
    expect(remote.match(/tools\/list page \d/g)).toHaveLength(4);
    expect(remote).toContain('tools/list page 8');
    expect(draw(false).match(/tools\/list page \d/g)).toHaveLength(1);
    expect(rowsOf(remote)).toHaveLength(7);
  });
});