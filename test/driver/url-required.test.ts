// A call refused with -32042 (URL elicitation required): the page is shown to
// the user like a URL elicitation (never opened), and the model is told.
import {resolve} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {createScriptedModel} from '../../src/agent/models/scripted.js';
import {parseScript} from '../../src/agent/models/script.js';
import {Driver} from '../../src/driver/driver.js';
import {initialState} from '../../src/state/app-state.js';
import type {AppEvent} from '../../src/state/events.js';
import {latestNotice, turnCalls} from '../../src/state/selectors.js';
import {createStore} from '../../src/state/store.js';
import {testHub} from '../helpers/hub.js';
import {ROOT} from '../helpers/servers.js';
import {waitFor} from '../helpers/wait.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const URL = 'https://mcp.example.com/connect?elicitationId=e-1';

async function setup(interactive: boolean) {
  const server = {alias: 'link', command: process.execPath, args: [resolve(ROOT, 'test/fixtures/needs-link.mjs')], env: {PATH: process.env.PATH ?? ''}, startupTimeoutMs: 20_000, callTimeoutMs: 20_000};
  const {hub} = testHub([server]);
  cleanups.push(() => hub.close());
  await hub.start();
  const store = createStore(initialState({servers: hub.statuses(), maxSteps: 4, limits: {previewChars: Infinity}}));
  const model = createScriptedModel({script: parseScript({steps: [{tool: 'mcp__link__files'}, {text: 'done'}]})});
  const driver = new Driver({store, hub, model, maxSteps: 4, rules: {yes: true, allow: [], autoApprove: {}}, interactive});
  const events: AppEvent[] = [];
  driver.observe((e) => events.push(e));
  return {store, driver, events};
}

/** The text of the tool_result the model was given for the one call. */
function modelSaw(events: AppEvent[]): string {
  const done = events.find((e): e is Extract<AppEvent, {type: 'call/completed'}> => e.type === 'call/completed');
  return (done?.block?.content ?? []).map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

describe('-32042 URL elicitation required', () => {
  it('shows the page as a link request (never opened) and tells the model what the user answered', async () => {
    const {store, driver, events} = await setup(true);
    const turn = driver.submit('list my files');
    await waitFor(() => store.getState().inputRequests.length === 1, 'the link request');
    const request = store.getState().inputRequests[0]!;
    expect(request).toMatchObject({alias: 'link', kind: 'elicitation', url: URL, tool: 'files'});
    expect(request.message).toContain('Authorization is required to access your Example Co files.');
    expect(request.message).not.toContain('\u001b');
    driver.answerInput(request.requestId, {action: 'accept'});
    await turn;
    const text = modelSaw(events);
    expect(text).toContain('link/files did not run: the server needs the user to complete a step in a web page first (URL elicitation required, -32042');
    expect(text).toContain(URL);
    expect(text).toContain('breakerbox never opens links itself');
    expect(text).toContain(`${URL}: The user said they will open the link themselves.`);
    expect(text).not.toContain('not a url one');
    expect(turnCalls(store.getState())[0]!.outcome?.protocolError?.code).toBe(-32042);
  });

  it('without a screen to ask on, the user gets the link in a notice and the model the explanation', async () => {
    const {store, driver, events} = await setup(false);
    await driver.submit('list my files');
    expect(store.getState().inputRequests).toHaveLength(0);
    expect(latestNotice(store.getState())?.text).toBe(
      `link needs you to open ${URL} first (breakerbox does not open it): Authorization is required to access your Example Co files.`,
    );
    expect(modelSaw(events)).toContain('URL elicitation required, -32042');
    expect(events.some((e) => e.type === 'notice/posted' && /protocol error -32042/.test(e.text))).toBe(false);
  });

  it('a call by hand answered with -32042 names the page in a notice, not as a bare protocol error', async () => {
    const {store, driver, events} = await setup(true);
    const result = await driver.manual.call('mcp__link__files', {});
    expect(result?.urlElicitations?.[0]?.url).toBe(URL);
    expect(latestNotice(store.getState())?.text).toContain(`link needs you to open ${URL} first (breakerbox does not open it)`);
    expect(events.some((e) => e.type === 'notice/posted' && /protocol error -32042/.test(e.text))).toBe(false);
  });
});
