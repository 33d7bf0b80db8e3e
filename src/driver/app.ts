// One run's parts, wired: the store, the hub whose events feed it, and the
// driver between them. Nothing starts here; `driver.start()` starts the hub.
import type {Hub} from '../hub/hub.js';
import type {Store} from '../state/store.js';
import type {AppOptions} from './app-options.js';
import {Driver} from './driver.js';
import {createHubAndStore} from './hub-store.js';

/** What one run is made of. */
export interface AppParts {
  store: Store;
  hub: Hub;
  driver: Driver;
}

/** The store, the hub and the driver of one run. */
export function createApp(o: AppOptions): AppParts {
  // The hub is made before the driver that listens to it: its callbacks reach the driver late.
  let driver: Driver | undefined;
  const {hub, store} = createHubAndStore(o, {
    onEvent: (event) => driver?.hubEvent(event),
    ask: (request, signal) => driver!.askInput(request, signal),
  });
  driver = new Driver({
    store,
    hub,
    model: o.model,
    maxSteps: o.maxSteps,
    rules: o.rules,
    interactive: o.interactive,
    resultCap: o.resultCap,
    resultTokens: (alias) => o.servers.find((s) => s.alias === alias)?.maxResultTokens ?? o.resultTokens,
    toolSearch: {mode: 'auto', ...o.toolSearch, deferTools: Object.fromEntries(o.servers.map((s) => [s.alias, s.deferTools]))},
    recorder: o.recorder,
    history: o.history,
    tickMs: o.tickMs,
    accounts: o.accounts,
  });
  return {store, hub, driver};
}
