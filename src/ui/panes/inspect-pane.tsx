// The inspector view, drawn in place of the conversation: a window of the
// view's rows (the resources list keeps its highlighted row in view) and the
// keys of this view at the bottom, read from the key table.
import React, {memo, useEffect, useRef, useSyncExternalStore} from 'react';
import type {AppState} from '../../state/app-state.js';
import {Frame, innerCols, innerRows} from '../components/frame.js';
import {LinesView} from '../components/line-view.js';
import type {ArgFormState} from '../forms/arg-form.js';
import type {FormHolder} from '../forms/form-holder.js';
import {hints} from '../inspect/blocks.js';
import {viewLines, type ViewLines} from '../inspect/view-lines.js';
import {layerHints, type ModalLayer} from '../keys/key-table.js';
import {asksEveryCall} from '../../state/selectors.js';
import {fitLine} from '../line.js';
import type {Theme} from '../theme.js';

/** What the inspector pane draws. */
export interface InspectPaneProps {
  state: AppState;
  /** The arguments of a call or prompt view. */
  form?: FormHolder<ArgFormState>;
  /** The key layer answering now (its keys are listed at the bottom). */
  layer: ModalLayer;
  width: number;
  height: number;
  theme: Theme;
  /** Told the view's lines and the rows it shows, so the keys scroll by what is on screen. */
  onMeasured?: (rows: number, height: number) => void;
  /** Scrolls the view by rows (to bring the line being worked on into view). */
  onScroll?: (delta: number) => void;
}

const never = () => () => {};

/** The open view. */
export const InspectPane = memo(function InspectPane(p: InspectPaneProps): React.JSX.Element | null {
  const typed = useSyncExternalStore(p.form?.subscribe ?? never, () => p.form?.get());
  const view = p.state.inspect.view;
  const w = innerCols(p.width);
  const drawn = view && viewLines(p.state, view, typed, w);
  // A changed tool asks every call: its approval offers no "always".
  const noAlways = p.layer === 'manual' && view?.kind === 'call' && asksEveryCall(p.state, view.name);
  const keys = view ? hints(layerHints(p.layer, view.kind).flatMap((h) => (noAlways && h.id === 'manual-always' ? [] : [[h.keys, h.hint] as [string, string]])), w) : [];
  const room = Math.max(1, innerRows(p.height) - keys.length);
  const {onMeasured} = p;
  const count = drawn?.lines.length ?? 0;
  useEffect(() => {
    if (view) onMeasured?.(count, room);
  }, [view, count, room, onMeasured]);
  useKeepInView(drawn?.keep, p.state.inspect.offset, room, p.onScroll);
  if (!view || !drawn) return null;
  const {title, lines} = drawn;
  const max = Math.max(0, lines.length - room);
  const cursor = p.state.inspect.cursor;
  const offset = view.kind === 'resources' ? Math.min(max, Math.max(0, cursor - room + 1)) : Math.min(max, p.state.inspect.offset);
  const shown = lines.slice(offset, offset + room).map((l) => fitLine(l, w));
  while (shown.length < room) shown.push([]);
  return (
    <Frame
      title={title}
      topRight={offset > 0 ? `↑ ${offset} above` : undefined}
      bottom={lines.length > offset + room ? `… ${lines.length - offset - room} more` : undefined}
      width={p.width}
      height={p.height}
      focused
      theme={p.theme}
    >
      <LinesView lines={[...shown, ...keys]} theme={p.theme} />
    </Frame>
  );
});

/**
 * Scrolls a line into view when its key changes (a field focused, a call's
 * result arriving), and only then: the keys can still scroll away from it.
 */
function useKeepInView(keep: ViewLines['keep'], offset: number, room: number, onScroll?: (delta: number) => void): void {
  const seen = useRef(new Set<string>());
  useEffect(() => {
    if (!keep || !onScroll) return;
    const fresh = keep.filter((k) => !seen.current.has(k.key));
    seen.current = new Set(keep.map((k) => k.key));
    const target = fresh[fresh.length - 1];
    if (!target) return;
    const to = target.top ? target.line : target.line < offset ? target.line : target.line >= offset + room ? target.line - room + 1 : offset;
    if (to !== offset) onScroll(to - offset);
  });
}
