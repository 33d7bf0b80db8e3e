// Patching one server row; shared by the server sub-reducer.
import type {AppState, ServerView} from './app-state.js';
import {newServerView} from './app-state.js';

/** Fields of a server row that an event may set; `undefined` clears a field. */
export type ServerPatch = {[K in keyof ServerView]?: ServerView[K] | undefined};

/** The row for `alias`, or undefined when it is not configured. */
export function serverOf(state: AppState, alias: string): ServerView | undefined {
  return Object.hasOwn(state.servers.byAlias, alias) ? state.servers.byAlias[alias] : undefined;
}

/** `state` with `patch` applied to one server; the same object when nothing changes. */
export function patchServer(state: AppState, alias: string, patch: ServerPatch): AppState {
  const known = serverOf(state, alias);
  const view = known ?? newServerView(alias);
  let next: Record<string, unknown> | undefined;
  for (const key of Object.keys(patch) as Array<keyof ServerView>) {
    const value = patch[key];
    if (value === undefined ? !Object.hasOwn(view, key) || view[key] === undefined : view[key] === value) continue;
    next ??= {...view};
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  if (!next && known) return state;
  const row = (next ?? view) as unknown as ServerView;
  return {
    ...state,
    servers: {
      order: known ? state.servers.order : [...state.servers.order, alias],
      // Without a prototype, like initialState's: an alias such as `constructor` is never an inherited member.
      byAlias: Object.assign(Object.create(null) as Record<string, ServerView>, state.servers.byAlias, {[alias]: row}),
    },
  };
}
