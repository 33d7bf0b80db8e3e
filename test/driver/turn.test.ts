// Turns through the driver against the bundled servers: what the model is
// sent, how calls reach their servers, the step limit, cancel and approvals.
// Everything is read back from the store, as the TUI and --print read it.
import {afterEach, describe, expect, it} from 'vitest';
import {createAnthropicModel} from '../../src/agent/models/anthropic.js';
import {createScriptedModel} from '../../src/agent/models/scripted.js';
import {parseScript} from '../../src/agent/models/script.js';
import type {Model} from '../../src/agent/model.js';
import {Driver} from '../../src/driver/driver.js';
import {initialState} from '../../src/state/app-state.js';
import type {AppEvent} from '../../src/state/events.js';
import {callCard, turnCalls} from '../../src/state/selectors.js';
import {createStore} from '../../src/state/store.js';
import {startFakeAnthropic, type FakeAnthropic} from '../helpers/fake-anthropic.js';
import {nodeServer, testHub} from '../helpers/hub.js';
import {waitFor} from '../helpers/wait.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function setup(model: Model, opts: {maxSteps?: number; yes?: boolean; interactive?: boolean} = {}) {
  const {hub} = testHub([nodeServer('notes', 'notes.mjs'), nodeServer('tickets', 'tickets.mjs')]);
  cleanups.push(() => hub.close());
  await hub.start();
  const store = createStore(initialState({servers: hub.statuses(), maxSteps: opts.maxSteps ?? 10, limits: {previewChars: Infinity}}));
  const driver = new Driver({
    store,
    hub,
    model,
    maxSteps: opts.maxSteps ?? 10,
    rules: {yes: opts.yes ?? true, allow: [], autoApprove: {}},
    interactive: opts.interactive ?? false,
  });
  const events: AppEvent[] = [];
  driver.observe((e) => events.push(e));
  return {hub, store, events, driver};
}

describe('the loop with the real Anthropic SDK against a local fake Messages API', () => {
  let fake: FakeAnthropic;

  it('sends prefixed tools with provenance, routes tool_use to the original name, and returns is_error', async () => {
    let n = 0;
    fake = await startFakeAnthropic(() => {
      n++;
      if (n === 1) return {text: 'Let me look.', toolUses: [{id: 'tu_1', name: 'mcp__tickets__search', input: {query: 'login'}}, {id: 'tu_2', name: 'mcp__tickets__create_ticket', input: {title: 'x', due: 'next friday'}}], stopReason: 'tool_use'};
      return {text: 'Found T-102; the date needs fixing.', stopReason: 'end_turn'};
    });
    cleanups.push(() => fake.close());
    const model = createAnthropicModel({apiKey: 'test-key', baseURL: fake.url, maxRetries: 0, model: 'claude-test'});
    const {driver, store, events} = await setup(model);
    await driver.submit('find the login ticket');
    const state = store.getState();
    expect(state.turn.outcome).toBe('end_turn');
    expect(state.turn.answer).toBe('Found T-102; the date needs fixing.');

    const first = fake.requests[0];
    const names = first.tools.map((t: any) => t.name);
    expect(names).toContain('mcp__notes__search');
    expect(names).toContain('mcp__tickets__search');
    const ticketsSearch = first.tools.find((t: any) => t.name === 'mcp__tickets__search');
    expect(ticketsSearch.description).toMatch(/^\[from tickets\] /);
    expect(ticketsSearch.input_schema.type).toBe('object');
    expect(Object.keys(ticketsSearch).sort()).toEqual(['description', 'input_schema', 'name']);
    expect(first.tools.at(-1).cache_control).toEqual({type: 'ephemeral'});
    expect(first.tools.slice(0, -1).every((t: any) => t.cache_control === undefined)).toBe(true);

    const calls = turnCalls(state);
    expect(calls.map((c) => [c.name, c.outcome?.alias, c.outcome?.tool])).toEqual([
      ['mcp__tickets__search', 'tickets', 'search'],
      ['mcp__tickets__create_ticket', 'tickets', 'create_ticket'],
    ]);
    expect(calls[0]!.preview).toMatch(/^tickets\/search received "search"/);

    const results = fake.requests[1].messages.at(-1).content;
    expect(results.map((r: any) => [r.type, r.tool_use_id, r.is_error ?? false])).toEqual([
      ['tool_result', 'tu_1', false],
      ['tool_result', 'tu_2', true],
    ]);
    expect(results[1].content[0].text).toMatch(/due must be a date in YYYY-MM-DD form/);
    // The tool table is byte-identical between the two requests (prompt cache stays warm).
    expect(JSON.stringify(fake.requests[1].tools)).toBe(JSON.stringify(first.tools));
    expect(events.some((e) => e.type === 'model/text-delta')).toBe(true);
    const assistant = state.conversation.items.filter((i) => i.kind === 'assistant').map((i: any) => i.text);
    expect(assistant.join('|')).toContain('Let me look.');
  });

  it('ends the turn with a readable message on a 401', async () => {
    fake = await startFakeAnthropic(() => ({status: 401, error: {type: 'authentication_error', message: 'invalid x-api-key'}}));
    cleanups.push(() => fake.close());
    const {driver, store} = await setup(createAnthropicModel({apiKey: 'bad', baseURL: fake.url, maxRetries: 0}));
    await driver.submit('hi');
    expect(store.getState().turn.outcome).toBe('error');
    expect(store.getState().turn.error).toMatch(/401.*ANTHROPIC_API_KEY/);
    expect(driver.busy).toBe(false);
  });
});

