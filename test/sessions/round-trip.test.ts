import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {Driver, type DriverHub} from '../../src/driver/driver.js';
import {createScriptedModel} from '../../src/agent/models/scripted.js';
import {parseScript} from '../../src/agent/models/script.js';
import {buildCatalog} from '../../src/hub/catalog.js';
import type {CatalogEntry, HubCallResult} from '../../src/hub/types.js';
import {loadSession, SessionRecorder} from '../../src/sessions/index.js';
import {initialState} from '../../src/state/app-state.js';
import {createStore} from '../../src/state/store.js';
import {expectValidForApi, tempState} from './helpers.js';

const {catalog} = buildCatalog([
  {alias: 'notes', trusted: false, tools: [{name: 'search', inputSchema: {type: 'object'}}, {name: 'read_note', inputSchema: {type: 'object'}}]},
]);

/** A hub whose tools answer with their name and arguments; `fail` makes read_note an error. */
function fakeHub(): DriverHub {
  const callEntry = async (entry: CatalogEntry, args: unknown): Promise<HubCallResult> => {
    const isError = entry.tool === 'read_note';
    return {content: [{type: 'text', text: `${entry.tool} got ${JSON.stringify(args)}`}], isError, alias: entry.alias, tool: entry.tool, durationMs: 1};
  };
  return {
    catalog,
    unavailable: () => [],
    instructions: () => [],
    start: async () => {},
    reconnect: async () => true,
    declineInputsFrom: () => 0,
    acceptInputsFrom: () => {},
    close: async () => {},
    callEntry,
    call: (name, args) => callEntry(catalog.byName.get(name)!, args),
  };
}

function controller(recorder: SessionRecorder, script: unknown, history?: Driver['history']) {
  return new Driver({
    store: createStore(initialState()),
    hub: fakeHub(),
    model: createScriptedModel({script: parseScript(script)}),
    maxSteps: 5,
    rules: {yes: true, allow: [], autoApprove: {}},
    interactive: false,
    recorder,
    history,
  });
}

let state: ReturnType<typeof tempState>;
beforeEach(() => (state = tempState()));
afterEach(() => state.cleanup());

describe('SessionRecorder + loadSession', () => {
  it('rebuilds exactly the history the driver held: text, parallel calls, errors, two turns', async () => {
    const recorder = SessionRecorder.create({env: state.env, cwd: '/work', configPath: '/work/mcp.config.json', model: 'scripted: test'});
    const c = controller(recorder, {
      steps: [
        {text: 'Looking.', tools: [{tool: 'mcp__notes__search', input: {query: 'deploy'}}, {tool: 'mcp__notes__read_note', input: {id: 'n9'}}]},
        {text: 'Found it.'},
        {tool: 'mcp__notes__search', input: {query: 'again'}},
        {text: 'Second answer.'},
      ],
    });
    await c.submit('first question');
    expect(c.store.getState().turn.outcome).toBe('end_turn');
    await c.submit('second question');
    expect(c.store.getState().turn.outcome).toBe('end_turn');
    recorder.close();

    const loaded = loadSession(recorder.id, state.env);
    expect(loaded.warnings).toEqual([]);
    expect(loaded.turns).toBe(2);
    expect(loaded.history).toEqual(c.history);
    expectValidForApi(loaded.history);
    expect(loaded.meta).toMatchObject({id: recorder.id, cwd: '/work', config: '/work/mcp.config.json', model: 'scripted: test'});
    expect(loaded.meta.startedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The error result of read_note keeps its flag.
    const results = loaded.history[2]!.content;
    expect(results).toMatchObject([{type: 'tool_result', tool_use_id: 'toolu_s0_0'}, {type: 'tool_result', tool_use_id: 'toolu_s0_1', is_error: true}]);
  });

  it('ids sort by time and the file appears only with the first record', async () => {
    const recorder = SessionRecorder.create({env: state.env, now: () => new Date('2026-11-30T04:12:33.120Z')});
    expect(recorder.id).toMatch(/^2026-11-30T04-12-33-[0-9a-f]{4}$/);
    expect(() => loadSession('latest', state.env)).toThrow(/no saved sessions yet/);
    recorder.user('hello');
    expect(loadSession('latest', state.env).meta.id).toBe(recorder.id);
    recorder.close();
  });

  it('/clear is recorded: a resume starts from the conversation after it', async () => {
    const rec = SessionRecorder.create({env: state.env});
    const c = controller(rec, {steps: [{text: 'one'}, {text: 'two'}]});
    await c.submit('before the clear');
    c.clear();
    await c.submit('after the clear');
    rec.close();
    const loaded = loadSession('latest', state.env);
    expect(loaded.turns).toBe(1);
    expect(loaded.history[0]).toEqual({role: 'user', content: [{type: 'text', text: 'after the clear'}]});
    expect(loaded.history).toEqual(c.history);
  });

  it('a resumed session appends to the same file and continues the conversation', async () => {
    const first = SessionRecorder.create({env: state.env});
    const script = {steps: [{tool: 'mcp__notes__search', input: {query: 'a'}}, {text: 'one'}, {text: 'two'}]};
    await controller(first, script).submit('q1');
    first.close();

    const loaded = loadSession('latest', state.env);
    const again = SessionRecorder.resume(loaded.meta.id, {env: state.env, model: 'scripted'});
    expect(again.path).toBe(first.path);
    const c = controller(again, script, loaded.history);
    await c.submit('q2');
    expect(c.store.getState().turn.answer).toBe('two');
    again.close();

    const reloaded = loadSession(loaded.meta.id, state.env);
    expect(reloaded.warnings).toEqual([]);
    expect(reloaded.turns).toBe(2);
    expect(reloaded.history).toEqual(c.history);
    expectValidForApi(reloaded.history);
  });

  it('a step-limited turn saves the result of the call it did not run, as the model was told it', async () => {
    const recorder = SessionRecorder.create({env: state.env});
    const c = new Driver({
      store: createStore(initialState()),
      hub: fakeHub(),
      model: createScriptedModel({script: parseScript({repeat: true, steps: [{tool: 'mcp__notes__search', input: {}}]})}),
      maxSteps: 2,
      rules: {yes: true, allow: [], autoApprove: {}},
      interactive: false,
      recorder,
    });
    await c.submit('loop');
    expect(c.store.getState().turn.outcome).toBe('step_limit');
    recorder.user('next question');
    recorder.close();
    const loaded = loadSession(recorder.id, state.env);
    expectValidForApi(loaded.history);
    expect(loaded.warnings).toEqual([]);
    expect(loaded.history).toHaveLength(c.history.length);
    // The same words as in memory, not the loader's generic repair.
    const notRun = {type: 'tool_result', is_error: true, content: [{type: 'text', text: 'not run: the step limit of 2 model requests for one turn was reached'}]};
    expect(c.history.at(-1)!.content).toMatchObject([notRun]);
    expect(loaded.history.at(-1)!.content).toMatchObject([notRun, {type: 'text', text: 'next question'}]);
  });
});
