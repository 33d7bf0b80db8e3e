// Deferred tools through the driver with the offline model: the first
// request carries the search tool instead of the table, the model searches,
// the found tool arrives in the next request (appended, so the earlier bytes
// stay a prefix), and the search has a card like any call.
import {afterEach, describe, expect, it} from 'vitest';
import type {Model, ModelRequest} from '../../src/agent/model.js';
import {createScriptedModel} from '../../src/agent/models/scripted.js';
import type {ToolSearchSettings} from '../../src/agent/tool-search/settings.js';
import {Driver} from '../../src/driver/driver.js';
import {initialState} from '../../src/state/app-state.js';
import {turnCalls} from '../../src/state/selectors.js';
import {createStore} from '../../src/state/store.js';
import {nodeServer, testHub} from '../helpers/hub.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

function recording(model: Model): {model: Model; requests: ModelRequest[]} {
  const requests: ModelRequest[] = [];
  return {requests, model: {...model, label: model.label, offline: true, respond: (r) => (requests.push(structuredClone({...r, signal: undefined, onText: undefined})), model.respond(r))}};
}

async function run(question: string, toolSearch: ToolSearchSettings) {
  const {hub} = testHub([nodeServer('notes', 'notes.mjs'), nodeServer('tickets', 'tickets.mjs')]);
  cleanups.push(() => hub.close());
  await hub.start();
  const {model, requests} = recording(createScriptedModel());
  const store = createStore(initialState({servers: hub.statuses(), limits: {previewChars: Infinity}}));
  const driver = new Driver({store, hub, model, maxSteps: 10, rules: {yes: true, allow: [], autoApprove: {}}, interactive: false, toolSearch});
  await driver.submit(question);
  return {state: store.getState(), requests, driver};
}

const names = (r: ModelRequest) => r.tools.map((t) => t.name);

describe('tool search with the offline model', () => {
  it('defers every tool when on: search, then the found tool is appended and called', async () => {
    const {state, requests} = await run('get ticket T-102', {mode: 'on'});
    expect(names(requests[0]!)).toEqual(['search_tools']);
    expect(requests[0]!.tools[0]!.description).toMatch(/^Search the MCP tools that are not loaded yet/);
    const calls = turnCalls(state);
    expect(calls.map((c) => c.name)).toEqual(['search_tools', 'mcp__tickets__get_ticket']);
    expect(calls[0]!.preview).toMatch(/^Found \d+ tools?; call them by these names:\nmcp__tickets__get_ticket — /);
    // The second request starts with the first one's table, byte for byte, and adds what search found.
    const second = requests[1]!.tools;
    expect(JSON.stringify(second.slice(0, 1))).toBe(JSON.stringify(requests[0]!.tools));
    expect(second.map((t) => t.name)).toContain('mcp__tickets__get_ticket');
    expect(state.turn.answer).toMatch(/From mcp__tickets__get_ticket:/);
  });

  it('sends the whole table and no search tool when off, or under the auto threshold', async () => {
    for (const toolSearch of [{mode: 'off'}, {mode: 'auto'}] as ToolSearchSettings[]) {
      const {requests, state} = await run('get ticket T-102', toolSearch);
      expect(names(requests[0]!)).not.toContain('search_tools');
      expect(names(requests[0]!)).toHaveLength(7);
      expect(turnCalls(state).map((c) => c.name)).toEqual(['mcp__tickets__get_ticket']);
    }
  });

  it('keeps a server whose deferTools is false loaded, and defers one set to true under the threshold', async () => {
    const on = await run('get ticket T-102', {mode: 'on', deferTools: {tickets: false}});
    expect(names(on.requests[0]!)).toEqual(['mcp__tickets__search', 'mcp__tickets__create_ticket', 'mcp__tickets__close_ticket', 'mcp__tickets__get_ticket', 'search_tools']);
    // A loaded tool whose name matches is called without searching.
    expect(turnCalls(on.state).map((c) => c.name)).toEqual(['mcp__tickets__get_ticket']);
    const auto = await run('read note 1', {mode: 'auto', deferTools: {notes: true}});
    expect(names(auto.requests[0]!)).toEqual(['mcp__tickets__search', 'mcp__tickets__create_ticket', 'mcp__tickets__close_ticket', 'mcp__tickets__get_ticket', 'search_tools']);
    expect(turnCalls(auto.state).map((c) => c.name)).toEqual(['search_tools', 'mcp__notes__read_note']);
  });

  it('defers past the auto threshold only', async () => {
    const over = await run('get ticket T-102', {mode: 'auto', thresholdTokens: 10});
    expect(names(over.requests[0]!)).toEqual(['search_tools']);
    const under = await run('get ticket T-102', {mode: 'auto', thresholdTokens: 1_000_000});
    expect(names(under.requests[0]!)).toHaveLength(7);
  });
});
