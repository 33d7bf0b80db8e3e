// Derived data for the panes and `--print`. Pure, and cheap where it runs per
// render: windows slice only the visible rows; whole-list work is memoised on
// the identity of the (immutable) input.
import type {Catalog, CatalogEntry} from '../hub/types.js';
import type {TraceLine} from '../hub/hub-events.js';
import type {AppState, ConversationItem, Notice, ScrollPane, ScrollState, ServerView, ToolCallItem, TraceRing, TurnState} from './app-state.js';

/** The rows of a list that fit in a pane, and how many are hidden on each side. */
export interface ListWindow<T> {
  rows: readonly T[];
  above: number;
  below: number;
  /** The offset actually used, after clamping. */
  offset: number;
}

/** `height` rows of `items` from `offset`, the offset clamped so the window stays full. */
export function visibleWindow<T>(items: readonly T[], offset: number, height: number): ListWindow<T> {
  const h = Math.max(0, Math.floor(height));
  const max = Math.max(0, items.length - h);
  const start = Math.min(Math.max(0, Math.floor(offset) || 0), max);
  const end = Math.min(items.length, start + h);
  return {rows: items.slice(start, end), above: start, below: items.length - end, offset: start};
}

/** The window a scroll state selects; `follow` pins it to the end of the list. */
export function scrolledWindow<T>(items: readonly T[], scroll: ScrollState, height: number): ListWindow<T> {
  return visibleWindow(items, scroll.follow ? Number.MAX_SAFE_INTEGER : scroll.offset, height);
}

const filterCache = new WeakMap<Catalog, Map<string, readonly CatalogEntry[]>>();
const FILTERS_PER_CATALOG = 16;

const shownCache = new WeakMap<Catalog, readonly CatalogEntry[]>();

/** What the user's tool table shows: the withheld tools first (marked, they need a look), then the model's tools. */
export function shownCatalog(catalog: Catalog): readonly CatalogEntry[] {
  if (!catalog.withheld?.length) return catalog.entries;
  let shown = shownCache.get(catalog);
  if (!shown) shownCache.set(catalog, (shown = [...catalog.withheld, ...catalog.entries]));
  return shown;
}

/** The entry of a model name, a withheld tool's included (the user may look at it; the model may not). */
export function catalogEntry(catalog: Catalog, name: string): CatalogEntry | undefined {
  return catalog.byName.get(name) ?? catalog.withheld?.find((e) => e.name === name);
}

/** Catalog entries (withheld ones included) whose alias, model name, original name or title contain every word of `filter`. */
export function filteredCatalog(catalog: Catalog, filter: string): readonly CatalogEntry[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return shownCatalog(catalog);
  const key = words.join(' ');
  let cache = filterCache.get(catalog);
  const hit = cache?.get(key);
  if (hit) return hit;
  const result = shownCatalog(catalog).filter((e) => {
    // Descriptions too: "knowledge graph" is in every memory tool's description, in none of its names (not a withheld tool's new text).
    const about = e.withheld ? '' : (e.originalDescription ?? e.description);
    const hay = [e.alias, e.name, e.tool, e.title ?? '', e.annotations?.title ?? '', about].join('\n').toLowerCase();
    return words.every((w) => hay.includes(w));
  });
  if (!cache) filterCache.set(catalog, (cache = new Map()));
  if (cache.size >= FILTERS_PER_CATALOG) cache.delete(cache.keys().next().value as string);
  cache.set(key, result);
  return result;
}

const collisionCache = new WeakMap<Catalog, ReadonlySet<string>>();

/** Original tool names offered by two or more servers (the reason names are prefixed). */
export function collisions(catalog: Catalog): ReadonlySet<string> {
  const hit = collisionCache.get(catalog);
  if (hit) return hit;
  const firstAlias = new Map<string, string>();
  const shared = new Set<string>();
  for (const e of catalog.entries) {
    const seen = firstAlias.get(e.tool);
    if (seen === undefined) firstAlias.set(e.tool, e.alias);
    else if (seen !== e.alias) shared.add(e.tool);
  }
  collisionCache.set(catalog, shared);
  return shared;
}