describe('the step limit', () => {
  it('stops a ping-ponging model at exactly N model requests', async () => {
    let requests = 0;
    const script = parseScript({repeat: true, steps: [{tool: 'mcp__notes__search', input: {query: 'a'}}, {tool: 'mcp__tickets__search', input: {query: 'b'}}]});
    const inner = createScriptedModel({script});
    const counting: Model = {...inner, label: inner.label, offline: true, respond: (r) => (requests++, inner.respond(r))};
    const {driver, events, store} = await setup(counting, {maxSteps: 4});
    await driver.submit('loop forever');
    expect(store.getState().turn.outcome).toBe('step_limit');
    expect(requests).toBe(4);
    expect(turnCalls(store.getState())).toHaveLength(3);
    expect(events.filter((e) => e.type === 'turn/step-limit-reached')).toHaveLength(1);
    expect(store.getState().turn.status).toBe('idle');
    // The history stays valid: the last tool_use got a (not run) result.
    const last = driver.history.at(-1)!;
    expect(last.role).toBe('user');
    expect((last.content[0] as any).is_error).toBe(true);
  });
});

describe('the scripted model with the bundled servers', () => {
  it('calls both search tools in one run, each reaching its own server', async () => {
    const script = parseScript({steps: [{tools: [{tool: 'mcp__notes__search', input: {query: 'pagination'}}, {tool: 'mcp__tickets__search', input: {query: 'login'}}]}, {text: 'Both searched.'}]});
    const {driver, store} = await setup(createScriptedModel({script}));
    await driver.submit('search everywhere');
    const calls = turnCalls(store.getState());
    expect(calls.map((c) => `${c.outcome?.alias}/${c.outcome?.tool}`)).toEqual(['notes/search', 'tickets/search']);
    expect(calls[0]!.preview).toMatch(/^notes\/search received "search"/);
    expect(calls[1]!.preview).toMatch(/^tickets\/search received "search"/);
    expect(store.getState().turn.answer).toBe('Both searched.');
  });

  it('runs a dozen calls of one response at once without a listener-leak warning on stderr', async () => {
    // Each running call listens on the turn's abort signal; Node warns past 10
    // listeners, and that warning lands on the terminal behind the TUI.
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    cleanups.push(async () => void process.off('warning', onWarning));
    const tools = Array.from({length: 12}, (_, i) => ({tool: 'mcp__notes__search', input: {query: `q${i}`}}));
    const {driver, store} = await setup(createScriptedModel({script: parseScript({steps: [{tools}, {text: 'all searched'}]})}));
    await driver.submit('search a dozen times');
    expect(turnCalls(store.getState()).filter((c) => c.outcome && !c.outcome.isError)).toHaveLength(12);
    // Warnings are emitted on a later tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.map((w) => `${w.name}: ${w.message}`)).toEqual([]);
  });

  it('improvises: picks the notes search for a notes question and quotes the result', async () => {
    const {driver, store} = await setup(createScriptedModel());
    await driver.submit('search my notes for pagination');
    expect(turnCalls(store.getState())[0]).toMatchObject({name: 'mcp__notes__search', outcome: {tool: 'search', alias: 'notes'}});
    expect(store.getState().turn.answer).toContain('notes/search received');
  });
});

