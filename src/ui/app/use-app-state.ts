// The store as React state: one subscription at the root; panes get slices.
import {useSyncExternalStore} from 'react';
import type {AppState} from '../../state/app-state.js';
import type {Store} from '../../state/store.js';

/** The current state; re-renders the caller when it changes. */
export function useAppState(store: Store): AppState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
