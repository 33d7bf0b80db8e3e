// The tool table's size: the offline estimate until the model API has
// counted the current table, then the API's count, per server and in total;
// the Servers pane, the status line and --list-tools say which they show.
import {afterEach, describe, expect, it} from 'vitest';
import {createAnthropicModel} from '../../src/agent/models/anthropic.js';
import {createScriptedModel} from '../../src/agent/models/scripted.js';
import {listToolsText} from '../../src/cli/list-tools.js';
import {Driver} from '../../src/driver/driver.js';
import {estimateToolTokens} from '../../src/hub/tool-tokens.js';
import {toModelTool} from '../../src/hub/translate.js';
import {initialState} from '../../src/state/app-state.js';
import {createStore} from '../../src/state/store.js';
import {costLabel, toolTokens} from '../../src/state/tool-tokens.js';
import {startFakeAnthropic} from '../helpers/fake-anthropic.js';
import {nodeServer, testHub} from '../helpers/hub.js';
import {waitFor} from '../helpers/wait.js';
import type {Model} from '../../src/agent/model.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function started(model: Model) {
  let driver: Driver | undefined;
  const {hub} = testHub([nodeServer('notes', 'notes.mjs'), nodeServer('tickets', 'tickets.mjs')], {onEvent: (e) => driver?.hubEvent(e)});
  cleanups.push(() => hub.close());
  const store = createStore(initialState({servers: hub.statuses()}));
  driver = new Driver({store, hub, model, maxSteps: 10, rules: {yes: true, allow: [], autoApprove: {}}, interactive: false});
  await driver.start();
  return store;
}

describe('tool table tokens', () => {
  it('are estimated offline per server and in total, and said to be estimates', async () => {
    const store = await started(createScriptedModel());
    const state = store.getState();
    const tokens = toolTokens(state);
    const notes = state.catalog.entries.filter((e) => e.alias === 'notes').map(toModelTool);
    expect(tokens).toMatchObject({source: 'estimate', byAlias: {notes: estimateToolTokens(notes)}});
    expect(tokens.total).toBe(tokens.byAlias.notes! + tokens.byAlias.tickets!);
    expect(costLabel(state)).toMatch(/^~\d+ tool tokens \(est\.\)$/);
    expect(listToolsText(state)).toContain(`Tool table: ~${tokens.total} tokens (estimated offline`);
    expect(listToolsText(state)).toMatch(new RegExp(`notes .* ~${tokens.byAlias.notes} tokens`));
  });

  it('are counted by the API when a key is set, and the count replaces the estimate', async () => {
    const fake = await startFakeAnthropic(() => ({text: 'ok'}));
    cleanups.push(() => fake.close());
    const store = await started(createAnthropicModel({apiKey: 'k', baseURL: fake.url, maxRetries: 0, model: 'claude-test'}));
    await waitFor(() => store.getState().countedTokens !== null);
    const state = store.getState();
    const rule = (tools: unknown[]) => Math.ceil(JSON.stringify([tools, [{role: 'user', content: 'x'}]]).length / 4);
    const notes = state.catalog.entries.filter((e) => e.alias === 'notes').map(toModelTool);
    const tokens = toolTokens(state);
    expect(tokens.source).toBe('api');
    expect(fake.counts.length).toBeGreaterThan(0);
    expect(fake.requests).toEqual([]);
    expect(tokens.byAlias.notes).toBe(rule(notes) - rule([]));
    expect(costLabel(state)).toMatch(/^\d+ tool tokens$/);
    expect(listToolsText(state)).toContain('(counted by the model API)');
  });
});
