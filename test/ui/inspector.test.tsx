// The inspector as a person uses it, in the real app: the bundled servers,
// the odd-names fixture and the official server-everything, keys typed one
// at a time, frames waited for.
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {buildApp, type App as BuiltApp} from '../../src/cli/app.js';
import {parseLines, rebuildHistory, SessionRecorder} from '../../src/sessions/index.js';
import {App} from '../../src/ui/app/app.js';
import {createTheme} from '../../src/ui/theme.js';
import {cliOptions, keyGap, ROOT, testEnv, typeKeys, typeLine, waitForFrame} from '../helpers/ui.js';

let built: BuiltApp | undefined;
afterEach(async () => {
  cleanup();
  await built?.driver.shutdown();
  built = undefined;
});

const node = (file: string, extra: Record<string, unknown> = {}) => ({command: process.execPath, args: [join(ROOT, file)], ...extra});
const EVERYTHING = {command: process.execPath, args: [join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js')], startupTimeoutMs: 120_000};

/** The real app on its own config, with a session file, rendered at 100×40. */
async function start(servers: Record<string, unknown>) {
  const config = join(mkdtempSync(join(tmpdir(), 'bb-inspect-')), 'mcp.config.json');
  writeFileSync(config, JSON.stringify({mcpServers: servers}));
  const env = testEnv();
  const recorder = SessionRecorder.create({env});
  built = await buildApp(cliOptions({config}), env, {interactive: true, trace: true, listExtras: true, columns: 100, rows: 40, recorder});
  const ui = render(<App store={built.store} driver={built.driver} theme={createTheme(true)} onQuit={() => {}} />);
  void built.driver.start();
  const frame = (p: (f: string) => boolean, what: string) => waitForFrame(ui.lastFrame, p, what);
  const online = Object.keys(servers).length;
  await frame((f) => f.includes(`${online}/${online} online`), 'every server online');
  return {app: built, ui, frame, recorder, env};
}

/** Esc until the conversation is back. */
async function back(ui: {stdin: {write(s: string): void}; lastFrame(): string | undefined}) {
  for (let i = 0; i < 4 && !ui.lastFrame()!.includes('Conversation'); i++) {
    ui.stdin.write('\u001b');
    await waitForFrame(ui.lastFrame, (f) => !f.includes('▸ Call by hand') || f.includes('Conversation'), 'a view closed').catch(() => undefined);
  }
  await waitForFrame(ui.lastFrame, (f) => f.includes('Conversation'), 'the conversation');
}

// Each test starts real servers and types key by key: room for a loaded machine.
const SLOW = {timeout: 240_000};

describe('the tool detail view', SLOW, () => {
  it('shows how a sanitised, a colliding (hashed) and a shared name were derived; Enter on a catalog row opens it', async () => {
    const {app, ui, frame} = await start({odd: node('test/fixtures/odd-names.mjs'), notes: node('servers/notes.mjs')});
    const names = app.store.getState().catalog.entries.filter((e) => e.alias === 'odd');
    const sanitised = names.find((e) => e.tool === 'run sql!')!.name;
    const hashed = names.find((e) => e.tool === 'lookup.v2')!.name;

    await typeLine(ui.stdin, `/tool ${sanitised}`);
    const s = await frame((f) => f.includes(`▸ Tool ${sanitised}`) && f.includes('Model name'), 'the sanitised tool');
    expect(s).toContain('→ odd / run sql!');
    expect(s).toContain('sanitised: " " "!" became "_"');
    expect(s).toContain('Description as the server sent it');
    expect(s).toContain('[from odd] The tool called run sql!.');
    expect(s).toContain('Annotations');
    await back(ui);

    await typeLine(ui.stdin, `/tool ${hashed}`);
    const h = await frame((f) => f.includes(`▸ Tool ${hashed}`) && f.includes('Model name'), 'the hashed tool');
    expect(h).toContain('collided: mcp__odd__lookup_v2 is already odd / lo');
    expect(h).toContain(`hash: _${hashed.slice(-8)} (SHA-256`);
    await back(ui);

    await typeLine(ui.stdin, '/tool mcp__odd__search');
    const shared = await frame((f) => f.includes('▸ Tool mcp__odd__search') && f.includes('shared:'), 'the shared name');
    expect(shared).toContain('shared: “search” is also on notes');
    expect(shared).toContain('listed on  page 1 of 1');
    await back(ui);

    // A name that does not exist stays in the input, with what is near it.
    await typeLine(ui.stdin, '/tool lookup');
    await frame((f) => f.includes('no tool called “lookup”') && f.includes('mcp__odd__lookup_v2'), 'the near names');
    for (let i = 0; i < '/tool lookup'.length; i++) ui.stdin.write('\u007f');
    await keyGap();

    // Tab to the Tools pane: Enter opens the highlighted row.
    const first = app.store.getState().catalog.entries[0]!.name;
    for (let i = 0; i < 5 && app.store.getState().ui.focus !== 'catalog'; i++) {
      ui.stdin.write('\t');
      await keyGap();
    }
    await frame(() => app.store.getState().ui.focus === 'catalog', 'the Tools pane focused');
    ui.stdin.write('\r');
    await frame((f) => f.includes(`▸ Tool ${first}`), 'the highlighted tool');
  });
});

describe('calls by hand', SLOW, () => {
  it('with the form (c in the tool view) and with JSON (/call): the result raw and rendered, the trace marks it yours, the session file keeps it, the model never sees it', async () => {
    const {app, ui, frame, recorder, env} = await start({notes: node('servers/notes.mjs', {autoApprove: ['search']}), everything: EVERYTHING});

    // Form: server-everything's get-sum, two number fields; its rules ask first.
    await typeLine(ui.stdin, '/tool mcp__everything__get-sum');
    await frame((f) => f.includes('▸ Tool mcp__everything__get-sum') && f.includes('[c] call it by hand'), 'the tool view');
    ui.stdin.write('c');
    await frame((f) => f.includes('▸ Call by hand mcp__everything__get-sum') && f.includes('Arguments'), 'the form');
    await typeKeys(ui.stdin, '2');
    ui.stdin.write('\r');
    await keyGap();
    await typeKeys(ui.stdin, '40');
    ui.stdin.write('\r');
    await frame((f) => f.includes('waiting for your approval') && f.includes('[y] allow once'), 'the approval');
    ui.stdin.write('y');
    const sum = await frame((f) => f.includes('status  ok in'), 'the sum');
    expect(sum).toContain('The sum of 2 and 40 is 42.');
    expect(sum).toContain('Raw (JSON)');
    expect(sum).toContain('"type": "text"');
    expect(sum).toContain('output schema  none');

    // JSON, with an output schema that the result meets.
    await back(ui);
    await typeLine(ui.stdin, '/call mcp__everything__get-structured-content {"location":"Chicago"}');
    await frame((f) => f.includes('waiting for your approval'), 'the approval of the JSON call');
    ui.stdin.write('a');
    const structured = await frame((f) => f.includes('status  ok in'), 'the structured result');
    expect(structured).toContain('output schema  valid');
    expect(structured).toContain('"structuredContent"');

    // The bundled notes server (modern era), auto-approved by the rules: no question.
    await back(ui);
    await typeLine(ui.stdin, '/call mcp__notes__search {"query":"pagination"}');
    const notes = await frame((f) => f.includes('▸ Call by hand mcp__notes__search') && f.includes('status  ok in'), 'the notes result');
    expect(notes).toContain('MCP pagination notes');
    await back(ui);

    // The trace pane marks these as the user's.
    const trace = app.store.getState().traces.notes!.entries.filter((e) => e.kind === 'user').map((e) => e.summary);
    expect(trace).toEqual([expect.stringContaining('call by hand (you, not the model): mcp__notes__search'), expect.stringMatching(/call by hand: mcp__notes__search → ok in \d+ ms/)]);

    // The model never saw them; the session file keeps them, marked, and a resume leaves them out.
    expect(app.driver.history).toEqual([]);
    await typeLine(ui.stdin, 'search my notes for pagination');
    await frame((f) => f.includes('From mcp__notes__search'), 'a model turn');
    const {records} = parseLines(readFileSync(recorder.path, 'utf8'));
    const manual = records.filter((r) => r.record.type === 'manual-call').map((r) => r.record as {call: {by: string; name: string; arguments: unknown; isError: boolean}});
    expect(manual.map((m) => [m.call.by, m.call.name, m.call.arguments])).toEqual([
      ['user', 'mcp__everything__get-sum', {a: 2, b: 40}],
      ['user', 'mcp__everything__get-structured-content', {location: 'Chicago'}],
      ['user', 'mcp__notes__search', {query: 'pagination'}],
    ]);
    const rebuilt = rebuildHistory(records);
    expect(rebuilt.warnings).toEqual([]);
    expect(JSON.stringify(rebuilt.history)).not.toContain('get-sum');
    expect(rebuilt.history[0]).toEqual({role: 'user', content: [{type: 'text', text: 'search my notes for pagination'}]});
    expect(env.XDG_STATE_HOME).toBeDefined();
  });

  it('the server rejects: a JSON-RPC error and an isError result are told apart; a long call shows progress and Esc cancels it', async () => {
    const {ui, frame} = await start({odd: node('test/fixtures/odd-names.mjs', {autoApprove: ['fail']}), tickets: node('servers/tickets.mjs', {autoApprove: ['get_ticket']}), everything: EVERYTHING});

    await typeLine(ui.stdin, '/call mcp__odd__fail {}');
    const rpc = await frame((f) => f.includes('status  protocol error -32603'), 'the protocol error');
    expect(rpc).toContain('Rendered');
    expect(rpc).toContain('"error": {');
    expect(rpc).toContain('"code": -32603,');
    expect(rpc).not.toContain('"isError"');
    await back(ui);

    // /call sends the JSON as typed (the form checks it first): the server judges it.
    await typeLine(ui.stdin, '/call mcp__tickets__get_ticket {"id":5}');
    const rejected = await frame((f) => f.includes('status  tool error (isError)'), 'the rejection');
    expect(rejected).toContain('Invalid arguments for get_ticket');
    expect(rejected).toContain('"isError": true');
    await back(ui);

    await typeLine(ui.stdin, '/call mcp__everything__trigger-long-running-operation {"duration":60,"steps":60}');
    await frame((f) => f.includes('waiting for your approval'), 'the approval');
    ui.stdin.write('y');
    await frame((f) => /progress {2}\d+\/60/.test(f), 'progress');
    ui.stdin.write('\u001b');
    await frame((f) => f.includes('status  cancelled after'), 'the cancelled call');
  });
});

describe('resources, prompts, relist, server detail and logs', SLOW, () => {
  it('lists resources of both eras, reads text and summarises binary; a prompt with completions becomes the user turn', async () => {
    const {app, ui, frame} = await start({notes: node('servers/notes.mjs', {autoApprove: ['search', 'read_note', 'list_recent']}), everything: EVERYTHING});

    await typeLine(ui.stdin, '/resources');
    const list = await frame((f) => f.includes('▸ Resources of every server') && f.includes('everything:demo://'), 'the resources');
    expect(list).toContain('notes:notes://n1  “Deployment runbook”');
    expect(list).toContain('notes:notes://{id}');
    ui.stdin.write('\u001b[B');
    await keyGap();
    ui.stdin.write('\r');
    const text = await frame((f) => f.includes('▸ Resource notes:notes://n2') && f.includes('read in'), 'the text resource');
    expect(text).toContain('# MCP pagination notes');
    await back(ui);

    await typeLine(ui.stdin, '/resources notes');
    await frame((f) => f.includes('▸ Resources of notes'), 'one server');
    for (let i = 0; i < 8; i++) ui.stdin.write('\u001b[B');
    await keyGap();
    ui.stdin.write('\r');
    const binary = await frame((f) => f.includes('▸ Resource notes:notes://attachments/logo.png') && f.includes('binary'), 'the binary resource');
    expect(binary).toContain('binary image/png, 70 bytes: not shown');
    await back(ui);

    // @ offers resources; the chosen one is read and attached to the question with its source.
    await typeKeys(ui.stdin, 'what changed in @notes:notes://n');
    await frame((f) => f.includes('→ @notes:notes://n1') && f.includes('@notes:notes://n2'), 'the resource suggestions');
    await typeKeys(ui.stdin, '2?');
    ui.stdin.write('\r');
    await frame((f) => f.includes('[attached resource') && app.driver.history.length > 0, 'the attachment in the turn');
    const asked = app.driver.history[0]!.content[0] as {type: string; text: string};
    expect(asked.text).toMatch(/^what changed in @notes:notes:\/\/n2\?\n\n\[attached resource notes:notes:\/\/n2 \(text\/markdown\)\]\n# MCP pagination notes/);
    await frame((f) => !f.includes('◐ step'), 'the turn over');

    // server-everything's prompt with completions: the first argument narrows the second.
    await typeLine(ui.stdin, '/mcp__everything__completable-prompt');
    await frame((f) => f.includes('▸ Prompt /mcp__everything__completable-prompt') && f.includes('department'), 'the prompt form');
    await typeKeys(ui.stdin, 'E');
    await frame((f) => f.includes('suggestions: Engineering'), 'the completion');
    ui.stdin.write('\u001b[C');
    await keyGap();
    ui.stdin.write('\r');
    await keyGap();
    await typeKeys(ui.stdin, 'A');
    await frame((f) => f.includes('suggestions: Alice'), 'the narrowed completion');
    ui.stdin.write('\u001b[C');
    await keyGap();
    ui.stdin.write('\r');
    const turn = await frame((f) => f.includes('[prompt mcp__everything__completable-prompt]') && f.includes('Please promote Alice to the head of the'), 'the prompt as the user turn');
    expect(turn).toContain('Conversation');
    expect(JSON.stringify(app.driver.history)).toContain('Please promote Alice');
    // The offline model answers with a call whose approval is ours: denied, the turn ends.
    await frame((f) => f.includes('Allow this tool call?'), 'the approval in the turn');
    ui.stdin.write('n');
    await frame((f) => !f.includes('Allow this tool call?') && !f.includes('◐ step'), 'the turn over');

    // A form whose last field is optional and left empty: Enter there runs it.
    await typeLine(ui.stdin, '/mcp__everything__args-prompt');
    await frame((f) => f.includes('▸ Prompt /mcp__everything__args-prompt') && f.includes('city'), 'the second prompt form');
    // Typed faster than the app reads: the value and its Enter in one chunk.
    ui.stdin.write('Paris\r');
    await frame(() => /▸ state/.test(ui.lastFrame()!), 'the next field');
    ui.stdin.write('\r');
    await frame((f) => f.includes('[prompt mcp__everything__args-prompt]') && f.includes("What's weather in Paris?"), 'the second prompt as a turn');
  });

  it('/relist shows the pages in the trace pane with a diff; /server shows the detail; /loglevel and /logs in both eras', async () => {
    const {ui, frame} = await start({notes: node('servers/notes.mjs', {autoApprove: ['search']}), tickets: node('servers/tickets.mjs', {autoApprove: ['search']})});

    await typeLine(ui.stdin, '/relist notes');
    const relist = await frame((f) => f.includes('Trace notes') && f.includes('relist notes: 2 page(s)'), 'the relist');
    expect(relist).toMatch(/tools\/list page 1: 2 tools, cursor in \(none\) → out \S+/);
    expect(relist).toMatch(/tools\/list page 2: 1 tool, cursor in \S+ → out \(none: end\)/);
    expect(relist).toContain('no change (3 unchanged');

    await typeLine(ui.stdin, '/server tickets');
    const detail = await frame((f) => f.includes('▸ Server tickets') && f.includes('Capabilities'), 'the server detail');
    expect(detail).toContain('legacy: initialize agreed on 2025-11-25');
    expect(detail).toContain('[r] relist its tools  [l] its log');
    await back(ui);

    for (const [alias, tool] of [['tickets', 'mcp__tickets__search'], ['notes', 'mcp__notes__search']] as const) {
      await typeLine(ui.stdin, `/loglevel ${alias} debug`);
      await frame((f) => f.includes(`${alias}: log level debug`), `the level of ${alias}`);
      await typeLine(ui.stdin, `/call ${tool} {"query":"login"}`);
      await frame((f) => f.includes('status  ok in'), `the call on ${alias}`);
      await back(ui);
      await typeLine(ui.stdin, `/logs ${alias}`);
      const log = await frame((f) => f.includes(`▸ Log of ${alias}`) && f.includes('debug'), `the log of ${alias}`);
      expect(log).toContain('level asked: debug');
      expect(log).toContain('login');
      await back(ui);
    }
  });
});
