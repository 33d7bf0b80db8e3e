// Choosing a tool-call card in the conversation and opening its result in
// full: which card and how far its result is scrolled live here, so the keys,
// the panes and the tests read one source.
import type {AppState, ResultView} from './app-state.js';
import type {EventOf} from './events.js';
import {measuredView, scrolledView} from './scrolled-view.js';

/** Events this sub-reducer handles. */
export type CardEvent = EventOf<'ui/card-selected' | `ui/result-${string}`>;

/** Reduces card choice and full-result events. */
export function reduceCards(state: AppState, event: CardEvent): AppState {
  const open = state.ui.result;
  switch (event.type) {
    case 'ui/card-selected':
      return selected(state, event.step);
    case 'ui/result-opened': {
      const callId = event.callId ?? chosenCard(state);
      if (callId === undefined || !state.conversation.callIndex.has(callId)) return state;
      return withUi(state, {selectedCall: callId, result: {callId, offset: 0, rows: 0, height: 0}});
    }
    case 'ui/result-closed':
      return open ? withUi(state, {result: null}) : state;
    case 'ui/result-measured': {
      if (!open) return state;
      const next = measuredView(open, event.rows, event.height);
      return next === open ? state : withResult(state, next);
    }
    case 'ui/result-scrolled': {
      if (!open) return state;
      const next = scrolledView(open, event);
      return next === open ? state : withResult(state, next);
    }
  }
}

/** The chosen card, else the newest card in the conversation. */
function chosenCard(state: AppState): string | undefined {
  const chosen = state.ui.selectedCall;
  if (chosen !== null && state.conversation.callIndex.has(chosen)) return chosen;
  const items = state.conversation.items;
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    if (item.kind === 'tool-call') return item.callId;
  }
  return undefined;
}

// The next card in `step`'s direction (from the newest when none is chosen), scrolled into view.
function selected(state: AppState, step: 1 | -1): AppState {
  const items = state.conversation.items;
  const chosen = state.ui.selectedCall === null ? undefined : state.conversation.callIndex.get(state.ui.selectedCall);
  const from = chosen ?? (step < 0 ? items.length : -1);
  for (let i = from + step; i >= 0 && i < items.length; i += step) {
    const item = items[i]!;
    if (item.kind !== 'tool-call') continue;
    return withUi(state, {selectedCall: item.callId, scroll: {...state.ui.scroll, conversation: inView(state, i)}});
  }
  return state;
}

// Keeps the window where it is when item `index` is shown; otherwise starts it at the item.
function inView(state: AppState, index: number): AppState['ui']['scroll']['conversation'] {
  const scroll = state.ui.scroll.conversation;
  const length = state.conversation.items.length;
  const shown = Math.max(1, state.ui.viewport.conversation);
  const start = scroll.follow ? Math.max(0, length - shown) : scroll.offset;
  if (index >= start && index < start + shown) return scroll;
  return {offset: index, follow: false};
}

function withUi(state: AppState, patch: Partial<AppState['ui']>): AppState {
  return {...state, ui: {...state.ui, ...patch}};
}

function withResult(state: AppState, result: ResultView): AppState {
  return withUi(state, {result});
}
