import {afterEach, describe, expect, it} from 'vitest';
import {Controller} from '../../src/agent/controller.js';
import {createAnthropicModel} from '../../src/agent/models/anthropic.js';
import {createScriptedModel} from '../../src/agent/models/scripted.js';
import {parseScript} from '../../src/agent/models/script.js';
import type {Model} from '../../src/agent/model.js';
import type {Hub} from '../../src/hub/hub.js';
import {initialState} from '../../src/state/app-state.js';
import {createStore} from '../../src/state/store.js';
import type {AppEvent} from '../../src/state/events.js';
import {startFakeAnthropic, type FakeAnthropic} from '../fakes/fake-anthropic.js';
import {nodeServer, testHub} from '../helpers/hub.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function setup(model: Model, opts: {maxSteps?: number; yes?: boolean; interactive?: boolean} = {}) {
  const {hub} = testHub([nodeServer('notes', 'notes.mjs'), nodeServer('tickets', 'tickets.mjs')]);
  cleanups.push(() => hub.close());
  await hub.start();
  const store = createStore(initialState({servers: [{alias: 'notes'}, {alias: 'tickets'}], maxSteps: opts.maxSteps ?? 10}));
  const events: AppEvent[] = [];
  const observed = {...store, dispatch: (e: AppEvent) => (events.push(e), store.dispatch(e))};
  const controller = new Controller({
    store: observed,
    hub: hub as Hub,
    model,
    maxSteps: opts.maxSteps ?? 10,
    rules: {yes: opts.yes ?? true, allow: [], autoApprove: {}},
    interactive: opts.interactive ?? false,
  });
  return {hub, store, events, controller};
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
    const {controller, store, events} = await setup(model);
    const outcome = (await controller.submit('find the login ticket'))!;
    expect(outcome.stopReason).toBe('end_turn');
    expect(outcome.answer).toBe('Found T-102; the date needs fixing.');

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

    expect(outcome.calls.map((c) => [c.name, c.server, c.tool])).toEqual([
      ['mcp__tickets__search', 'tickets', 'search'],
      ['mcp__tickets__create_ticket', 'tickets', 'create_ticket'],
    ]);
    expect(outcome.calls[0]!.text).toMatch(/^tickets\/search received "search"/);

    const results = fake.requests[1].messages.at(-1).content;
    expect(results.map((r: any) => [r.type, r.tool_use_id, r.is_error ?? false])).toEqual([
      ['tool_result', 'tu_1', false],
      ['tool_result', 'tu_2', true],
    ]);
    expect(results[1].content[0].text).toMatch(/due must be a date in YYYY-MM-DD form/);
    // The tool table is byte-identical between the two requests (prompt cache stays warm).
    expect(JSON.stringify(fake.requests[1].tools)).toBe(JSON.stringify(first.tools));
    expect(events.some((e) => e.type === 'model/text-delta')).toBe(true);
    const assistant = store.getState().conversation.items.filter((i) => i.kind === 'assistant').map((i: any) => i.text);
    expect(assistant.join('|')).toContain('Let me look.');
  });

  it('ends the turn with a readable message on a 401', async () => {
    fake = await startFakeAnthropic(() => ({status: 401, error: {type: 'authentication_error', message: 'invalid x-api-key'}}));
    cleanups.push(() => fake.close());
    const {controller} = await setup(createAnthropicModel({apiKey: 'bad', baseURL: fake.url, maxRetries: 0}));
    const outcome = (await controller.submit('hi'))!;
    expect(outcome.stopReason).toBe('error');
    expect(outcome.error).toMatch(/401.*ANTHROPIC_API_KEY/);
    expect(controller.busy).toBe(false);
  });
});

