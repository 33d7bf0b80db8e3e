// The open form lives outside React, keyed to its request: typing re-renders
// the dialog only, and what was typed survives an approval dialog hiding the
// form for a while.
import type {FormState} from './form-state.js';

/** A form's state with a subscription, for useSyncExternalStore. */
export interface FormHolder<T = FormState> {
  /** The request (or view) the form answers. */
  readonly requestId: string;
  get(): T;
  set(next: T): void;
  subscribe(listener: () => void): () => void;
}

/** Holds `initial` for the request `requestId`. */
export function createFormHolder<T = FormState>(requestId: string, initial: T): FormHolder<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    requestId,
    get: () => state,
    set(next) {
      if (next === state) return;
      state = next;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
