// `/login` on a remote server that never asks for one says so, as
// `breakerbox login` does, instead of only "back online".
import {expect, it} from 'vitest';
import {createScriptedModel} from '../../src/agent/models/scripted.js';
import type {Accounts} from '../../src/driver/accounts.js';
import {Driver, type DriverHub} from '../../src/driver/driver.js';
import {initialState} from '../../src/state/app-state.js';
import {latestNotice} from '../../src/state/selectors.js';
import {createStore} from '../../src/state/store.js';

function driverWith(tokensAfterLogin: boolean) {
  const store = createStore(initialState({servers: []}));
  let tokens = false;
  const accounts: Accounts = {has: () => true, expectLogin: () => void (tokens = false), loggedIn: () => tokens, logout: async () => ''};
  const hub = {reconnect: async () => ((tokens = tokensAfterLogin), true)} as unknown as DriverHub;
  const driver = new Driver({store, hub, accounts, model: createScriptedModel(), maxSteps: 1, rules: {yes: false, allow: [], autoApprove: {}}, interactive: false});
  return {driver, notice: () => latestNotice(store.getState())?.text};
}

it('says a server that answered without tokens asked for no login', async () => {
  const {driver, notice} = driverWith(false);
  await driver.login('notes');
  expect(notice()).toBe('notes answered without asking for a login: nothing to do');
});

it('says back online after a login that got tokens', async () => {
  const {driver, notice} = driverWith(true);
  await driver.login('tracker');
  expect(notice()).toBe('tracker is back online');
});
