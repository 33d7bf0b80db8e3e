// The dialog of a server's request: what it shows (fixture state), and what
// keys do with a real Driver (the answer askInput resolves with).
import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {InputAnswer} from '../../src/agent/client-features.js';
import {Driver, type DriverHub} from '../../src/driver/driver.js';
import {createScriptedModel} from '../../src/agent/models/scripted.js';
import {parseScript} from '../../src/agent/models/script.js';
import type {HubCallResult} from '../../src/hub/types.js';
import type {InputRequestView} from '../../src/state/app-state.js';
import {createStore, type Store} from '../../src/state/store.js';
import {App} from '../../src/ui/app/app.js';
import {HelpPane} from '../../src/ui/panes/help-pane.js';
import {InputDialog, inputDialogHeight} from '../../src/ui/panes/input-dialog.js';
import {createTheme} from '../../src/ui/theme.js';
import {base, catalog, entry} from './fixtures.js';
import {EVERYTHING_DEFAULTS, EVERYTHING_SCHEMA} from './form-fixtures.js';
import {renderAt} from './render-at.js';
import {waitFor} from '../helpers/wait.js';
import {fakeDriver, keyGap, rowsOf, typeKeys, waitForFrame} from '../helpers/ui.js';
import {TAB, SHIFT_TAB, DOWN, RIGHT, ESC, CTRL_C, CTRL_D, CTRL_S, CTRL_U, CTRL_X} from '../helpers/keys.js';

afterEach(cleanup);

const theme = createTheme(true);

const FORM: Omit<InputRequestView, 'requestId'> = {alias: 'everything', kind: 'elicitation', message: 'Please provide inputs for the following fields:', schema: EVERYTHING_SCHEMA, tool: 'trigger-elicitation-request'};
const LINK: Omit<InputRequestView, 'requestId'> = {alias: 'everything', kind: 'elicitation', message: 'Please open the link to complete this action.', url: 'https://auth.example.com/authorize?client=breakerbox&state=42', tool: 'trigger-url-elicitation'};
const PROMPT: Omit<InputRequestView, 'requestId'> = {alias: 'everything', kind: 'sampling', message: 'user: What is the capital of France?', tool: 'trigger-sampling-request'};

/** The input line's row. */
const inputRow = (frame: string) => rowsOf(frame).find((r) => r.startsWith('›')) ?? '';

/** Writes keys one at a time, each its own write (Enter and escapes too). */
async function press(stdin: {write(s: string): void}, ...keys: string[]): Promise<void> {
  for (const k of keys) {
    stdin.write(k);
    await keyGap();
  }
}

