import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {buildApp, type App as BuiltApp} from '../../src/cli/app.js';
import {App} from '../../src/ui/app/app.js';
import {armedLayer} from '../../src/ui/keys/dialog-arming.js';
import {createTheme} from '../../src/ui/theme.js';
import {nextTurn} from '../helpers/wait.js';
import {cliOptions, testEnv, typeKeys, typeLine, waitForFrame, writeScript} from '../helpers/ui.js';

let built: BuiltApp | undefined;
afterEach(async () => {
  cleanup();
  await built?.driver.shutdown();
  built = undefined;
});

describe('a one-letter dialog and keys typed ahead', () => {
  it('keeps the letters typed as it appears for the input line, and takes them once it has been on screen', async () => {
    const script = writeScript({steps: [{tool: 'mcp__tickets__close_ticket', input: {id: 'T-101'}}, {text: 'understood, T-101 stays open'}]});
    built = await buildApp(cliOptions({script, model: undefined}), testEnv(), {interactive: true, trace: true, columns: 100, rows: 40});
    const clock = {t: 0};
    const ui = render(<App store={built.store} driver={built.driver} theme={createTheme(true)} onQuit={() => {}} arming={{ms: 600, now: () => clock.t}} />);
    void built.driver.start();
    const frame = (p: (f: string) => boolean, what: string) => waitForFrame(ui.lastFrame, p, what);
    await frame((f) => f.includes('2/2 online'), 'servers online');

    await typeLine(ui.stdin, 'close T-101');
    await frame((f) => f.includes('Allow this tool call?'), 'the approval dialog');
    // The next question, typed as the dialog comes up: its `a` must not always-allow the call.
    await typeKeys(ui.stdin, 'can you');
    clock.t = 599;
    ui.stdin.write('y');
    const still = await frame((f) => f.includes('can youy'), 'the typed-ahead text on the input line');
    expect(still).toContain('Allow this tool call?');
    expect(built.store.getState().approvals).toHaveLength(1);

    clock.t = 600;
    ui.stdin.write('n');
    const denied = await frame((f) => f.includes('T-101 stays open'), 'the answer after the denial');
    expect(denied).toContain('⊘ denied by you: not run');
    expect(denied).not.toContain('always allowed');
    await nextTurn();
    expect(built.store.getState().ui.input.value).toBe('can youy');
  });
});

describe('armedLayer', () => {
  const arming = {ms: 600, now: () => 1000};
  it('passes every layer through without arming, and layers answered by more than a letter with it', () => {
    expect(armedLayer('dialog', 'call:1', null, undefined)).toBe('dialog');
    expect(armedLayer('form', 'request:1', null, arming)).toBe('form');
    expect(armedLayer(null, undefined, null, arming)).toBe(null);
  });
  it('holds a letter dialog back until it has been drawn for the delay', () => {
    expect(armedLayer('dialog', 'call:1', null, arming)).toBe(null);
    expect(armedLayer('dialog', 'call:2', {key: 'call:1', at: 0}, arming)).toBe(null);
    expect(armedLayer('sampling', 'request:r', {key: 'request:r', at: 401}, arming)).toBe(null);
    expect(armedLayer('sampling', 'request:r', {key: 'request:r', at: 400}, arming)).toBe('sampling');
  });
});
