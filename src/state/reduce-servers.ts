// Server lifecycle, the catalog and the per-server trace rings.
import type {AppState, ServerView, TraceRing} from './app-state.js';
import type {EventOf} from './events.js';
import {patchServer, serverOf} from './servers.js';
import {truncate} from './text.js';

/** Events this sub-reducer handles. */
export type ServerEvent = EventOf<`server/${string}` | 'catalog/rebuilt' | 'trace/recorded'>;

const CLEAR_FAILURE = {phase: undefined, reason: undefined, failedAt: undefined, attempt: undefined} as const;

/** Reduces server, catalog and trace events. */
export function reduceServers(state: AppState, event: ServerEvent): AppState {
  switch (event.type) {
    case 'server/starting':
      return patchServer(state, event.alias, {state: 'starting'});
    case 'server/page-listed':
      return pageListed(state, event);
    case 'server/discovered': {
      // The alias is ours; a status patch must never rename the row.
      const {alias: _ignored, ...status} = event.status;
      return patchServer(state, event.alias, {...CLEAR_FAILURE, ...status, state: 'online', toolsStale: false});
    }
    case 'server/failed':
      return patchServer(state, event.alias, {state: 'offline', phase: event.phase, reason: event.reason, failedAt: event.at});
    case 'server/exited':
      return exited(state, event);
    case 'server/restarting':
      return patchServer(state, event.alias, {state: 'restarting', attempt: event.attempt});
    case 'server/tools-changed':
      return patchServer(state, event.alias, {toolsStale: true});
    case 'server/disabled':
      return patchServer(state, event.alias, {state: 'disabled', ...(event.reason === undefined ? {} : {reason: event.reason})});
    case 'server/status':
      return replaceStatus(state, event.status);
    case 'catalog/rebuilt':
      return event.catalog.version === state.catalog.version ? state : {...state, catalog: event.catalog};
    case 'trace/recorded':
      return traceRecorded(state, event);
  }
}

function pageListed(state: AppState, event: EventOf<'server/page-listed'>): AppState {
  const {index, count} = event.page;
  const view = serverOf(state, event.alias);
  const pages = view?.pages ?? 0;
  // Page 0 starts a fresh listing; anything but the next page is a repeat or out of order.
  if (index === 0) return patchServer(state, event.alias, {pages: 1, toolCount: count});
  if (index !== pages) return state;
  return patchServer(state, event.alias, {pages: pages + 1, toolCount: (view?.toolCount ?? 0) + count});
}

function exited(state: AppState, event: EventOf<'server/exited'>): AppState {
  const view = serverOf(state, event.alias);
  if (view?.state === 'disabled') return state;
  // A failure recorded before the exit (say a handshake timeout that made us
  // kill the process) explains more than the exit status does.
  if (view?.state === 'offline' && view.reason !== undefined) return state;
  const how = event.signal ? `killed by ${event.signal}` : `exited with code ${event.code ?? 'unknown'}`;
  return patchServer(state, event.alias, {
    state: 'offline',
    phase: 'exit',
    reason: `process ${how}`,
    ...(event.at === undefined ? {} : {failedAt: event.at}),
  });
}

function replaceStatus(state: AppState, status: EventOf<'server/status'>['status']): AppState {
  const prev = serverOf(state, status.alias);
  const next: ServerView = {...status, toolsStale: prev?.toolsStale ?? false};
  if (prev && shallowEqual(prev, next)) return state;
  return {
    ...state,
    servers: {
      order: prev ? state.servers.order : [...state.servers.order, status.alias],
      byAlias: {...state.servers.byAlias, [status.alias]: next},
    },
  };
}

function shallowEqual(a: object, b: object): boolean {
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra).filter((k) => ra[k] !== undefined);
  const kb = Object.keys(rb).filter((k) => rb[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => ra[k] === rb[k]);
}

const EMPTY_RING: TraceRing = {entries: [], total: 0, stderr: []};

function traceRecorded(state: AppState, event: EventOf<'trace/recorded'>): AppState {
  const {tracePerServer, stderrLines, summaryChars} = state.limits;
  const ring = Object.hasOwn(state.traces, event.alias) ? state.traces[event.alias] : EMPTY_RING;
  const entry = {...event.entry, summary: truncate(event.entry.summary, summaryChars)};
  const drop = ring.entries.length >= tracePerServer ? ring.entries.length - tracePerServer + 1 : 0;
  const entries = tracePerServer <= 0 ? [] : [...ring.entries.slice(drop), entry];
  let stderr = ring.stderr;
  if (entry.kind === 'stderr' && stderrLines > 0) {
    const lines = event.entry.summary.split(/\r?\n/).filter((l) => l.length > 0).slice(-stderrLines);
    if (lines.length > 0) {
      stderr = [...stderr, ...lines.map((l) => truncate(l, summaryChars))].slice(-stderrLines);
    }
  }
  return {...state, traces: {...state.traces, [event.alias]: {entries, total: ring.total + 1, stderr}}};
}