describe('cancel', () => {
  it('aborts a running turn: the model request is cancelled, the turn ends, the history stays valid', async () => {
    const script = parseScript({steps: [{tool: 'mcp__notes__search', input: {query: 'x'}, delayMs: 5_000}, {text: 'never'}]});
    const {driver, store} = await setup(createScriptedModel({script}));
    const turn = driver.submit('slow')!;
    await waitFor(() => store.getState().turn.step === 1, 'the model request');
    expect(driver.cancel()).toBe(true);
    await turn;
    expect(store.getState().turn).toMatchObject({status: 'idle', outcome: 'cancelled'});
    expect(driver.busy).toBe(false);
    expect(driver.history.map((m) => m.role)).toEqual(['user']);
  });

  it('cancelling while a call waits for approval denies it, and every tool_use still gets its result', async () => {
    const script = parseScript({steps: [{tools: [{tool: 'mcp__tickets__close_ticket', input: {id: 'T-101'}}, {tool: 'mcp__tickets__get_ticket', input: {id: 'T-101'}}]}, {text: 'never'}]});
    const {driver, store} = await setup(createScriptedModel({script}), {yes: false, interactive: true});
    const turn = driver.submit('close it')!;
    // Both calls wait in the one queue, the store's, oldest first.
    await waitFor(() => store.getState().approvals.length === 2, 'both approvals asked');
    expect(store.getState().approvals).toEqual(['toolu_s0_0', 'toolu_s0_1']);
    driver.cancel();
    await turn;
    const state = store.getState();
    expect(state.turn.outcome).toBe('cancelled');
    expect(state.approvals).toEqual([]);
    const uses = driver.history.flatMap((m) => m.content.filter((b) => b.type === 'tool_use').map((b: any) => b.id));
    const results = driver.history.flatMap((m) => m.content.filter((b) => b.type === 'tool_result').map((b: any) => b.tool_use_id));
    expect(results.sort()).toEqual(uses.sort());
  });
});

describe('interactive approvals: one queue and one always-allow set, in the store', () => {
  it('deny gives the model a denial result; always stops asking for that tool', async () => {
    const script = parseScript({
      steps: [{tool: 'mcp__tickets__close_ticket', input: {id: 'T-101'}}, {tool: 'mcp__tickets__close_ticket', input: {id: 'T-102'}}, {tool: 'mcp__tickets__close_ticket', input: {id: 'T-103'}}, {text: 'done'}],
    });
    const {driver, events, store} = await setup(createScriptedModel({script}), {yes: false, interactive: true});
    const answers: Array<'deny' | 'always'> = ['deny', 'always'];
    const off = driver.observe((e) => {
      // Answered the way the UI does: the head of the store's queue.
      if (e.type === 'call/approval-asked') queueMicrotask(() => driver.answerApproval(store.getState().approvals[0]!, answers.shift()!));
    });
    cleanups.push(async () => off());
    await driver.submit('close tickets');
    const calls = turnCalls(store.getState());
    expect(calls.map((c) => c.outcome?.isError)).toEqual([true, false, false]);
    expect(calls[0]!.preview).toMatch(/The user declined the call to mcp__tickets__close_ticket/);
    expect(calls[0]!.state).toBe('denied');
    expect(events.filter((e) => e.type === 'call/approval-asked')).toHaveLength(2);
    expect([...store.getState().alwaysAllowed]).toEqual(['mcp__tickets__close_ticket']);
  });

  it('always answers every call of that tool already waiting, not only the one asked about', async () => {
    const close = (id: string) => ({tool: 'mcp__tickets__close_ticket', input: {id}});
    const script = parseScript({steps: [{tools: [close('T-101'), {tool: 'mcp__tickets__create_ticket', input: {title: 't'}}, close('T-102'), close('T-103')]}, {text: 'done'}]});
    const {driver, store} = await setup(createScriptedModel({script}), {yes: false, interactive: true});
    const turn = driver.submit('close them')!;
    await waitFor(() => store.getState().approvals.length === 4, 'all four asked');
    driver.answerApproval(store.getState().approvals[0]!, 'always');
    // The other tool's call still waits for its own answer.
    await waitFor(() => store.getState().approvals.length === 1, 'the three close_ticket calls approved');
    const left = store.getState().approvals[0]!;
    expect(callCard(store.getState(), left)!.name).toBe('mcp__tickets__create_ticket');
    driver.answerApproval(left, 'deny');
    await turn;
    const cards = store.getState().conversation.items.filter((i) => i.kind === 'tool-call' && i.name === 'mcp__tickets__close_ticket');
    expect(cards.map((c) => (c as {approval?: string}).approval)).toEqual(['always', 'always', 'always']);
  });

  it('an answer for a call that is not waiting is ignored', async () => {
    const {driver, store} = await setup(createScriptedModel());
    const before = store.getState();
    driver.answerApproval('no-such-call', 'always');
    expect(store.getState()).toBe(before);
  });
});
