import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {buildApp, type App as BuiltApp} from '../../src/cli/app.js';
import type {InputRequestView} from '../../src/state/app-state.js';
import {createStore} from '../../src/state/store.js';
import {App} from '../../src/ui/app/app.js';
import {armedLayer, createArmingGate} from '../../src/ui/keys/dialog-arming.js';
import {HELD_BACK_NOTICE} from '../../src/ui/keys/stray-keys.js';
import {createTheme} from '../../src/ui/theme.js';
import {nextTurn} from '../helpers/wait.js';
import {ESC} from '../helpers/keys.js';
import {cliOptions, fakeDriver, keyGap, rowsOf, testEnv, typeKeys, typeLine, waitForFrame, writeScript} from '../helpers/ui.js';
import {base} from './fixtures.js';
import {EVERYTHING_SCHEMA} from './form-fixtures.js';

let built: BuiltApp | undefined;
afterEach(async () => {
  cleanup();
  await built?.driver.shutdown();
  built = undefined;
});

/** The app on the bundled servers with a script whose first step asks to close T-101; `clock.t` is the arming's clock. */
async function closeTicketApp() {
  const script = writeScript({steps: [{tool: 'mcp__tickets__close_ticket', input: {id: 'T-101'}}, {text: 'understood, T-101 stays open'}]});
  built = await buildApp(cliOptions({script, model: undefined}), testEnv(), {interactive: true, trace: true, columns: 100, rows: 40});
  const clock = {t: 0};
  const ui = render(<App store={built.store} driver={built.driver} theme={createTheme(true)} onQuit={() => {}} arming={{ms: 600, now: () => clock.t}} />);
  void built.driver.start();
  const frame = (p: (f: string) => boolean, what: string) => waitForFrame(ui.lastFrame, p, what);
  await frame((f) => f.includes('2/2 online'), 'servers online');
  await typeLine(ui.stdin, 'close T-101');
  await frame((f) => f.includes('Allow this tool call?'), 'the approval dialog');
  return {ui, clock, frame, store: built.store};
}

/** Types `text` one key at a time, the clock moving `gap` ms before each key. */
async function typeTimed(stdin: {write(s: string): void}, clock: {t: number}, text: string, gap: number): Promise<void> {
  for (const ch of text) {
    clock.t += gap;
    stdin.write(ch);
    await keyGap();
  }
}

describe('a dialog and keys typed ahead', () => {
  it('keeps the letters typed as it appears for the input line, and takes them once the typing has paused', async () => {
    const {ui, clock, frame, store} = await closeTicketApp();
    // The next question, typed as the dialog comes up: its `a` must not always-allow the call.
    await typeKeys(ui.stdin, 'can you');
    clock.t = 599;
    ui.stdin.write('y');
    const still = await frame((f) => f.includes('can youy'), 'the typed-ahead text on the input line');
    expect(still).toContain('Allow this tool call?');
    expect(still).toContain(HELD_BACK_NOTICE);
    expect(store.getState().approvals).toHaveLength(1);

    clock.t = 599 + 600;
    ui.stdin.write('n');
    const denied = await frame((f) => f.includes('T-101 stays open'), 'the answer after the denial');
    expect(denied).toContain('⊘ denied by you: not run');
    expect(denied).not.toContain('always allowed');
    expect(denied).not.toContain(HELD_BACK_NOTICE);
    await nextTurn();
    expect(store.getState().ui.input.value).toBe('can youy');
  });

  it('takes none of the keys of a sentence typed on past the delay (the y of "every" approved the call)', async () => {
    const {ui, clock, frame, store} = await closeTicketApp();
    // 40 keys, 30 ms apart: 1.2 s of typing, twice the delay.
    await typeTimed(ui.stdin, clock, 'then please check everything and say why', 30);
    await frame((f) => f.includes('check everything and say why'), 'the whole sentence on the input line');
    expect(store.getState().approvals).toHaveLength(1);
    clock.t += 600;
    ui.stdin.write('n');
    await frame((f) => f.includes('⊘ denied by you'), 'the denial');
  });

  it('says that text typed into it once armed, none of its keys, was ignored, and what its keys are', async () => {
    const {ui, clock, frame, store} = await closeTicketApp();
    clock.t = 5000;
    await typeTimed(ui.stdin, clock, 'hello', 30);
    const told = await frame((f) => f.includes('“hello” ignored'), 'the stray text named');
    expect(told).toContain('“hello” ignored: the approval takes y, a, n / Esc');
    expect(store.getState().approvals).toHaveLength(1);
    expect(store.getState().ui.input.value).toBe('');
    ui.stdin.write('n');
    const after = await frame((f) => f.includes('⊘ denied by you'), 'the denial');
    expect(after).not.toContain('ignored');
  });

  it('lets Esc deny at once: it is no letter of a sentence', async () => {
    const {ui, frame} = await closeTicketApp();
    ui.stdin.write(ESC);
    // Denied, and the turn goes on (held back, Esc would have cancelled the turn instead).
    const denied = await frame((f) => f.includes('T-101 stays open'), 'the answer after the denial by Esc before the dialog armed');
    expect(denied).toContain('⊘ denied by you');
  });
});

