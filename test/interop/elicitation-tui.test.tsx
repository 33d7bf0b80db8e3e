// The whole app, typed at like a person, against real servers asking for
// input: server-everything (legacy elicitation/create: a form of every field
// kind, and a link) and the tmcp fixture (modern MRTR elicitation). A scripted
// model calls the tools; the user answers in the TUI; the tool card shows what
// the server made of the answer.
import {cleanup, render} from 'ink-testing-library';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {parseScript} from '../../src/agent/models/script.js';
import {buildApp, type App as BuiltApp} from '../../src/cli/app.js';
import {App} from '../../src/ui/app/app.js';
import {createTheme} from '../../src/ui/theme.js';
import {cliOptions, keyGap, testEnv, typeKeys, typeLine, waitForFrame, writeScript} from '../helpers/ui.js';
import {modelName, ROOT, scratch, writeConfig} from './helpers.js';
import {TAB, CTRL_C, CTRL_D, CTRL_S} from '../helpers/keys.js';

const STARTUP = 30_000;
const ELICIT = 'mcp__everything__trigger-elicitation-request';
const LINK = 'mcp__everything__trigger-url-elicitation';
const ASK_NAME = 'mcp__tmcp__ask_name';

/** One model request per step, across every test below, in order. */
const SCRIPT = {
  steps: [
    {tool: ELICIT, input: {}},
    {text: 'Thanks, the server has your details.'},
    {tool: ELICIT, input: {}},
    {text: 'Understood, nothing was shared.'},
    {tool: LINK, input: {url: 'https://auth.example.com/authorize?state=42'}},
    {text: 'The link flow is complete.'},
    {tool: ASK_NAME, input: {}},
    {text: 'The server greeted you.'},
    {tool: ELICIT, input: {}},
    {text: 'never reached: the turn is cancelled'},
  ],
};
// A typo in the script fails here, not as a confusing frame later.
parseScript(SCRIPT);

let tmp: ReturnType<typeof scratch>;
let built: BuiltApp;
let ui: ReturnType<typeof render>;
const frame = (p: (f: string) => boolean, what: string, timeoutMs = 30_000) => waitForFrame(ui.lastFrame, p, what, timeoutMs);

async function press(...keys: string[]): Promise<void> {
  for (const k of keys) {
    ui.stdin.write(k);
    await keyGap();
  }
}

beforeAll(async () => {
  tmp = scratch('elicit-tui');
  const {path} = writeConfig(tmp.dir, {
    everything: {command: 'node_modules/.bin/mcp-server-everything', cwd: ROOT, startupTimeoutMs: STARTUP},
    tmcp: {command: 'node', args: ['--import', 'tsx', 'test/fixtures/tmcp-server.ts'], cwd: ROOT, startupTimeoutMs: STARTUP},
  });
  built = await buildApp(cliOptions({config: path, script: writeScript(SCRIPT), model: undefined, yes: true}), testEnv(), {interactive: true, columns: 100, rows: 40});
  ui = render(<App store={built.store} driver={built.driver} theme={createTheme(true)} onQuit={() => {}} />);
  await built.driver.start();
  await frame((f) => f.includes('2/2 online'), 'both servers online', 60_000);
  // The names the script uses are the ones the catalog gave the model.
  expect([modelName(built.hub, 'everything', 'trigger-elicitation-request'), modelName(built.hub, 'everything', 'trigger-url-elicitation'), modelName(built.hub, 'tmcp', 'ask_name')]).toEqual([ELICIT, LINK, ASK_NAME]);
}, 120_000);

afterAll(async () => {
  cleanup();
  await built?.driver.shutdown();
  tmp?.cleanup();
}, 30_000);

describe('server-everything (legacy elicitation/create)', () => {
  it('the form is filled in the TUI and accepted: the tool result shows the values', async () => {
    await typeLine(ui.stdin, 'fill in the form');
    const form = await frame((f) => f.includes('everything asks you for input · during trigger-elicitation-request'), 'the form');
    expect(form).toContain('▸ String *');
    expect(form).toContain('It was a dark and stormy night.');
    await typeKeys(ui.stdin, 'Ada Lovelace');
    await press(TAB, ' ', TAB, TAB);
    await typeKeys(ui.stdin, 'ada@example.com');
    await frame((f) => f.includes('[x] yes') && f.includes('ada@example.com'), 'the typed values');
    await press(CTRL_S);
    const done = await frame((f) => f.includes('Thanks, the server has your details.'), 'the answer after the tool');
    expect(done).not.toContain('asks you for input');
    expect(done).toContain('User provided the requested information');
    expect(done).toContain('- Name: Ada Lovelace');
    expect(done).toContain('- Agreed to terms: true');
  }, 60_000);

  it('a second run is declined with Ctrl-D: the tool result shows the decline', async () => {
    await typeLine(ui.stdin, 'ask me again');
    await frame((f) => f.includes('everything asks you for input'), 'the form again');
    await press(CTRL_D);
    const done = await frame((f) => f.includes('Understood, nothing was shared.'), 'the answer after the decline');
    expect(done).toContain('User declined to provide');
  }, 60_000);

  it('a link request shows the URL; o answers that the user opens it', async () => {
    await typeLine(ui.stdin, 'log me in');
    const dialog = await frame((f) => f.includes('everything asks you to open a link'), 'the link dialog');
    expect(dialog).toContain('https://auth.example.com/authorize?state=42');
    expect(dialog).toContain('opens auth.example.com');
    await press('o');
    const done = await frame((f) => f.includes('The link flow is complete.'), 'the answer after the link');
    expect(done).toContain('User completed the URL elicitation flow');
  }, 60_000);
});

describe('tmcp fixture (modern MRTR elicitation)', () => {
  it('the name typed in the TUI comes back in the greeting', async () => {
    await typeLine(ui.stdin, 'greet me');
    const form = await frame((f) => f.includes('tmcp asks you for input · during ask_name'), 'the name form');
    expect(form).toContain('What is your name?');
    await typeKeys(ui.stdin, 'Grace Hopper');
    // One field: Enter on it is Enter on the last field, which accepts.
    await press('\r');
    const done = await frame((f) => f.includes('The server greeted you.'), 'the answer after the greeting');
    expect(done).toContain('Hello, Grace Hopper!');
  }, 60_000);
});

describe('Ctrl-C with the form open', () => {
  it('cancels the turn, and the request with it', async () => {
    await typeLine(ui.stdin, 'one more form');
    await frame((f) => f.includes('everything asks you for input'), 'the form');
    await typeKeys(ui.stdin, 'abc');
    await press(CTRL_C);
    const done = await frame((f) => f.includes('Turn cancelled.') && !f.includes('asks you for input'), 'the cancelled turn');
    expect(done).not.toContain('never reached');
    expect(built.store.getState().inputRequests).toEqual([]);
  }, 60_000);
});
