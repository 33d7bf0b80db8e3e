// JSON-RPC traffic of one server (handshake and era decision, each tools/list
// page, calls, noise) and the tail of its stderr.
import React, {memo} from 'react';
import type {ScrollState, TraceRing} from '../../state/app-state.js';
import {scrolledWindow} from '../../state/selectors.js';
import {safeLine} from '../text/safe.js';
import {innerCols, innerRows} from '../components/frame.js';
import {ListFrame} from '../components/list-frame.js';
import {fitLine, seg, type Line} from '../line.js';
import type {Theme} from '../theme.js';
import {responseTimes, stderrLine, traceLine} from './trace-rows.js';

/** What the trace pane draws. */
export interface TracePaneProps {
  alias: string | null;
  ring: TraceRing;
  logFile?: string;
  /** A server reached by URL: breakerbox runs no process of it, so there is no stderr to show. */
  remote?: boolean;
  scroll: ScrollState;
  width: number;
  height: number;
  focused: boolean;
  theme: Theme;
}

/** Rows of stderr shown under the trace. */
export const STDERR_ROWS = 3;

/** Trace entries the pane shows at once for a frame of `height` (a remote server's has one row for its log file instead of the stderr tail). */
export const traceCapacity = (height: number, remote = false): number => Math.max(1, innerRows(height) - (remote ? 1 : STDERR_ROWS + 1));

/** The trace pane. */
export const TracePane = memo(function TracePane(p: TracePaneProps): React.JSX.Element {
  const width = innerCols(p.width);
  const capacity = traceCapacity(p.height, p.remote);
  const win = scrolledWindow(p.ring.entries, p.scroll, capacity);
  // Times only for the rows shown (and their requests just above): bounded work.
  const times = responseTimes(p.ring.entries, win.offset, win.offset + win.rows.length);
  const lines: Line[] = win.rows.map((e, i) => traceLine(e, width, times[i]));
  if (p.ring.entries.length === 0) lines.push([seg('no traffic recorded yet', 'muted')]);
  while (lines.length < capacity) lines.push([]);
  if (p.remote) {
    // Its failed exchanges are trace rows above; the log file keeps them too.
    if (p.logFile) lines.push(fitLine([seg(`── log: ${safeLine(p.logFile)}`, 'muted')], width));
  } else {
    const tail = p.ring.stderr.slice(-STDERR_ROWS);
    const where = p.logFile ? ` (full log: ${safeLine(p.logFile)})` : '';
    lines.push(fitLine([seg(`── stderr, last ${STDERR_ROWS} lines${where}`, 'muted')], width));
    if (tail.length === 0) lines.push([seg('stderr│ (nothing captured in the trace)', 'muted')]);
    for (const l of tail) lines.push(stderrLine(l, width));
  }
  const title = [seg('Trace'), seg(` ${p.alias === null ? '(no server)' : safeLine(p.alias)}`, 'accent'), seg(` · ${p.ring.total} messages · /trace <alias> switches, /trace hides`, 'muted')];
  return (
    <ListFrame title={title} above={win.above} below={win.below} words={['older', 'newer']} lines={lines} width={p.width} height={p.height} focused={p.focused} theme={p.theme} />
  );
});