describe("a server's form and keys typed ahead", () => {
  const FORM: InputRequestView = {requestId: 'r0', alias: 'everything', kind: 'elicitation', message: 'Please provide inputs for the following fields:', schema: EVERYTHING_SCHEMA, tool: 'trigger-elicitation-request'};

  it('keeps a question and its Enter typed as it appears out of the form (the question is sent), and takes keys once the typing has paused', async () => {
    const store = createStore(base());
    const clock = {t: 0};
    const driver = fakeDriver();
    const ui = render(<App store={store} driver={driver} theme={createTheme(true)} onQuit={() => {}} arming={{ms: 600, now: () => clock.t}} />);
    store.dispatch({type: 'input/requested', request: FORM});
    const frame = (p: (f: string) => boolean, what: string) => waitForFrame(ui.lastFrame, p, what);
    await frame((f) => f.includes('asks you for input'), 'the form');
    await typeTimed(ui.stdin, clock, 'hi there', 30);
    ui.stdin.write('\r');
    await keyGap();
    await frame((f) => f.includes(HELD_BACK_NOTICE), 'the held-back notice');
    const field = (f: string) => rowsOf(f).find((r) => r.includes('String *')) ?? '';
    expect(field(ui.lastFrame() ?? '')).not.toContain('hi there');
    expect(store.getState().inputRequests).toHaveLength(1);
    // Where it would have gone without the form: the input line, and its Enter sent it.
    expect(driver.ask).toHaveBeenCalledWith('hi there');
    expect(driver.answerInput).not.toHaveBeenCalled();

    clock.t += 600;
    await typeKeys(ui.stdin, 'Ada');
    await frame((f) => field(f).includes('Ada'), 'the first field typed into once armed');
  });
});

describe('armedLayer', () => {
  const arming = {ms: 600, now: () => 1000};
  it('passes every layer through without arming, and layers that take no typed answer with it', () => {
    expect(armedLayer('dialog', 'call:1', null, undefined)).toBe('dialog');
    expect(armedLayer('help', undefined, null, arming)).toBe('help');
    expect(armedLayer('manual', 'manual:1', null, arming)).toBe('manual');
    expect(armedLayer(null, undefined, null, arming)).toBe(null);
  });
  it('holds a dialog back until it has been drawn for the delay', () => {
    expect(armedLayer('dialog', 'call:1', null, arming)).toBe(null);
    expect(armedLayer('dialog', 'call:2', {key: 'call:1', at: 0}, arming)).toBe(null);
    expect(armedLayer('sampling', 'request:r', {key: 'request:r', at: 401}, arming)).toBe(null);
    expect(armedLayer('sampling', 'request:r', {key: 'request:r', at: 400}, arming)).toBe('sampling');
    expect(armedLayer('form', 'request:f', {key: 'request:f', at: 401}, arming)).toBe(null);
    expect(armedLayer('url', 'request:u', {key: 'request:u', at: 400}, arming)).toBe('url');
  });
  it('restarts the wait at each key it holds back', () => {
    const clock = {t: 0};
    const gate = createArmingGate({ms: 600, now: () => clock.t});
    const key = {escape: false, ctrl: false} as Parameters<typeof gate.route>[3];
    gate.drawn('call:1');
    clock.t = 500;
    expect(gate.route('dialog', 'call:1', 'a', key)).toEqual({layer: null, heldBack: true});
    clock.t = 1099;
    expect(gate.route('dialog', 'call:1', 'a', key).layer).toBe(null);
    clock.t = 1699;
    expect(gate.route('dialog', 'call:1', 'a', key)).toEqual({layer: 'dialog', heldBack: false});
  });
  it('lets the keys that refuse through at once: Esc, Ctrl-D, Ctrl-X; not Ctrl-S, which accepts a form', () => {
    const gate = createArmingGate({ms: 600, now: () => 0});
    const key = {escape: false, ctrl: false} as Parameters<typeof gate.route>[3];
    gate.drawn('request:f');
    expect(gate.route('form', 'request:f', '', {...key, escape: true}).layer).toBe('form');
    expect(gate.route('form', 'request:f', 'd', {...key, ctrl: true}).layer).toBe('form');
    expect(gate.route('form', 'request:f', 'x', {...key, ctrl: true}).layer).toBe('form');
    expect(gate.route('form', 'request:f', 's', {...key, ctrl: true}).layer).toBe(null);
    expect(gate.route('form', 'request:f', 'x', key).layer).toBe(null);
  });
});
