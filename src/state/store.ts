// A minimal external store: the UI wraps it with useSyncExternalStore, and
// `--print` subscribes to it directly.
import type {AppState} from './app-state.js';
import type {AppEvent} from './events.js';
import {reduce} from './reduce.js';

/** Called after the state changed. */
export type Listener = () => void;

/** Holds the state and applies events to it. */
export interface Store {
  /** Applies one event; listeners run only if the state changed. */
  dispatch(event: AppEvent): void;
  /** Applies several events and notifies once, if anything changed. */
  dispatchAll(events: Iterable<AppEvent>): void;
  getState(): AppState;
  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: Listener): () => void;
}

/** A store starting at `initial`; `reducer` is replaceable for tests. */
export function createStore(initial: AppState, reducer: (state: AppState, event: AppEvent) => AppState = reduce): Store {
  let state = initial;
  let listeners: readonly Listener[] = [];

  const notify = () => {
    // A snapshot, so listeners may (un)subscribe while being notified.
    for (const listener of listeners) listener();
  };

  return {
    dispatch(event) {
      const next = reducer(state, event);
      if (next === state) return;
      state = next;
      notify();
    },
    dispatchAll(events) {
      const before = state;
      for (const event of events) state = reducer(state, event);
      if (state !== before) notify();
    },
    getState: () => state,
    subscribe(listener) {
      listeners = [...listeners, listener];
      return () => {
        listeners = listeners.filter((l) => l !== listener);
      };
    },
  };
}