/** `step 3/10`, or '' before the first model request of a turn. */
export function stepLabel(turn: Pick<TurnState, 'step' | 'maxSteps'>): string {
  return turn.step > 0 ? `step ${turn.step}/${turn.maxSteps}` : '';
}

/** Counts for the status line. */
export interface ServerSummary {
  total: number;
  online: number;
  starting: number;
  restarting: number;
  offline: number;
  disabled: number;
  /** Lazy servers not running (their cached tools are offered). */
  idle: number;
  /** Tools of online servers. */
  tools: number;
  /** Tools offered from cached lists by servers still starting (a lazy server's row says its own). */
  cached: number;
  /** e.g. `2/3 online · 14 tools · 1 offline`, or `0/2 online · 0 tools · 2 starting · 7 cached tools`. */
  label: string;
}

const summaryCache = new WeakMap<AppState['servers'], ServerSummary>();

/** Server counts by state, memoised on the servers slice. */
export function serverSummary(servers: AppState['servers']): ServerSummary {
  const hit = summaryCache.get(servers);
  if (hit) return hit;
  const s = {total: 0, online: 0, starting: 0, restarting: 0, offline: 0, disabled: 0, idle: 0, tools: 0, cached: 0, label: ''};
  for (const alias of servers.order) {
    const view = servers.byAlias[alias];
    s.total++;
    s[view.state]++;
    if (view.state === 'online') s.tools += view.toolCount;
    else if (view.cached && view.state !== 'idle') s.cached += view.cached.toolCount;
  }
  const parts = [`${s.online}/${s.total} online`, `${s.tools} tool${s.tools === 1 ? '' : 's'}`];
  if (s.starting + s.restarting > 0) parts.push(`${s.starting + s.restarting} starting`);
  if (s.offline > 0) parts.push(`${s.offline} offline`);
  if (s.disabled > 0) parts.push(`${s.disabled} disabled`);
  if (s.idle > 0) parts.push(`${s.idle} not started`);
  // Before any server answers, the first frame's line says what the cache already offers.
  if (s.cached > 0) parts.push(`${s.cached} cached tool${s.cached === 1 ? '' : 's'}`);
  s.label = parts.join(' · ');
  summaryCache.set(servers, s);
  return s;
}

const rowsCache = new WeakMap<AppState['servers'], readonly ServerView[]>();

/** Server rows in config order, memoised on the servers slice. */
export function serverRows(servers: AppState['servers']): readonly ServerView[] {
  let rows = rowsCache.get(servers);
  if (!rows) rowsCache.set(servers, (rows = servers.order.map((a) => servers.byAlias[a])));
  return rows;
}

const EMPTY_RING: TraceRing = Object.freeze({entries: Object.freeze([]), total: 0, stderr: Object.freeze([])}) as TraceRing;

/** The server whose trace the pane shows: the chosen one, else the first configured. */
export function traceAlias(state: AppState): string | null {
  return state.ui.traceAlias ?? state.servers.order[0] ?? null;
}

/** The trace ring of `alias` (default: the one the pane shows); empty when none. */
export function traceRing(state: AppState, alias: string | null = traceAlias(state)): TraceRing {
  return alias !== null && Object.hasOwn(state.traces, alias) ? state.traces[alias] : EMPTY_RING;
}

