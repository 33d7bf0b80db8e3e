// A turn whose code cannot be loaded (breakerbox's files replaced while it
// ran: an upgrade, a rebuild) fails with a notice; the session goes on. The
// import of turn.js is made to fail here as a missing file makes it fail.
import {afterEach, describe, expect, it, vi} from 'vitest';
import {createScriptedModel} from '../../src/agent/models/scripted.js';
import {Driver} from '../../src/driver/driver.js';
import {initialState} from '../../src/state/app-state.js';
import {createStore} from '../../src/state/store.js';
import {testHub} from '../helpers/hub.js';

vi.mock('../../src/driver/turn.js', () => {
  throw Object.assign(new Error("Cannot find module '/app/dist/bundle/tui-chunk-GONE.js'"), {code: 'ERR_MODULE_NOT_FOUND'});
});

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

describe('a turn whose code is missing', () => {
  it('fails that turn with a notice that says why, and the driver takes the next question', async () => {
    const {hub} = testHub([]);
    cleanups.push(() => hub.close());
    await hub.start();
    const store = createStore(initialState({servers: hub.statuses(), maxSteps: 10}));
    const driver = new Driver({store, hub, model: createScriptedModel(), maxSteps: 10, rules: {yes: true, allow: [], autoApprove: {}}, interactive: false});

    await expect(driver.submit('hello')).resolves.toBeUndefined();
    const turn = store.getState().turn;
    expect(turn.outcome).toBe('error');
    // (vitest wraps the factory's error in its own message; the file's own is kept in a real run)
    expect(turn.error).toMatch(/^breakerbox could not load the code that runs a turn \(.+\); were its files replaced while it ran .*Restart it to ask again$/);

    // Not left running: the next question is taken (and fails the same way), not refused as "still running".
    await expect(driver.submit('again')).resolves.toBeUndefined();
    expect(store.getState().turn.outcome).toBe('error');
  });
});
