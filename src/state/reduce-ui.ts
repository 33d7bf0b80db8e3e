// UI state the reducer owns: focus, scroll windows, filter, trace pane, size,
// and the bounded status-line notices.
import type {AppState, ScrollPane, ScrollState, UiState} from './app-state.js';
import type {EventOf} from './events.js';
import {reduceCards} from './reduce-cards.js';
import {measuredView, scrolledView} from './scrolled-view.js';
import {postNotice, type NoticeScope} from './reduce-servers.js';
import {paneItems, shownDialogKey} from './selectors.js';

/** Events this sub-reducer handles. */
export type UiEvent = EventOf<`ui/${string}` | 'notice/posted'>;

/** Reduces UI-intent events and notices. */
export function reduceUi(state: AppState, event: UiEvent): AppState {
  const ui = state.ui;
  switch (event.type) {
    case 'ui/focus-changed':
      return event.pane === ui.focus ? state : withUi(state, {focus: event.pane});
    case 'ui/scrolled':
      return withScroll(state, event.pane, scrolled(state, event));
    case 'ui/pane-measured': {
      const height = Math.max(0, Math.floor(event.height));
      if (height === ui.viewport[event.pane]) return state;
      return withUi(state, {viewport: {...ui.viewport, [event.pane]: height}});
    }
    case 'ui/filter-set':
      if (event.filter === ui.filter) return state;
      // A new filter shows a new list: start at its top.
      return withUi(state, {filter: event.filter, scroll: {...ui.scroll, catalog: {offset: 0, follow: false}}, cursor: {...ui.cursor, catalog: 0}});
    case 'ui/trace-toggled':
      return traceToggled(state, event.alias);
    case 'ui/resized':
      if (event.columns === ui.size.columns && event.rows === ui.size.rows) return state;
      return withUi(state, {size: {columns: event.columns, rows: event.rows}});
    case 'ui/card-selected':
    case 'ui/result-opened':
    case 'ui/result-closed':
    case 'ui/result-measured':
    case 'ui/result-scrolled':
      return reduceCards(state, event);
    case 'ui/help-toggled':
      return event.open === Boolean(ui.help) ? state : withUi(state, {help: event.open ? {offset: 0, rows: 0, height: 0} : null});
    case 'ui/help-measured':
    case 'ui/help-scrolled': {
      if (!ui.help) return state;
      const help = event.type === 'ui/help-measured' ? measuredView(ui.help, event.rows, event.height) : scrolledView(ui.help, event);
      return help === ui.help ? state : withUi(state, {help});
    }
    case 'ui/input-edited':
      if (event.value === ui.input.value && event.cursor === ui.input.cursor && Boolean(event.failed) === Boolean(ui.input.failed) && !event.fresh) return state;
      const generation = (ui.input.generation ?? 0) + (event.fresh ? 1 : 0);
      return withUi(state, {
        input: {value: event.value, cursor: Math.max(0, Math.min(event.cursor, event.value.length)), ...(event.failed ? {failed: true} : {}), ...(generation ? {generation} : {})},
      });
    case 'ui/cursor-moved':
      return cursorMoved(state, event.pane, event.delta);
    case 'notice/posted':
      if (event.lasts === 'turn' && state.turn.status === 'idle') return state;
      return postNotice(state, event.level, event.text, event.at, noticeScope(state, event.lasts));
  }
}

function noticeScope(state: AppState, lasts: EventOf<'notice/posted'>['lasts']): NoticeScope {
  if (lasts === 'turn') return {turnId: state.turn.id};
  if (lasts === 'line') return {line: state.ui.input.generation ?? 0};
  // A dialog's notice without a dialog on screen has nothing to outlive: it goes at once.
  return lasts === 'dialog' ? {dialog: shownDialogKey(state) ?? ''} : {};
}

function withUi(state: AppState, patch: Partial<UiState>): AppState {
  return {...state, ui: {...state.ui, ...patch}};
}

function withScroll(state: AppState, pane: ScrollPane, next: ScrollState): AppState {
  const prev = state.ui.scroll[pane];
  if (prev.offset === next.offset && prev.follow === next.follow) return state;
  return withUi(state, {scroll: {...state.ui.scroll, [pane]: next}});
}

/** The new scroll state, clamped against the list length and the pane's measured height. */
function scrolled(state: AppState, event: EventOf<'ui/scrolled'>): ScrollState {
  const length = paneItems(state, event.pane).length;
  const max = Math.max(0, length - state.ui.viewport[event.pane]);
  const prev = state.ui.scroll[event.pane];
  if ('to' in event) return event.to === 'top' ? {offset: 0, follow: false} : {offset: max, follow: true};
  const current = prev.follow ? max : Math.min(prev.offset, max);
  const delta = Math.trunc(event.delta) || 0;
  const offset = Math.min(max, Math.max(0, current + delta));
  // Scrolling down onto the last row pins the window to new rows; scrolling up
  // unpins it, unless the whole list fits and there is nowhere to go.
  const follow = delta > 0 ? offset === max : delta < 0 ? max === 0 && prev.follow : prev.follow;
  return {offset, follow};
}

function traceToggled(state: AppState, alias: string | undefined): AppState {
  const ui = state.ui;
  if (alias === undefined || alias === ui.traceAlias) {
    return withUi(state, {traceVisible: !ui.traceVisible, ...(ui.traceVisible ? {} : {scroll: {...ui.scroll, trace: {offset: 0, follow: true}}})});
  }
  // Another server's trace: show it, following its newest lines.
  return withUi(state, {traceVisible: true, traceAlias: alias, scroll: {...ui.scroll, trace: {offset: 0, follow: true}}});
}

/** Moves the highlighted row, clamped to the list, and scrolls just enough to keep it in view. */
function cursorMoved(state: AppState, pane: 'catalog' | 'servers', delta: number): AppState {
  const ui = state.ui;
  const length = paneItems(state, pane).length;
  const cursor = Math.max(0, Math.min(length - 1, ui.cursor[pane] + (Math.trunc(delta) || 0)));
  const height = Math.max(1, ui.viewport[pane]);
  const max = Math.max(0, length - height);
  const prev = ui.scroll[pane];
  const top = prev.follow ? max : Math.min(prev.offset, max);
  const offset = cursor < top ? cursor : cursor >= top + height ? cursor - height + 1 : top;
  const scroll = offset === prev.offset && !prev.follow ? prev : {offset, follow: false};
  if (cursor === ui.cursor[pane] && scroll === prev) return state;
  return withUi(state, {cursor: {...ui.cursor, [pane]: cursor}, scroll: {...ui.scroll, [pane]: scroll}});
}
