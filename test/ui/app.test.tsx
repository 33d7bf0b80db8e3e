import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {buildApp, type App as BuiltApp} from '../../src/cli/app.js';
import type {CliOptions} from '../../src/cli/args.js';
import {App} from '../../src/ui/app/app.js';
import {createTheme} from '../../src/ui/theme.js';
import {nextTurn, waitFor} from '../helpers/wait.js';
import {cliOptions, testEnv, typeLine, waitForFrame, writeScript} from '../helpers/ui.js';

let built: BuiltApp | undefined;
afterEach(async () => {
  cleanup();
  await built?.driver.shutdown();
  built = undefined;
});

/** Builds the real app (bundled servers, offline model) and renders it at 100×40. */
async function start(opts: Partial<CliOptions> = {}) {
  built = await buildApp(cliOptions(opts), testEnv(), {interactive: true, trace: true, columns: 100, rows: 40});
  const quits = {count: 0};
  const ui = render(<App store={built.store} driver={built.driver} theme={createTheme(true)} onQuit={() => quits.count++} />);
  void built.driver.start();
  return {app: built, ui, quits, frame: (p: (f: string) => boolean, what: string) => waitForFrame(ui.lastFrame, p, what)};
}

describe('the app with the bundled servers', () => {
  it('answers a question through mcp__notes__search, typed while the servers start', async () => {
    const {ui, frame} = await start();
    // The first frame comes before the servers are up; typing works already.
    expect(ui.lastFrame()).toContain('Conversation');
    await typeLine(ui.stdin, 'search my notes for pagination');
    const done = await frame((f) => f.includes('notes/search received') && f.includes('From mcp__notes__search'), 'the answer');
    expect(done).toContain('╭ mcp__notes__search → notes / search');
    expect(done).toMatch(/✔ done in (\d+ ms|\d+(\.\d)? s)/);
    expect(done).toContain('› search my notes for pagination');
    expect(done).toContain('2/2 online');
    expect(done).toContain('OFFLINE  offline scripted model');
    expect(ui.lastFrame()!.split('\n').length).toBeLessThanOrEqual(39);
  });

  it('asks before a destructive call: n denies it, a stops asking for that tool', async () => {
    const script = writeScript({
      steps: [
        {tool: 'mcp__tickets__close_ticket', input: {id: 'T-101'}},
        {text: 'understood, T-101 stays open'},
        {tool: 'mcp__tickets__close_ticket', input: {id: 'T-102'}},
        {text: 'closed T-102'},
        {tool: 'mcp__tickets__close_ticket', input: {id: 'T-104'}},
        {text: 'closed T-104'},
      ],
    });
    const {ui, frame} = await start({script, model: undefined});
    await frame((f) => f.includes('2/2 online'), 'servers online');

    await typeLine(ui.stdin, 'close T-101');
    const dialog = await frame((f) => f.includes('Allow this tool call?'), 'the approval dialog');
    expect(dialog).toContain('mcp__tickets__close_ticket → tickets / close_ticket');
    expect(dialog).toContain('⚠ DESTRUCTIVE');
    expect(dialog).toContain('arguments {"id":"T-101"}');
    expect(dialog).toContain('[y] allow once');
    ui.stdin.write('n');
    const denied = await frame((f) => f.includes('T-101 stays open'), 'the answer after the denial');
    expect(denied).toContain('⊘ denied by you: not run');
    expect(denied).not.toContain('Allow this tool call?');

    await typeLine(ui.stdin, 'close T-102');
    await frame((f) => f.includes('Allow this tool call?') && f.includes('{"id":"T-102"}'), 'the second dialog');
    ui.stdin.write('a');
    const closed = await frame((f) => f.includes('closed T-102'), 'the second answer');
    expect(closed).toContain('always allowed');

    const before = ui.frames.length;
    await typeLine(ui.stdin, 'close T-104');
    await frame((f) => f.includes('closed T-104'), 'the third answer');
    expect(ui.frames.slice(before).some((f) => f.includes('Allow this tool call?'))).toBe(false);
  });

  it('runs slash commands, moves focus with Tab, and explains unknown commands', async () => {
    const {ui, frame} = await start();
    await frame((f) => f.includes('2/2 online'), 'servers online');
    await typeLine(ui.stdin, '/frob');
    await frame((f) => f.includes('unknown command /frob; commands: /help /tools /servers /trace /reconnect /login'), 'the unknown-command notice');
    // A wrong command leaves the line (the notice names it): the next one is not appended to it.
    await typeLine(ui.stdin, '/tools close_ticket');
    const filtered = await frame((f) => f.includes('filter “close_ticket”'), 'the filtered catalog');
    expect(filtered).toContain('▸ Tools 1/7');
    expect(filtered).toContain('mcp__tickets__close_ticket');
    ui.stdin.write('\t');
    await frame((f) => f.includes('▸ Servers'), 'focus on servers');
    ui.stdin.write('\u001b[Z');
    await frame((f) => f.includes('▸ Tools'), 'focus back on tools');
    // Typing in a pane goes to the input line.
    await typeLine(ui.stdin, '/trace tickets');
    await frame((f) => f.includes('Trace tickets') && f.includes('initialize'), 'the tickets trace');
    await typeLine(ui.stdin, '/help');
    // At this size the commands fill the help pane, /trust among them; the keys and marks below scroll into view.
    const top = await frame((f) => f.includes('/reconnect <alias>') && f.includes('/trust <tool>') && f.includes('/resources [alias]') && f.includes('/accept <alias>'), 'the help');
    expect(top).not.toContain('#hashed ~sanitised');
    ui.stdin.write('\u001b[F');
    const end = await frame((f) => f.includes('#hashed ~sanitised'), 'the end of the help (End)');
    expect(end).toMatch(/rows \d+–(\d+) of \1/);
    expect(end).not.toContain('/reconnect <alias>');
    ui.stdin.write('\u001b[5~');
    await frame((f) => !f.includes('#hashed ~sanitised'), 'a page up (PgUp)');
    ui.stdin.write('\u001b[H');
    await frame((f) => f.includes('/help ') && /rows 1–\d+ of/.test(f), 'the top again (Home)');
    ui.stdin.write('\u001b[B');
    await frame((f) => /rows 2–\d+ of/.test(f), 'a row down (↓)');
    ui.stdin.write('\u001b');
    await frame((f) => !f.includes('Help · Esc closes'), 'help closed');
  });

  it('a burst of keys in one chunk (a paste) with a pane focused all reaches the input line, Enter included', async () => {
    const {ui, frame} = await start();
    await frame((f) => f.includes('2/2 online'), 'servers online');
    ui.stdin.write('\t');
    await frame((f) => f.includes('▸ Conversation'), 'focus on the conversation');
    ui.stdin.write('/trace tickets\r');
    await frame((f) => f.includes('Trace tickets') && f.includes('initialize'), 'the tickets trace');
    // Without Enter, the chunk waits in the input line, whole.
    ui.stdin.write('\t');
    await frame((f) => f.includes('▸ Conversation'), 'focus on the conversation again');
    ui.stdin.write('/tools note');
    await frame((f) => /^›\s+\/tools note/m.test(f), 'the chunk in the input line');
  });

  it('a failed slash command stays in the line to fix, but the next command typed replaces it', async () => {
    const {ui, frame} = await start();
    await frame((f) => f.includes('2/2 online'), 'servers online');
    await typeLine(ui.stdin, '/tool nosuch');
    await frame((f) => f.includes('no tool called “nosuch”') && /^›\s+\/tool nosuch/m.test(f), 'the notice, the command kept');
    await typeLine(ui.stdin, '/tools close_ticket');
    const filtered = await frame((f) => f.includes('filter “close_ticket”'), 'the filtered catalog');
    expect(filtered).toContain('▸ Tools 1/7');
    // The notice was about the failed line: it went with it.
    expect(filtered).not.toContain('no tool called');
    // Editing keys keep the failed command: Backspace fixes it in place.
    await typeLine(ui.stdin, '/tool nosuch');
    await frame((f) => /^›\s+\/tool nosuch/m.test(f), 'the failed command kept again');
    ui.stdin.write('\u007f');
    const fixing = await frame((f) => /^›\s+\/tool nosuc\b/m.test(f), 'Backspace edits the kept line');
    expect(fixing).toContain('no tool called “nosuch”');
    ui.stdin.write('x');
    await frame((f) => /^›\s+\/tool nosucx/m.test(f), 'typing after an edit appends');
  });

  /** The app with one question whose answer takes 20 s, running at step 1. */
  async function slowTurn() {
    const script = writeScript({steps: [{text: 'too slow to see', delayMs: 20_000}]});
    const started = await start({script, model: undefined});
    await started.frame((f) => f.includes('2/2 online'), 'servers online');
    await typeLine(started.ui.stdin, 'take your time');
    await started.frame((f) => f.includes('step 1/10'), 'the turn running');
    return started;
  }

  it('Esc in the input cancels the running turn and never quits', async () => {
    const {ui, frame, quits} = await slowTurn();
    ui.stdin.write('\u001b');
    await frame((f) => f.includes('Turn cancelled.'), 'the cancel notice');
    ui.stdin.write('\u001b');
    // Ink holds a lone Esc until the next turn of the event loop (it may start a sequence).
    await nextTurn();
    // Keys are handled in order: once a later key shows, the Esc before it has had its effect.
    ui.stdin.write('z');
    await frame((f) => /^›\s+z/m.test(f), 'the key after Esc');
    expect(quits.count).toBe(0);
  });

  it('Ctrl-C cancels the running turn, and a second Ctrl-C quits', async () => {
    const {ui, frame, quits} = await slowTurn();
    ui.stdin.write('\u0003');
    await frame((f) => f.includes('Turn cancelled.') && f.includes('Ctrl-C again quits'), 'the cancelled turn');
    expect(quits.count).toBe(0);
    ui.stdin.write('\u0003');
    await waitFor(() => quits.count === 1, 'quit');
  });

  it('two Ctrl-C in one chunk (pressed within one read) quit, as two reads do', async () => {
    const {ui, frame, quits} = await start();
    await frame((f) => f.includes('2/2 online'), 'servers online');
    ui.stdin.write('\u0003\u0003');
    await waitFor(() => quits.count === 1, 'quit');
  });

  it('a control letter inside a chunk of text is its own key; the text around it stays whole', async () => {
    const {ui, frame, quits} = await start();
    await frame((f) => f.includes('2/2 online'), 'servers online');
    ui.stdin.write('ab\u0003cd');
    await frame((f) => /press Ctrl-C again to quit/.test(f) && /^›\s+abcd/m.test(f), 'the text typed, the Ctrl-C taken');
    expect(quits.count).toBe(0);
  });

  it('once the turn has ended, a Ctrl-C meant for it does not quit: when idle it takes two', async () => {
    const {ui, frame, quits} = await slowTurn();
    ui.stdin.write('\u001b');
    await frame((f) => f.includes('Turn cancelled.') && f.includes('ready'), 'the cancelled turn');
    ui.stdin.write('\u0003');
    await frame((f) => /press Ctrl-C again to quit/.test(f.split('\n').at(-2) ?? ''), 'the status line asking for a second Ctrl-C');
    expect(quits.count).toBe(0);
    ui.stdin.write('\u0003');
    await waitFor(() => quits.count === 1, 'quit');
  });
});
