// The inspector's slice: resources, prompts and log entries from the hub; the
// open view, the server detail, resource reads, completions and calls by hand
// from the driver. Calls by hand never touch the conversation or the turn.
import type {AppState} from './app-state.js';
import type {EventOf} from './events.js';
import {LOGS_PER_SERVER, type InspectState, type InspectView, type ManualCallView} from './inspect-state.js';
import {resourceRows} from './resource-rows.js';
import {measuredView, scrolledView} from './scrolled-view.js';
import {truncate} from './text.js';

/** Events this sub-reducer handles. */
export type InspectEvent = EventOf<
  | 'server/resources-listed'
  | 'prompts/rebuilt'
  | 'server/resource-updated'
  | 'server/log-level-changed'
  | 'server/logged'
  | 'server/page-listed'
  | `inspect/${string}`
  | `resource/${string}`
  | 'completion/offered'
  | `manual/${string}`
>;

/** Views kept to go back to. */
const MAX_BACK = 10;

/** Reduces inspector events. */
export function reduceInspect(state: AppState, event: InspectEvent): AppState {
  const i = state.inspect;
  switch (event.type) {
    case 'server/resources-listed': {
      const {type: _t, at: _a, ...listed} = event;
      return withInspect(state, {resources: {...i.resources, [event.alias]: listed}});
    }
    case 'prompts/rebuilt':
      return event.table === i.prompts ? state : withInspect(state, {prompts: event.table});
    case 'server/resource-updated':
      return withInspect(state, {updated: addTo(i.updated, event.alias, event.uri)});
    case 'server/log-level-changed':
      return withInspect(state, {logLevels: {...i.logLevels, [event.alias]: event.level}});
    case 'server/logged': {
      const list = i.logs[event.alias] ?? [];
      const entry = {at: event.at ?? state.now, level: event.level, text: truncate(event.text, state.limits.summaryChars)};
      const next = list.length >= LOGS_PER_SERVER ? [...list.slice(list.length - LOGS_PER_SERVER + 1), entry] : [...list, entry];
      return withInspect(state, {logs: {...i.logs, [event.alias]: next}});
    }
    case 'server/page-listed': {
      const list = event.page.index === 1 ? [] : (i.pages[event.alias] ?? []);
      // Only the next page of the listing counts (a repeat or a gap is ignored, as for the server row).
      if (event.page.index !== list.length + 1) return state;
      return withInspect(state, {pages: {...i.pages, [event.alias]: [...list, event.page]}});
    }
    case 'inspect/opened':
      return opened(state, event.view, event.replace === true);
    case 'inspect/closed':
      if (!i.view) return state;
      if (event.all || i.back.length === 0) return withInspect(state, {view: null, back: [], offset: 0, cursor: 0});
      return withInspect(state, {...i.back[i.back.length - 1]!, back: i.back.slice(0, -1)});
    case 'inspect/scrolled': {
      // Clamped to the last measure (End then ↑ moves at once); before the first, only at the top.
      const offset = i.measured.height > 0 ? scrolledView({offset: i.offset, ...i.measured}, event).offset : Math.max(0, i.offset + (Math.trunc(event.delta) || 0));
      return offset === i.offset ? state : withInspect(state, {offset});
    }
    case 'inspect/measured': {
      const {offset, ...measured} = measuredView({offset: i.offset, ...i.measured}, event.rows, event.height);
      return offset === i.offset && measured.rows === i.measured.rows && measured.height === i.measured.height ? state : withInspect(state, {measured, offset});
    }
    case 'inspect/cursor-moved': {
      // The highlight stays on a row of the resources list: End then ↑ moves at once.
      const last = i.view?.kind === 'resources' ? Math.max(0, resourceRows(state.servers.order, i.resources, i.view.alias).length - 1) : Infinity;
      const cursor = Math.min(last, Math.max(0, Math.min(i.cursor, last) + (Math.trunc(event.delta) || 0)));
      return cursor === i.cursor ? state : withInspect(state, {cursor});
    }
    case 'inspect/detail-loaded':
      return withInspect(state, {detail: event.detail});
    case 'resource/read': {
      const {alias, uri} = event.read;
      // Reading a resource clears its "updated" mark.
      const updated = event.read.state === 'done' ? removeFrom(i.updated, alias, uri) : i.updated;
      return withInspect(state, {read: event.read, updated});
    }
    case 'resource/watch-changed':
      return withInspect(state, {watched: event.watching ? addTo(i.watched, event.alias, event.uri) : removeFrom(i.watched, event.alias, event.uri)});
    case 'completion/offered':
      return withInspect(state, {completion: event.completion});
    case 'manual/requested':
      return withInspect(state, {manual: {id: event.id, name: event.name, alias: event.alias, tool: event.tool, args: event.arguments, state: 'running'}});
    case 'manual/approval-asked':
      return patchManual(state, event.id, {state: 'awaiting-approval'});
    case 'manual/approved': {
      const next = patchManual(state, event.id, {state: 'running'});
      const name = i.manual?.id === event.id ? i.manual.name : undefined;
      if (!event.always || name === undefined || next.alwaysAllowed.has(name)) return next;
      return {...next, alwaysAllowed: new Set([...next.alwaysAllowed, name])};
    }
    case 'manual/denied':
      return patchManual(state, event.id, {state: 'denied'});
    case 'manual/started':
      return patchManual(state, event.id, {state: 'running', startedAt: event.at ?? state.now});
    case 'manual/progress':
      return patchManual(state, event.id, {progress: {progress: event.progress, total: event.total, message: event.message === undefined ? undefined : truncate(event.message, 200)}});
    case 'manual/completed': {
      const r = event.result;
      const how = r.failure === 'aborted' ? 'cancelled' : r.isError ? 'error' : 'done';
      return patchManual(state, event.id, {state: how, durationMs: event.durationMs, result: r});
    }
  }
  return state;
}

function withInspect(state: AppState, patch: Partial<InspectState>): AppState {
  return {...state, inspect: {...state.inspect, ...patch}};
}

function opened(state: AppState, view: InspectView, replace: boolean): AppState {
  const i = state.inspect;
  if (i.view && sameView(i.view, view)) return state;
  const back = i.view && !replace ? [...i.back, {view: i.view, offset: i.offset, cursor: i.cursor}].slice(-MAX_BACK) : i.back;
  return withInspect(state, {view, back, offset: 0, cursor: 0});
}

function sameView(a: InspectView, b: InspectView): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function patchManual(state: AppState, id: string, patch: Partial<ManualCallView>): AppState {
  const m = state.inspect.manual;
  if (!m || m.id !== id) return state;
  return withInspect(state, {manual: {...m, ...patch}});
}

function addTo(map: Readonly<Record<string, readonly string[]>>, alias: string, uri: string): Readonly<Record<string, readonly string[]>> {
  const list = map[alias] ?? [];
  return list.includes(uri) ? map : {...map, [alias]: [...list, uri]};
}

function removeFrom(map: Readonly<Record<string, readonly string[]>>, alias: string, uri: string): Readonly<Record<string, readonly string[]>> {
  const list = map[alias];
  return list?.includes(uri) ? {...map, [alias]: list.filter((u) => u !== uri)} : map;
}