describe('the input dialog, drawn from fixture state', () => {
  function draw(requests: Array<Omit<InputRequestView, 'requestId'>>, opts: {columns?: number; rows?: number} = {}) {
    const store = createStore(base(opts));
    requests.forEach((r, i) => store.dispatch({type: 'input/requested', request: {...r, requestId: `r${i}`}}));
    const driver = fakeDriver();
    const ui = render(<App store={store} driver={driver} theme={theme} onQuit={() => {}} />);
    return {store, ui, controller: driver, frame: (p: (f: string) => boolean, what: string) => waitForFrame(ui.lastFrame, p, what)};
  }

  it('a form shows every field with its label and default, marks the required one, and lists the keys', async () => {
    const {frame} = draw([FORM]);
    const f = await frame((t) => t.includes('asks you for input'), 'the form');
    expect(f).toContain('everything asks you for input · during trigger-elicitation-request');
    expect(f).toContain('Please provide inputs for the following fields:');
    const row = (label: string) => rowsOf(f).find((r) => r.includes(label)) ?? '';
    expect(row('▸ String *')).toBeTruthy();
    expect(row('Boolean')).toContain('[ ] no');
    expect(row('String with default')).toContain('It was a dark and stormy night.');
    expect(row('String with email format')).toContain('(email)');
    expect(row('String with date format')).toContain('(date YYYY-MM-DD)');
    expect(row('Integer')).toContain('42');
    expect(row('Number in range 1-1000')).toContain('3.14');
    expect(row('Untitled Single Select Enum')).toContain('Monica');
    expect(row('Untitled Multiple Select Enum')).toContain('[x] Guitar  [ ] Piano');
    expect(row('Titled Single Select Enum')).toContain('Superman');
    expect(row('Titled Multiple Select Enum')).toContain('[x] Tuna  [ ] Salmon  [ ] Trout');
    expect(row('Legacy Titled Single Select Enum')).toContain('Cats');
    // Only the required field is starred; the focused field's description is shown.
    expect(rowsOf(f).filter((r) => /\w \*/.test(r))).toHaveLength(1);
    expect(f).toContain('Your full, legal name');
    expect(f).toContain('* required');
    for (const hint of ['[Ctrl-S] accept', '[Ctrl-D] decline', '[Esc] cancel', '[Enter] next, last: accept', '[Tab/↓] next', '[Shift-Tab/↑] back', '[←→/Space] choose, toggle']) expect(f).toContain(hint);
    // The input line is not where keys go now.
    expect(f).toContain('answer everything above');
    expect(rowsOf(f).length).toBeLessThanOrEqual(39);
  });

  it('a link request shows the message, the whole URL and its host, and never opens it', async () => {
    const {frame} = draw([LINK]);
    const f = await frame((t) => t.includes('asks you to open a link'), 'the link dialog');
    expect(f).toContain('Please open the link to complete this action.');
    expect(f).toContain('link https://auth.example.com/authorize?client=breakerbox&state=42');
    expect(f).toContain('opens auth.example.com');
    expect(f).toContain('never opened by breakerbox');
    expect(f).toContain('[o / Enter] I’ll open it myself');
    expect(f).toContain('[d] decline');
  });

  it('a sampling request shows the prompt and what y and n do', async () => {
    const {frame} = draw([PROMPT]);
    const f = await frame((t) => t.includes('asks to use your model'), 'the sampling dialog');
    expect(f).toContain('user: What is the capital of France?');
    expect(f).toContain('[y] let the model answer');
    expect(f).toContain('[n] decline');
  });

  it('every request offers Ctrl-X, “decline all from this server”, and the key goes to the driver with the server’s alias', async () => {
    for (const request of [FORM, LINK, PROMPT]) {
      const {ui, controller, frame} = draw([{...request, alias: 'flood'}]);
      await frame((t) => t.includes('[Ctrl-X] decline all from this server'), `the hint on a ${request.url ? 'link' : request.kind} dialog`);
      await press(ui.stdin, CTRL_X);
      await waitFor(() => controller.declineInputsFrom.mock.calls.length === 1, 'the driver asked');
      expect(controller.declineInputsFrom).toHaveBeenCalledWith('flood');
      // Nothing else was answered: the driver does the declining.
      expect(controller.answerInput).not.toHaveBeenCalled();
      ui.unmount();
    }
  });

  it('the help pane lists Ctrl-X once, and /accept', () => {
    const help = renderAt(<HelpPane width={130} height={60} theme={theme} />, 130);
    const f = help.lastFrame();
    help.unmount();
    expect(rowsOf(f).filter((r) => /Ctrl-X {2,}/.test(r))).toHaveLength(1);
    expect(f).toMatch(/Ctrl-X\s+decline it and every later request from that server \(\/accept undoes it\)  \(on a server’s request\)/);
    expect(f).toMatch(/\/accept <alias>\s+let a server whose requests you declined \(Ctrl-X\) ask you again/);
  });

  it('the head of the queue is shown, with a count of the others; an approval comes first', async () => {
    const {store, ui, frame} = draw([PROMPT, LINK]);
    await frame((t) => t.includes('asks to use your model') && t.includes('· 1 more request waiting'), 'the first request and the count');
    store.dispatchAll([
      {type: 'catalog/rebuilt', catalog: catalog([entry('tickets', 'close_ticket')])},
      {type: 'user/submitted', text: 'go'},
      {type: 'call/requested', callId: 'c1', name: 'mcp__tickets__close_ticket', alias: 'tickets', tool: 'close_ticket', arguments: {id: 'T-1'}},
      {type: 'call/approval-asked', callId: 'c1', trusted: false},
    ]);
    const f = await frame((t) => t.includes('Allow this tool call?'), 'the approval on top');
    expect(f).not.toContain('asks to use your model');
    // y answers the approval (the fake controller records it), not the sampling request.
    ui.stdin.write('y');
    store.dispatch({type: 'call/approved', callId: 'c1', always: false});
    await frame((t) => t.includes('asks to use your model'), 'the request back');
  });

  it('the dialog asks for exactly the rows it draws, even with an empty message and a bare field', () => {
    const bare: InputRequestView = {requestId: 'b', alias: 'tmcp', kind: 'elicitation', message: '', schema: {type: 'object', properties: {name: {type: 'string'}}, required: ['name']}};
    for (const request of [bare, {...FORM, requestId: 'f'}, {...LINK, requestId: 'l'}, {...PROMPT, requestId: 'p'}]) {
      const height = inputDialogHeight(request, undefined, 1, 100);
      const rows = rowsOf(render(<InputDialog request={request} waiting={1} width={100} height={height} theme={theme} />).lastFrame()!);
      expect(rows).toHaveLength(height);
      // The keys are on the last row inside the border, with no blank row under them.
      expect(rows[height - 2]).toMatch(/^┃ \[/);
    }
  });

  it('at 80×24 the form fits the screen, and the focused field stays in view', async () => {
    const {ui, frame} = draw([FORM], {columns: 80, rows: 24});
    const f = await frame((t) => t.includes('asks you for input'), 'the form');
    expect(rowsOf(f).length).toBeLessThanOrEqual(23);
    expect(f).toContain('▸ String *');
    expect(f).not.toContain('Legacy Titled');
    await press(ui.stdin, SHIFT_TAB);
    const last = await frame((t) => t.includes('▸ Legacy Titled'), 'the last field focused');
    expect(last).toContain('field 13/13');
    expect(rowsOf(last).length).toBeLessThanOrEqual(23);
  });
});

/** A hub with no tools, never reached unless a test scripts a turn. */
function unusedHub(): DriverHub {
  return {catalog: catalog([]), call: vi.fn(), callEntry: vi.fn(), unavailable: () => [], instructions: () => [], start: async () => {}, reconnect: async () => false, declineInputsFrom: () => 0, acceptInputsFrom: () => {}, close: async () => {}};
}

/** A real driver over a store, with a hub and model that are never reached unless a test scripts a turn. */
function realApp(hub?: DriverHub, script?: unknown) {
  const store: Store = createStore(base());
  const controller = new Driver({
    store,
    hub: hub ?? unusedHub(),
    model: createScriptedModel(script ? {script: parseScript(script)} : {}),
    maxSteps: 5,
    rules: {yes: true, allow: [], autoApprove: {}},
    interactive: true,
  });
  const ui = render(<App store={store} driver={controller} theme={theme} onQuit={() => {}} />);
  return {store, controller, ui, frame: (p: (f: string) => boolean, what: string) => waitForFrame(ui.lastFrame, p, what)};
}

describe('answering with the keys (real Driver)', () => {
  it('Ctrl-X declines the request shown and the ones waiting from the same server; another server’s request stays', async () => {
    const declinedFrom: string[] = [];
    const hub: DriverHub = {...unusedHub(), declineInputsFrom: (alias) => (declinedFrom.push(alias), 0)};
    const {controller, ui, frame, store} = realApp(hub);
    const first = controller.askInput({...FORM, alias: 'flood'});
    const other = controller.askInput({...PROMPT, alias: 'calm'});
    const second = controller.askInput({...LINK, alias: 'flood'});
    await frame((t) => t.includes('flood asks you for input') && t.includes('2 more requests waiting'), 'the flood’s form on top');
    await press(ui.stdin, CTRL_X);
    expect(await first).toEqual({action: 'decline'});
    expect(await second).toEqual({action: 'decline'});
    expect(declinedFrom).toEqual(['flood']);
    const f = await frame((t) => t.includes('calm asks to use your model'), 'the other server’s request');
    expect(f).toContain('declined 2 requests from flood; its later requests are declined without asking');
    expect(store.getState().inputRequests.map((r) => r.alias)).toEqual(['calm']);
    await press(ui.stdin, 'n');
    expect(await other).toEqual({action: 'decline'});
  });

  it('typing into the form and Ctrl-S accepts with typed values of the right types', async () => {
    const {controller, ui, frame} = realApp();
    const answer = controller.askInput(FORM);
    await frame((t) => t.includes('▸ String *'), 'the form');
    await typeKeys(ui.stdin, 'Ada Lovelace');
    await press(ui.stdin, TAB, ' '); // Boolean on
    await press(ui.stdin, TAB, TAB);
    await typeKeys(ui.stdin, 'ada@example.com');
    await press(ui.stdin, TAB, TAB, TAB, CTRL_U); // Integer: clear the default
    await typeKeys(ui.stdin, '7');
    await press(ui.stdin, TAB, TAB, RIGHT, RIGHT); // Monica → Rachel → Joey
    await press(ui.stdin, TAB, RIGHT, ' '); // + Piano
    await frame((t) => t.includes('[x] Guitar  [x] Piano'), 'Piano picked');
    await press(ui.stdin, CTRL_S);
    expect(await answer).toEqual({
      action: 'accept',
      content: {...EVERYTHING_DEFAULTS, name: 'Ada Lovelace', check: true, email: 'ada@example.com', integer: 7, untitledSingleSelectEnum: 'Joey', untitledMultipleSelectEnum: ['Guitar', 'Piano']},
    });
    const after = await frame((t) => !t.includes('asks you for input'), 'the dialog gone');
    // Nothing typed into the form reached the input line.
    expect(inputRow(after)).toMatch(/^›\s+servers are starting/);
  });

  it('a missing or invalid field refuses the accept with a message naming it; Enter on the last field sends', async () => {
    const {controller, ui, frame} = realApp();
    let settled: InputAnswer | undefined;
    void controller.askInput(FORM).then((a) => (settled = a));
    await frame((t) => t.includes('▸ String *'), 'the form');
    await press(ui.stdin, CTRL_S);
    await frame((t) => t.includes('✘ “String” is required'), 'the refusal');
    await typeKeys(ui.stdin, 'Ada');
    await press(ui.stdin, TAB, TAB, TAB);
    await typeKeys(ui.stdin, 'not-an-email');
    await press(ui.stdin, CTRL_S);
    await frame((t) => t.includes('✘ “String with email format” must be an email address'), 'the email refusal');
    expect(settled).toBeUndefined();
    await press(ui.stdin, CTRL_U);
    // Shift-Tab from the first field wraps to the last; Enter there accepts.
    await press(ui.stdin, SHIFT_TAB, SHIFT_TAB, SHIFT_TAB, SHIFT_TAB);
    await frame((t) => t.includes('▸ Legacy Titled'), 'the last field');
    await press(ui.stdin, '\r');
    const answer = await waitFor(() => settled, 'the answer');
    expect(answer).toEqual({action: 'accept', content: {...EVERYTHING_DEFAULTS, name: 'Ada'}});
  });

  it('what was typed survives an approval dialog showing over the form', async () => {
    const {store, controller, ui, frame} = realApp();
    const answer = controller.askInput(FORM);
    await frame((t) => t.includes('▸ String *'), 'the form');
    await typeKeys(ui.stdin, 'Ada');
    store.dispatchAll([
      {type: 'catalog/rebuilt', catalog: catalog([entry('tickets', 'close_ticket')])},
      {type: 'user/submitted', text: 'go'},
      {type: 'call/requested', callId: 'c1', name: 'mcp__tickets__close_ticket', alias: 'tickets', tool: 'close_ticket', arguments: {}},
      {type: 'call/approval-asked', callId: 'c1', trusted: false},
    ]);
    await frame((t) => t.includes('Allow this tool call?') && !t.includes('asks you for input'), 'the approval over the form');
    // Keys belong to the approval now: this "x" reaches neither dialog.
    await press(ui.stdin, 'x');
    store.dispatch({type: 'call/denied', callId: 'c1'});
    await frame((t) => t.includes('asks you for input') && t.includes('Ada'), 'the form back, as it was');
    await press(ui.stdin, CTRL_S);
    expect(await answer).toEqual({action: 'accept', content: {...EVERYTHING_DEFAULTS, name: 'Ada'}});
  });

  it('Enter moves to the next field before the last one', async () => {
    const {controller, ui, frame} = realApp();
    void controller.askInput(FORM);
    await frame((t) => t.includes('▸ String *'), 'the form');
    await press(ui.stdin, '\r', DOWN);
    await frame((t) => t.includes('▸ String with default'), 'two fields down');
  });

  it('Ctrl-D declines and Esc cancels', async () => {
    const {controller, ui, frame} = realApp();
    const declined = controller.askInput(FORM);
    await frame((t) => t.includes('▸ String *'), 'the form');
    await typeKeys(ui.stdin, 'half typed');
    await press(ui.stdin, CTRL_D);
    expect(await declined).toEqual({action: 'decline'});
    await frame((t) => !t.includes('asks you for input'), 'the form gone');

    const cancelled = controller.askInput(FORM);
    await frame((t) => t.includes('▸ String *') && !t.includes('half typed'), 'a fresh form');
    await press(ui.stdin, ESC);
    expect(await cancelled).toEqual({action: 'cancel'});
  });

  it('a link request: o accepts, d declines, Esc cancels', async () => {
    const {controller, ui, frame} = realApp();
    for (const [k, action] of [['o', 'accept'], ['d', 'decline'], [ESC, 'cancel'], ['\r', 'accept']] as const) {
      const answer = controller.askInput(LINK);
      await frame((t) => t.includes('asks you to open a link'), 'the link dialog');
      await press(ui.stdin, k);
      expect(await answer).toEqual({action});
      await frame((t) => !t.includes('asks you to open a link'), 'the link dialog gone');
    }
  });

  it('a sampling request: y lets the model answer, n declines; other keys do nothing', async () => {
    const {controller, ui, frame} = realApp();
    for (const [k, action] of [['y', 'accept'], ['n', 'decline']] as const) {
      let settled: InputAnswer | undefined;
      void controller.askInput(PROMPT).then((a) => (settled = a));
      await frame((t) => t.includes('asks to use your model'), 'the sampling dialog');
      await press(ui.stdin, 'x', 'o', '\r');
      expect(settled).toBeUndefined();
      await press(ui.stdin, k);
      expect(await waitFor(() => settled, 'the answer')).toEqual({action});
      await frame((t) => !t.includes('asks to use your model'), 'the dialog gone');
    }
    // None of those keys reached the input line.
    expect(inputRow(ui.lastFrame()!)).toMatch(/^›\s+servers are starting/);
  });

  it('Ctrl-C during the turn cancels it and the open request, even one the turn’s signal does not reach', async () => {
    let asked: Promise<InputAnswer> | undefined;
    let ctl: Driver | undefined;
    const ask = entry('srv', 'ask');
    const callEntry = async (): Promise<HubCallResult> => {
      {
        // As a legacy server's request: its signal is the server's, which the turn's cancel does not abort.
        asked = ctl!.askInput({...FORM, alias: 'srv', tool: 'ask'}, new AbortController().signal);
        const a = await asked;
        return {content: [{type: 'text', text: `answer: ${a.action}`}], durationMs: 1, alias: 'srv', tool: 'ask'};
      }
    };
    const hub: DriverHub = {catalog: catalog([ask]), unavailable: () => [], instructions: () => [], start: async () => {}, reconnect: async () => false, declineInputsFrom: () => 0, acceptInputsFrom: () => {}, close: async () => {}, call: callEntry, callEntry};
    const {controller, ui, frame} = realApp(hub, {steps: [{tool: ask.name, input: {}}, {text: 'done'}]});
    ctl = controller;
    void controller.submit('ask me');
    await frame((t) => t.includes('srv asks you for input · during ask'), 'the form during the turn');
    await typeKeys(ui.stdin, 'abc');
    await press(ui.stdin, CTRL_C);
    expect(await asked).toEqual({action: 'cancel'});
    const f = await frame((t) => t.includes('Turn cancelled.') && !t.includes('asks you for input'), 'the cancelled turn');
    expect(inputRow(f)).not.toContain('abc');
  });
});
