// Fixture state for pane tests: built by running events through the reducer.
import type {Catalog, CatalogEntry} from '../../src/hub/types.js';
import {initialState, type AppState, type InitialStateOptions} from '../../src/state/app-state.js';
import type {AppEvent} from '../../src/state/events.js';
import {reduce} from '../../src/state/reduce.js';

/** Applies events in order. */
export function run(state: AppState, ...events: AppEvent[]): AppState {
  return events.reduce(reduce, state);
}

/** A state with servers notes (trusted), tickets and broken. */
export function base(opts: InitialStateOptions = {}): AppState {
  return initialState({servers: [{alias: 'notes', trusted: true}, {alias: 'tickets'}, {alias: 'broken'}], modelLabel: 'offline scripted model', offline: true, columns: 100, rows: 40, ...opts});
}

/** A catalog entry. */
export function entry(alias: string, tool: string, extra: Partial<CatalogEntry> = {}): CatalogEntry {
  return {name: `mcp__${alias}__${tool}`, alias, tool, description: `[${alias}] ${tool}`, inputSchema: {type: 'object'}, trusted: false, mangling: 'none', ...extra};
}

/** A catalog of `entries`. */
export function catalog(entries: CatalogEntry[], version = 1): Catalog {
  return {entries, byName: new Map(entries.map((e) => [e.name, e])), version};
}

/** The bundled servers' tools, plus a hashed long name. */
export const LONG_TOOL = 'export_every_single_ticket_in_the_whole_tracker_as_a_giant_csv_file_for_the_quarterly_report_2026';
export function sampleCatalog(): Catalog {
  return catalog([
    entry('notes', 'search', {title: 'Search notes', trusted: true, annotations: {readOnlyHint: true}}),
    entry('notes', 'read_note', {title: 'Read a note', trusted: true, annotations: {readOnlyHint: true}}),
    entry('tickets', 'search', {title: 'Search tickets', annotations: {readOnlyHint: true}}),
    entry('tickets', 'close_ticket', {title: 'Close a ticket', annotations: {readOnlyHint: false, destructiveHint: true, idempotentHint: true}}),
    entry('tickets', LONG_TOOL, {name: 'mcp__tickets__export_every_single_ticket_in_th_5f3a9c', mangling: 'hashed'}),
  ]);
}

/** A running turn with one call requested. */
export function requested(state: AppState, callId: string, alias: string, tool: string, args: unknown = {}): AppState {
  return run(state, {type: 'call/requested', callId, name: `mcp__${alias}__${tool}`, alias, tool, arguments: args});
}
