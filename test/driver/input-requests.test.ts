// Server requests (elicitation, sampling) through the driver: the queue is
// the store's, the answer comes back through an event, a cancelled turn
// withdraws what is still waiting.
import {describe, expect, it} from 'vitest';
import {clientFeatures, type FeatureHost} from '../../src/agent/client-features.js';
import type {Model} from '../../src/agent/model.js';
import {createScriptedModel} from '../../src/agent/models/scripted.js';
import {parseScript} from '../../src/agent/models/script.js';
import type {ServerConfig, StdioServerConfig} from '../../src/config/index.js';
import {Driver} from '../../src/driver/driver.js';
import {initialState} from '../../src/state/app-state.js';
import {createStore, type Store} from '../../src/state/store.js';

const server = (over: Partial<StdioServerConfig> = {}): ServerConfig => ({
  alias: 's', type: 'stdio', command: 'x', args: [], env: {}, disabled: false, trusted: false, autoApprove: [], startupTimeoutMs: 1, installTimeoutMs: 1, callTimeoutMs: 1,
  toolTimeouts: {}, excludeTools: [], roots: [], sampling: false, extra: {}, ...over,
});
const host = (over: Partial<FeatureHost> = {}): FeatureHost => ({
  interactive: false, yes: false, model: () => createScriptedModel({script: parseScript({steps: [{text: 'Paris'}]})}), ask: async () => ({action: 'decline'}), ...over,
});
const schema = {type: 'object', properties: {name: {type: 'string', default: 'octo'}, n: {type: 'integer'}}, required: ['name']};

/** A driver over a hub with no servers. */
function driverOver(store: Store, model: Model): Driver {
  const hub = {catalog: {entries: [], byName: new Map(), version: 0}, unavailable: () => [], instructions: () => [], start: async () => {}, reconnect: async () => false, close: async () => {}, call: async () => ({content: [], durationMs: 0}), callEntry: async () => ({content: [], durationMs: 0})};
  return new Driver({store, hub, model, maxSteps: 1, rules: {yes: false, allow: [], autoApprove: {}}, interactive: true});
}

describe('a server asks the user', () => {
  it('the UI path: the question goes to the store, the answer comes back as the result', async () => {
    const store = createStore(initialState());
    const driver = driverOver(store, createScriptedModel());
    const f = clientFeatures(server(), host({interactive: true, ask: (r, s) => driver.askInput(r, s)}));
    const pending = f.elicit!({message: 'Your \u001b[2Jname?', requestedSchema: schema}, {alias: 's'});
    const asked = store.getState().inputRequests[0]!;
    expect(asked).toMatchObject({alias: 's', kind: 'elicitation', message: 'Your name?'});
    driver.answerInput(asked.requestId, {action: 'accept', content: {name: 'Ada'}});
    expect(await pending).toEqual({action: 'accept', content: {name: 'Ada'}});
    expect(store.getState().inputRequests).toHaveLength(0);
  });

  it('an answer for a request no longer waiting is ignored', () => {
    const store = createStore(initialState());
    const driver = driverOver(store, createScriptedModel());
    const before = store.getState();
    driver.answerInput('input-99', {action: 'accept'});
    expect(store.getState()).toBe(before);
  });
});

describe('cancelling a turn', () => {
  it('also cancels server requests still waiting for the user', async () => {
    const store = createStore(initialState());
    const script = parseScript({steps: [{text: 'slow', delayMs: 5_000}]});
    const driver = driverOver(store, createScriptedModel({script}));
    const turn = driver.submit('q')!;
    const pending = driver.askInput({alias: 's', kind: 'elicitation', message: 'name?'});
    expect(store.getState().inputRequests).toHaveLength(1);
    driver.cancel();
    expect(await pending).toEqual({action: 'cancel'});
    expect(store.getState().inputRequests).toHaveLength(0);
    await turn;
    expect(store.getState().turn.outcome).toBe('cancelled');
  });
});