/** The list a scrollable pane shows. */
export function paneItems(state: AppState, pane: 'conversation'): readonly ConversationItem[];
export function paneItems(state: AppState, pane: 'catalog'): readonly CatalogEntry[];
export function paneItems(state: AppState, pane: 'servers'): readonly ServerView[];
export function paneItems(state: AppState, pane: 'trace'): readonly TraceLine[];
export function paneItems(state: AppState, pane: ScrollPane): readonly unknown[];
export function paneItems(state: AppState, pane: ScrollPane): readonly unknown[] {
  switch (pane) {
    case 'conversation':
      return state.conversation.items;
    case 'catalog':
      return filteredCatalog(state.catalog, state.ui.filter);
    case 'servers':
      return serverRows(state.servers);
    case 'trace':
      return traceRing(state).entries;
  }
}

/** The visible window of a pane, from its scroll state and measured height. */
export function paneWindow(state: AppState, pane: 'conversation', height?: number): ListWindow<ConversationItem>;
export function paneWindow(state: AppState, pane: 'catalog', height?: number): ListWindow<CatalogEntry>;
export function paneWindow(state: AppState, pane: 'servers', height?: number): ListWindow<ServerView>;
export function paneWindow(state: AppState, pane: 'trace', height?: number): ListWindow<TraceLine>;
export function paneWindow(state: AppState, pane: ScrollPane, height = state.ui.viewport[pane]): ListWindow<unknown> {
  return scrolledWindow(paneItems(state, pane), state.ui.scroll[pane], height);
}

/** The card of `callId`, or null. */
export function callCard(state: AppState, callId: string): ToolCallItem | null {
  const index = state.conversation.callIndex.get(callId);
  const item = index === undefined ? undefined : state.conversation.items[index];
  return item?.kind === 'tool-call' ? item : null;
}

/** The call the user is asked about now (head of the queue), or null. */
export function pendingApproval(state: AppState): ToolCallItem | null {
  return state.approvals.length > 0 ? callCard(state, state.approvals[0]) : null;
}



/**
 * Names the dialog on screen, first of: the model's call awaiting approval, a
 * server's request, a call by hand awaiting approval; undefined when none is.
 */
export function shownDialogKey(state: AppState): string | undefined {
  if (state.approvals.length > 0) return `call:${state.approvals[0]}`;
  const request = state.inputRequests[0];
  if (request) return `request:${request.requestId}`;
  const manual = state.inspect.manual;
  return manual?.state === 'awaiting-approval' && state.inspect.view?.kind === 'call' && state.inspect.view.name === manual.name ? `manual:${manual.id}` : undefined;
}

/** True when `name` changed since pinned and asks at every call until trusted: its approval offers no "always". */
export function asksEveryCall(state: AppState, name: string): boolean {
  return state.catalog.byName.get(name)?.pinCheck?.mustAsk === true;
}

/** The newest status-line notice whose cause is still there, or null. */
export function latestNotice(state: AppState): Notice | null {
  for (let i = state.notices.length - 1; i >= 0; i--) {
    const notice = state.notices[i]!;
    if (noticeLive(state, notice)) return notice;
  }
  return null;
}

/** A notice about a turn ("cancelling the turn…") expires with that turn, one about a failed command with its line, one about a dialog with the dialog, one that a server is offline once it is online; others stay until replaced. */
function noticeLive(state: AppState, notice: Notice): boolean {
  if (notice.line !== undefined && notice.line !== (state.ui.input.generation ?? 0)) return false;
  if (notice.dialog !== undefined && notice.dialog !== shownDialogKey(state)) return false;
  if (notice.offline !== undefined && state.servers.byAlias[notice.offline]?.state === 'online') return false;
  return notice.turnId === undefined || (notice.turnId === state.turn.id && state.turn.status !== 'idle');
}

/** The calls of the current (or last) turn that have a result, in the order the model asked for them. */
export function turnCalls(state: AppState): ToolCallItem[] {
  if (state.turn.id === 0) return [];
  const items = state.conversation.items;
  const calls: ToolCallItem[] = [];
  for (let i = state.turn.firstIndex; i < items.length; i++) {
    const item = items[i];
    if (item.kind === 'tool-call' && item.outcome) calls.push(item);
  }
  return calls;
}
