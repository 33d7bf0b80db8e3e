// The hub and the store of one run, and where the hub's events go. A list run
// (`--list-tools` and the other list modes) stops here: it starts the servers,
// reads the store and closes them, so it never loads the driver's turns,
// manual calls, views and approvals (./app.ts adds the driver for the other
// modes; BENCHMARKS.md §34).
import type {InputAnswer} from '../agent/client-features.js';
import {clientFeatures} from '../agent/client-features.js';
import type {InputRequestView} from '../state/app-state.js';
import {initialState} from '../state/app-state.js';
import type {AppEvent} from '../state/events.js';
import {createStore, type Store} from '../state/store.js';
import {Hub} from '../hub/hub.js';
import type {HubEvent} from '../hub/hub-events.js';
import type {AppOptions} from './app-options.js';
import {stamped} from './stamp.js';

/** What a run's hub calls back into: where its events go, and who answers a server's question. */
export interface HubHost {
  onEvent(event: HubEvent): void;
  ask(request: Omit<InputRequestView, 'requestId'>, signal?: AbortSignal): Promise<InputAnswer>;
}

/** The hub, wired to `host`, and the store its servers start in. */
export function createHubAndStore(o: AppOptions, host: HubHost): {hub: Hub; store: Store} {
  const hub = new Hub({
    servers: o.servers,
    features: (server) =>
      clientFeatures(o.servers.find((s) => s.alias === server.alias)!, {
        interactive: o.interactive,
        yes: o.rules.yes,
        model: () => o.model,
        ask: (request, signal) => host.ask(request, signal),
      }),
    onEvent: (event) => host.onEvent(event),
    trace: o.trace ?? false,
    rawTrace: o.rawTrace,
    logDir: o.logDir,
    records: o.records,
    results: o.results,
    pins: o.pins,
    listExtras: o.listExtras,
    adopt: o.adopt,
  });
  const store = createStore(
    initialState({
      servers: hub.statuses(),
      modelLabel: o.model.label,
      offline: o.model.offline,
      maxSteps: o.maxSteps,
      columns: o.columns,
      rows: o.rows,
      limits: o.limits,
      now: Date.now(),
    }),
  );
  return {hub, store};
}

/**
 * A list run's hub and store: each hub event goes into the store, stamped as
 * the driver stamps it. Nobody can be asked (`o.interactive` is false: the
 * client features decline without asking), so a question is declined here too.
 */
export function createListParts(o: AppOptions): {hub: Hub; store: Store} {
  let store: Store | undefined;
  const parts = createHubAndStore(o, {
    onEvent: (event: AppEvent) => store!.dispatch(stamped(event, Date.now)),
    ask: async () => ({action: 'decline'}),
  });
  store = parts.store;
  return parts;
}
