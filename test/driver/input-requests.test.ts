// Server requests (elicitation, sampling) through the driver: the queue is
// the store's, the answer comes back through an event, a cancelled turn
// withdraws what is still waiting.
import {describe, expect, it} from 'vitest';
import {waitFor} from '../helpers/wait.js';
import {clientFeatures, type FeatureHost} from '../../src/agent/client-features.js';
import type {Model} from '../../src/agent/model.js';
import {createScriptedModel} from '../../src/agent/models/scripted.js';
import {parseScript} from '../../src/agent/models/script.js';
import type {ServerConfig, StdioServerConfig} from '../../src/config/index.js';
import {Driver} from '../../src/driver/driver.js';
import {InputGate} from '../../src/hub/input-gate.js';
import {initialState} from '../../src/state/app-state.js';
import {latestNotice} from '../../src/state/selectors.js';
import {createStore, type Store} from '../../src/state/store.js';

const server = (over: Partial<StdioServerConfig> = {}): ServerConfig => ({
  alias: 's', type: 'stdio', command: 'x', args: [], env: {}, disabled: false, trusted: false, autoApprove: [], startupTimeoutMs: 1, installTimeoutMs: 1, callTimeoutMs: 1,
  toolTimeouts: {}, excludeTools: [], roots: [], sampling: false, extra: {}, ...over,
});
const host = (over: Partial<FeatureHost> = {}): FeatureHost => ({
  interactive: false, yes: false, model: () => createScriptedModel({script: parseScript({steps: [{text: 'Paris'}]})}), ask: async () => ({action: 'decline'}), ...over,
});
const schema = {type: 'object', properties: {name: {type: 'string', default: 'octo'}, n: {type: 'integer'}}, required: ['name']};

/** A driver over a hub with no servers; "decline all" goes to `gate` (the hub's own mechanism) when given. */
function driverOver(store: Store, model: Model, gate?: InputGate): Driver {
  const hub = {
    catalog: {entries: [], byName: new Map(), version: 0}, unavailable: () => [], instructions: () => [], start: async () => {}, reconnect: async () => false, close: async () => {},
    declineInputsFrom: (alias: string) => gate?.declineFrom(alias) ?? 0, acceptInputsFrom: (alias: string) => gate?.acceptFrom(alias),
    call: async () => ({content: [], durationMs: 0}), callEntry: async () => ({content: [], durationMs: 0}),
  };
  return new Driver({store, hub, model, maxSteps: 1, rules: {yes: false, allow: [], autoApprove: {}}, interactive: true});
}

/** A driver with a turn under way (its model answers after 5 s, unless cancelled). */
function slowTurn() {
  const store = createStore(initialState());
  const script = parseScript({steps: [{text: 'slow', delayMs: 5_000}]});
  const driver = driverOver(store, createScriptedModel({script}));
  return {store, driver, turn: driver.submit('q')!};
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
    const {store, driver, turn} = slowTurn();
    const pending = driver.askInput({alias: 's', kind: 'elicitation', message: 'name?'});
    expect(store.getState().inputRequests).toHaveLength(1);
    driver.cancel();
    expect(await pending).toEqual({action: 'cancel'});
    expect(store.getState().inputRequests).toHaveLength(0);
    await turn;
    expect(store.getState().turn.outcome).toBe('cancelled');
  });
});

describe('a question asked while a turn runs', () => {
  it('is refused with a notice that goes when the turn ends', async () => {
    const {store, driver, turn} = slowTurn();
    expect(driver.ask('another')).toBe(false);
    expect(latestNotice(store.getState())?.text).toMatch(/a turn is still running/);
    driver.cancel();
    await turn;
    expect(latestNotice(store.getState())?.text ?? '').not.toMatch(/a turn is still running/);
  });
});

describe('decline all from this server', () => {
  /** Two servers asking through the hub's gate, a driver showing their requests. */
  function flooded() {
    const store = createStore(initialState());
    const gate = new InputGate(() => {}, 10);
    const driver = driverOver(store, createScriptedModel(), gate);
    const features = (alias: string) => gate.wrap(alias, clientFeatures(server({alias, sampling: true}), host({interactive: true, ask: (r, sig) => driver.askInput(r, sig)})));
    const elicit = (alias: string) => features(alias).elicit!({message: `${alias} asks`, requestedSchema: schema}, {alias});
    return {store, driver, elicit, features};
  }

  it('declines what the server has waiting, and what it asks later without showing it; other servers still ask', async () => {
    const {store, driver, elicit} = flooded();
    const first = elicit('flood');
    const other = elicit('calm');
    const second = elicit('flood');
    await waitFor(() => store.getState().inputRequests.length === 3, 'three requests shown');
    driver.declineInputsFrom('flood');
    expect(await first).toEqual({action: 'decline'});
    expect(await second).toEqual({action: 'decline'});
    expect(store.getState().inputRequests.map((r) => r.alias)).toEqual(['calm']);
    expect(store.getState().notices.at(-1)?.text).toContain('declined 2 requests from flood; its later requests are declined without asking (/accept flood undoes it)');
    // Later requests never reach the user.
    expect(await elicit('flood')).toEqual({action: 'decline'});
    expect(store.getState().inputRequests).toHaveLength(1);
    driver.answerInput(store.getState().inputRequests[0]!.requestId, {action: 'accept', content: {name: 'Ada'}});
    expect(await other).toEqual({action: 'accept', content: {name: 'Ada'}});
  });

  it('sampling is declined too, and accepting the server again lets it ask', async () => {
    const {store, driver, elicit, features} = flooded();
    driver.declineInputsFrom('flood');
    await expect(features('flood').sample!({messages: [{role: 'user', content: {type: 'text', text: 'hi'}}], maxTokens: 10}, {alias: 'flood'})).rejects.toThrow(/declined/);
    driver.acceptInputsFrom('flood');
    expect(store.getState().notices.at(-1)?.text).toBe('flood may ask you for input again');
    const asked = elicit('flood');
    await waitFor(() => store.getState().inputRequests.length === 1, 'the request shown again');
    driver.answerInput(store.getState().inputRequests[0]!.requestId, {action: 'decline'});
    expect(await asked).toEqual({action: 'decline'});
  });
});
