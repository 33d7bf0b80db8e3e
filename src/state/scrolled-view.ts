// Scrolling a view drawn in the conversation's place (a card's whole result,
// the help): the UI measures its rows and height, the keys move its first row.
import type {ScrolledView} from './app-state.js';

/** The view after a measure: fewer rows (a wider pane) keep the offset within them. */
export function measuredView<V extends ScrolledView>(view: V, rows: number, height: number): V {
  if (view.rows === rows && view.height === height) return view;
  const r = Math.max(0, rows);
  const h = Math.max(0, height);
  return {...view, rows: r, height: h, offset: Math.min(view.offset, Math.max(0, r - h))};
}

/** The view scrolled by `delta` rows or to one end, clamped to its last measure. */
export function scrolledView<V extends ScrolledView>(view: V, move: {delta: number} | {to: 'top' | 'bottom'}): V {
  const max = Math.max(0, view.rows - view.height);
  const offset = 'to' in move ? (move.to === 'top' ? 0 : max) : Math.min(max, Math.max(0, view.offset + (Math.trunc(move.delta) || 0)));
  return offset === view.offset ? view : {...view, offset};
}
