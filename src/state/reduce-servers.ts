// Server rows, the catalog and the per-server trace rings, built from the
// hub's fine-grained events (never from status snapshots).
import type {AppState, Notice, TraceRing} from './app-state.js';
import type {EventOf} from './events.js';
import {appendNotice} from './conversation.js';
import {patchServer, serverOf} from './servers.js';
import {truncate} from './text.js';
import {diffText} from '../hub/catalog-cache.js';

/** Events this sub-reducer handles. */
export type ServerEvent = Exclude<EventOf<`server/${string}` | 'catalog/rebuilt' | 'trace/recorded'>, EventOf<'server/resources-listed' | 'server/resource-updated' | 'server/log-level-changed'>>;

const CLEAR_FAILURE = {phase: undefined, reason: undefined, failedAt: undefined, attempt: undefined} as const;

/** Reduces server, catalog and trace events. */
export function reduceServers(state: AppState, event: ServerEvent): AppState {
  switch (event.type) {
    case 'server/starting':
      return patchServer(state, event.alias, {state: 'starting', attempt: undefined, toolCount: 0, circuitOpenUntil: undefined, starting: undefined, cached: undefined});
    case 'server/catalog-cached':
      return patchServer(state, event.alias, {cached: {toolCount: event.toolCount, listedAt: event.listedAt}});
    case 'server/not-started':
      return patchServer(state, event.alias, {state: 'idle', toolCount: 0, starting: undefined, cached: {toolCount: event.toolCount, listedAt: event.listedAt}});
    case 'server/catalog-corrected': {
      // The same tools' trust notices ("no longer lists …") follow at once and take the
      // status line: the transcript keeps what the cache got wrong.
      const text = `${event.alias}: the cached tool list was out of date: ${diffText(event)}`;
      return appendNotice(postNotice(state, 'info', text, event.at), 'info', text);
    }
    case 'server/still-starting': {
      const {type: _type, alias, at: _at, ...progress} = event;
      return patchServer(state, alias, {starting: progress});
    }
    case 'server/page-listed':
      return pageListed(state, event);
    case 'server/online': {
      const {type: _type, alias, at: _at, ...details} = event;
      return patchServer(state, alias, {...CLEAR_FAILURE, ...details, state: 'online', toolsStale: false, starting: undefined, cached: undefined});
    }
    case 'server/offline': {
      const down = patchServer(state, event.alias, {state: 'offline', phase: event.phase, reason: event.reason, failedAt: event.at, toolCount: 0, starting: undefined, cached: undefined});
      // The Servers pane has one row for the reason; the transcript shows it whole, wrapped.
      if (down === state) return state;
      const text = `${event.alias} is offline (phase: ${event.phase}): ${event.reason}`;
      const posted = postNotice(down, 'error', text, event.at, {offline: event.alias});
      // A restart that failed as the one before it did: the transcript has said it (the pane counts the attempts).
      const again = serverOf(state, event.alias)?.state === 'restarting' && lastNoticeAbout(state, event.alias) === text;
      return again ? posted : appendNotice(posted, 'error', text);
    }
    case 'server/exited':
      return exited(state, event);
    case 'server/restarting':
      return patchServer(state, event.alias, {state: 'restarting', attempt: event.attempt, toolCount: 0, phase: 'exit', reason: event.reason});
    case 'server/tools-changed':
      return patchServer(state, event.alias, {toolsStale: true});
    case 'server/tools-listed':
      return patchServer(state, event.alias, {toolCount: event.toolCount, pages: event.pages, toolsStale: false});
    case 'server/tools-dropped':
      return droppedNotice(state, event);
    case 'server/inputs-declined':
      return postNotice(state, 'warn', event.text, event.at);
    case 'server/circuit-changed':
      return patchServer(state, event.alias, {circuitOpenUntil: event.openUntil});
    case 'server/call-started':
      return state;
    case 'server/call-finished':
      return patchServer(state, event.alias, {lastCallMs: event.durationMs});
    case 'server/logged':
      return traceRecorded(state, event.alias, {at: event.at ?? state.now, direction: 'in', kind: 'notification', summary: `log ${event.level}: ${event.text}`});
    case 'catalog/rebuilt': {
      if (event.catalog.version === state.catalog.version) return state;
      const next = {...state, catalog: event.catalog};
      return event.broke ? postNotice(next, 'info', cacheBreakText(event.broke), event.at ?? state.now) : next;
    }
    case 'trace/recorded':
      return traceRecorded(state, event.alias, event.entry);
  }
}

function pageListed(state: AppState, event: EventOf<'server/page-listed'>): AppState {
  const {index, count} = event.page;
  const view = serverOf(state, event.alias);
  const pages = view?.pages ?? 0;
  // Pages count from 1 (as the session numbers them); page 1 starts a fresh
  // listing, anything but the next page is a repeat or out of order.
  if (index === 1) return patchServer(state, event.alias, {pages: 1, toolCount: count});
  if (index !== pages + 1) return state;
  return patchServer(state, event.alias, {pages: pages + 1, toolCount: (view?.toolCount ?? 0) + count});
}

