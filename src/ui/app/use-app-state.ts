// The store as React state: one subscription at the root; panes get slices.
// Events can arrive thousands of times a second (a trace of every message, a
// notification flood); React should see at most one new state per frame, so
// the root subscribes through a facade that coalesces notifications.
import {useMemo, useSyncExternalStore} from 'react';
import type {AppState} from '../../state/app-state.js';
import type {Store} from '../../state/store.js';

/** Milliseconds between renders at most: about 60 a second, above Ink's own 30 fps cap. */
const FRAME_MS = 16;

/** The current state; re-renders the caller at most once a frame when it changes. */
export function useAppState(store: Store, frameMs = FRAME_MS): AppState {
  const source = useMemo(() => coalesced(store, frameMs), [store, frameMs]);
  return useSyncExternalStore(source.subscribe, source.getSnapshot, source.getSnapshot);
}

/** A view of the store whose snapshot moves only when its (coalesced) listeners are told. */
export function coalesced(store: Store, frameMs: number): {subscribe: (l: () => void) => () => void; getSnapshot: () => AppState} {
  let snapshot = store.getState();
  let timer: NodeJS.Timeout | undefined;
  const listeners = new Set<() => void>();
  const flush = () => {
    timer = undefined;
    snapshot = store.getState();
    for (const l of listeners) l();
  };
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      const off = store.subscribe(() => {
        timer ??= setTimeout(flush, frameMs);
      });
      // Catch up with anything that changed before we subscribed.
      if (snapshot !== store.getState()) timer ??= setTimeout(flush, 0);
      return () => {
        listeners.delete(listener);
        off();
        if (listeners.size === 0 && timer) {
          clearTimeout(timer);
          timer = undefined;
        }
      };
    },
  };
}
