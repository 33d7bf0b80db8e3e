// Shared fixtures for the state tests.
import type {Catalog, CatalogEntry} from '../../src/hub/types.js';
import type {AppState, InitialStateOptions} from '../../src/state/app-state.js';
import {initialState} from '../../src/state/app-state.js';
import type {AppEvent} from '../../src/state/events.js';
import {reduce} from '../../src/state/reduce.js';

/** Freezes `value` and everything reachable from it, so any mutation throws. */
export function deepFreeze<T>(value: T, seen = new Set<unknown>()): T {
  if (value === null || typeof value !== 'object' || seen.has(value)) return value;
  seen.add(value);
  if (value instanceof Map || value instanceof Set) {
    // Object.freeze does not stop Map.set; make the mutators throw instead.
    for (const m of ['set', 'add', 'delete', 'clear']) {
      if (m in value && !Object.hasOwn(value, m)) Object.defineProperty(value, m, {value: () => { throw new TypeError(`mutated a frozen ${value.constructor.name}`); }});
    }
  }
  if (value instanceof Map) for (const [k, v] of value) (deepFreeze(k, seen), deepFreeze(v, seen));
  else if (value instanceof Set) for (const v of value) deepFreeze(v, seen);
  else for (const v of Object.values(value as object)) deepFreeze(v, seen);
  return Object.freeze(value);
}

/** Applies events in order, freezing each state first so a mutation fails the test. */
export function run(state: AppState, ...events: AppEvent[]): AppState {
  let s = state;
  for (const event of events) s = reduce(deepFreeze(s), event);
  return deepFreeze(s);
}

/** A frozen initial state with servers a, b, c. */
export function base(opts: InitialStateOptions = {}): AppState {
  return deepFreeze(initialState({servers: [{alias: 'a'}, {alias: 'b', trusted: true}, {alias: 'c'}], modelLabel: 'test model', ...opts}));
}

/** A catalog entry for `alias`/`tool`. */
export function entry(alias: string, tool: string, extra: Partial<CatalogEntry> = {}): CatalogEntry {
  return {name: `mcp__${alias}__${tool}`, alias, tool, description: `[${alias}] ${tool}`, inputSchema: {type: 'object'}, trusted: false, mangling: 'none', ...extra};
}

/** A catalog of `entries` at `version`. */
export function catalog(version: number, entries: CatalogEntry[]): Catalog {
  return {entries, byName: new Map(entries.map((e) => [e.name, e])), version};
}

/** A running turn with one requested call per id. */
export function withCalls(state: AppState, ...callIds: string[]): AppState {
  return run(
    state,
    {type: 'user/submitted', text: 'go', at: 1},
    ...callIds.map((callId): AppEvent => ({type: 'call/requested', callId, name: `mcp__a__${callId}`, alias: 'a', tool: callId, arguments: {id: callId}})),
  );
}