function exited(state: AppState, event: EventOf<'server/exited'>): AppState {
  const view = serverOf(state, event.alias);
  if (view?.state === 'disabled') return state;
  // A failure recorded before the exit (say a handshake timeout that made us
  // kill the process) explains more than the exit status does.
  if (view?.state === 'offline' && view.reason !== undefined) return state;
  const how = event.signal ? `killed by ${event.signal}` : `exited with code ${event.code ?? 'unknown'}`;
  return patchServer(state, event.alias, {state: 'offline', phase: 'exit', reason: `process ${how}`, failedAt: event.at, toolCount: 0});
}

function droppedNotice(state: AppState, event: EventOf<'server/tools-dropped'>): AppState {
  const notCallable = event.dropped.flatMap((d) => (d.notCallable && d.name !== undefined ? [{tool: d.name, ...d.notCallable, reason: d.reason}] : []));
  const next = patchServer(state, event.alias, {notCallable: notCallable.length ? notCallable : undefined});
  return postNotice(next, notCallable.length === event.dropped.length ? 'info' : 'warn', droppedText(event), event.at);
}

/** The warning about tools a listing could not use (status line, `--print`'s stderr). */
export function droppedText(event: EventOf<'server/tools-dropped'>): string {
  const malformed = event.dropped.filter((d) => !d.notCallable);
  const skipped = event.dropped.filter((d) => d.notCallable);
  const parts: string[] = [];
  if (malformed.length) {
    const what = malformed.map((d) => `${d.name ?? '?'}: ${d.reason}`).join('; ').slice(0, 200);
    parts.push(`${malformed.length} malformed tool${malformed.length === 1 ? '' : 's'} dropped (${what})`);
  }
  if (skipped.length) {
    const names = skipped.map((d) => d.name).join(', ').slice(0, 160);
    parts.push(`${skipped.length} task-only tool${skipped.length === 1 ? '' : 's'} not callable here (${names}): valid, but breakerbox does not run tasks`);
  }
  return `${event.alias}: ${parts.join('; ')}`;
}

/** What a notice is about, so it goes with it (a turn, an input line, a dialog); none: it stays until replaced. */
export type NoticeScope = Pick<Notice, 'turnId' | 'line' | 'dialog' | 'offline'>;

/** `state` with a status-line notice added (bounded by `limits.notices`). */
export function postNotice(state: AppState, level: 'info' | 'warn' | 'error', text: string, at: number | undefined, scope: NoticeScope = {}): AppState {
  const {notices: max, summaryChars} = state.limits;
  const notice = {id: state.nextId, level, text: truncate(text, summaryChars), ...(at === undefined ? {} : {at}), ...scope};
  const notices = max <= 0 ? [] : [...state.notices.slice(Math.max(0, state.notices.length - max + 1)), notice];
  return {...state, notices, nextId: state.nextId + 1};
}

const EMPTY_RING: TraceRing = {entries: [], total: 0, stderr: []};

function traceRecorded(state: AppState, alias: string, line: TraceRing['entries'][number]): AppState {
  const {tracePerServer, stderrLines, summaryChars} = state.limits;
  const ring = Object.hasOwn(state.traces, alias) ? state.traces[alias] : EMPTY_RING;
  const entry = {...line, summary: truncate(line.summary, summaryChars)};
  const drop = ring.entries.length >= tracePerServer ? ring.entries.length - tracePerServer + 1 : 0;
  const entries = tracePerServer <= 0 ? [] : [...ring.entries.slice(drop), entry];
  let stderr = ring.stderr;
  if (entry.kind === 'stderr' && stderrLines > 0) {
    const lines = line.summary.split(/\r?\n/).filter((l) => l.length > 0).slice(-stderrLines);
    if (lines.length > 0) {
      stderr = [...stderr, ...lines.map((l) => truncate(l, summaryChars))].slice(-stderrLines);
    }
  }
  return {...state, traces: {...state.traces, [alias]: {entries, total: ring.total + 1, stderr}}};
}

/** Why the model's prompt cache starts over, in words. */
function cacheBreakText(b: {removed: readonly string[]; changed: readonly string[]}): string {
  const list = (names: readonly string[]) => `${names.slice(0, 3).join(', ')}${names.length > 3 ? ` and ${names.length - 3} more` : ''}`;
  const parts = [...(b.removed.length ? [`${b.removed.length} removed (${list(b.removed)})`] : []), ...(b.changed.length ? [`${b.changed.length} changed (${list(b.changed)})`] : [])];
  return `tool table changed: ${parts.join(', ')}; the model's prompt cache starts over`;
}

/** The text of the transcript's last "<alias> is offline" notice, if any. */
function lastNoticeAbout(state: AppState, alias: string): string | undefined {
  const items = state.conversation.items;
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    if (item.kind === 'notice' && item.text.startsWith(`${alias} is offline (`)) return item.text;
  }
  return undefined;
}