describe('the step limit', () => {
  it('stops a ping-ponging model at exactly N model requests', async () => {
    let requests = 0;
    const script = parseScript({repeat: true, steps: [{tool: 'mcp__notes__search', input: {query: 'a'}}, {tool: 'mcp__tickets__search', input: {query: 'b'}}]});
    const inner = createScriptedModel({script});
    const counting: Model = {...inner, label: inner.label, offline: true, respond: (r) => (requests++, inner.respond(r))};
    const {controller, events, store} = await setup(counting, {maxSteps: 4});
    const outcome = (await controller.submit('loop forever'))!;
    expect(outcome.stopReason).toBe('step_limit');
    expect(requests).toBe(4);
    expect(outcome.calls).toHaveLength(3);
    expect(events.filter((e) => e.type === 'turn/step-limit-reached')).toHaveLength(1);
    expect(store.getState().turn.status).toBe('idle');
    // The history stays valid: the last tool_use got a (not run) result.
    const last = controller.history.at(-1)!;
    expect(last.role).toBe('user');
    expect((last.content[0] as any).is_error).toBe(true);
  });
});

describe('the scripted model with the bundled servers', () => {
  it('calls both search tools in one run, each reaching its own server', async () => {
    const script = parseScript({steps: [{tools: [{tool: 'mcp__notes__search', input: {query: 'pagination'}}, {tool: 'mcp__tickets__search', input: {query: 'login'}}]}, {text: 'Both searched.'}]});
    const {controller} = await setup(createScriptedModel({script}));
    const outcome = (await controller.submit('search everywhere'))!;
    expect(outcome.calls.map((c) => `${c.server}/${c.tool}`)).toEqual(['notes/search', 'tickets/search']);
    expect(outcome.calls[0]!.text).toMatch(/^notes\/search received "search"/);
    expect(outcome.calls[1]!.text).toMatch(/^tickets\/search received "search"/);
    expect(outcome.answer).toBe('Both searched.');
  });

  it('improvises: picks the notes search for a notes question and quotes the result', async () => {
    const {controller} = await setup(createScriptedModel());
    const outcome = (await controller.submit('search my notes for pagination'))!;
    expect(outcome.calls[0]).toMatchObject({name: 'mcp__notes__search', tool: 'search', server: 'notes'});
    expect(outcome.answer).toContain('notes/search received');
  });
});

describe('cancel', () => {
  it('aborts a running turn: the call is cancelled, the turn ends, the session stays usable', async () => {
    const script = parseScript({steps: [{tool: 'mcp__notes__search', input: {query: 'x'}, delayMs: 5_000}, {text: 'never'}]});
    const {controller, store} = await setup(createScriptedModel({script}));
    const turn = controller.submit('slow')!;
    await new Promise((r) => setTimeout(r, 50));
    expect(controller.cancel()).toBe(true);
    expect((await turn).stopReason).toBe('cancelled');
    expect(store.getState().turn.status).toBe('idle');
    expect(controller.busy).toBe(false);
  });
});

describe('interactive approvals through the controller', () => {
  it('deny gives the model a denial result; always stops asking for that tool', async () => {
    const script = parseScript({
      steps: [{tool: 'mcp__tickets__close_ticket', input: {id: 'T-101'}}, {tool: 'mcp__tickets__close_ticket', input: {id: 'T-102'}}, {tool: 'mcp__tickets__close_ticket', input: {id: 'T-103'}}, {text: 'done'}],
    });
    const {controller, events} = await setup(createScriptedModel({script}), {yes: false, interactive: true});
    const answers = ['deny', 'always'] as const;
    let asked = 0;
    const turn = controller.submit('close tickets')!;
    const seen = new Set<string>();
    while (asked < 2) {
      const ask = events.find((e) => e.type === 'call/approval-asked' && !seen.has(e.callId));
      if (ask && ask.type === 'call/approval-asked') {
        seen.add(ask.callId);
        controller.answerApproval(ask.callId, answers[asked++]!);
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    const outcome = await turn;
    expect(outcome.calls.map((c) => c.isError)).toEqual([true, false, false]);
    expect(outcome.calls[0]!.text).toMatch(/The user declined the call to mcp__tickets__close_ticket/);
    expect(events.filter((e) => e.type === 'call/approval-asked')).toHaveLength(2);
  });
});
