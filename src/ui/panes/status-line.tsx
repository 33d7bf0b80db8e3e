// Two rows under the input: the latest notice, then model, servers, turn and key hints.
import {Box} from 'ink';
import React, {memo} from 'react';
import type {Notice, Pane} from '../../state/app-state.js';
import {cellWidth, fitWords} from '../text/cells.js';
import {safeLine} from '../text/safe.js';
import {LineView} from '../components/line-view.js';
import {fitLine, lineWidth, seg, type Line, type Seg} from '../line.js';
import {NOTICE} from '../symbols.js';
import type {Theme} from '../theme.js';

/** What the status rows show. */
export interface StatusLineProps {
  width: number;
  model: {label: string; offline: boolean};
  servers: string;
  /** The tool table's size and the cache rate: the first thing left out when the row is short. */
  cost?: string;
  turn: 'idle' | 'running' | 'cancelling';
  step: string;
  focus: Pane;
  notice: Notice | null;
  /** A question waits for the servers to start. */
  queued: boolean;
  /** A dialog (approval, server request) takes the keys. */
  dialog?: boolean;
  theme: Theme;
}

/** The status rows. */
export const StatusLine = memo(function StatusLine(p: StatusLineProps): React.JSX.Element {
  return (
    <Box flexDirection="column" width={p.width} height={2} flexShrink={0}>
      <LineView line={fitLine(noticeLine(p), p.width)} theme={p.theme} />
      <LineView line={fitLine(infoLine(p), p.width)} theme={p.theme} />
    </Box>
  );
});

function noticeLine(p: StatusLineProps): Line {
  if (p.queued) return [seg('◌ your question is sent as soon as the servers have started', 'info')];
  // The row below is cut at 80 columns before its turn mark: this one must not say "ready" mid-turn.
  if (!p.notice) return p.turn === 'idle' ? [seg('ready', 'muted')] : turnMark(p);
  const {symbol, tone} = NOTICE[p.notice.level];
  const mark = `${symbol} `;
  return [seg(mark, tone, true), seg(fitWords(safeLine(p.notice.text), p.width - cellWidth(mark)), tone)];
}

/** What the turn is doing, or nothing when idle. */
function turnMark(p: StatusLineProps): Seg[] {
  if (p.turn === 'running') return [seg(`◐ ${p.step || 'thinking'}`, 'info', true)];
  return p.turn === 'cancelling' ? [seg('■ cancelling…', 'warn', true)] : [];
}

// The row gives up its parts in turn rather than cut a key hint mid-word (at
// 80 columns the table's size pushed "/help · Ctrl-C quit" off the edge):
// first the table's size and cache rate, then the model's name (its kind
// stays), then the turn's mark (the row above shows it unless a notice is up).
function infoLine(p: StatusLineProps): Line {
  const sep = seg(' │ ', 'muted');
  const label = safeLine(p.model.label);
  const model: Seg[][] = p.model.offline
    ? [[OFFLINE_BADGE, seg(` ${label}`, 'warn')], [OFFLINE_BADGE]]
    : [[seg('model ', 'muted'), seg(label, 'accent')], [seg(label, 'accent')]];
  const servers = p.cost ? [`${p.servers} · ${p.cost}`, p.servers] : [p.servers];
  const turn = turnMark(p);
  const marked = turn.length ? [...turn, sep] : [];
  const fewest = seg(servers.at(-1)!);
  const lefts = [...servers.map((s) => [...model[0]!, sep, seg(s), sep, ...marked]), [...model[1]!, sep, fewest, sep, ...marked], [...model[1]!, sep, fewest, sep]];
  const options = hints(p);
  for (const left of lefts) {
    const room = p.width - lineWidth(left);
    const hint = options.find((h) => h.length <= room);
    if (hint) return [...left, seg(hint, 'muted')];
  }
  // Not even the shortest hint fits: as many of its whole parts as do.
  const left = lefts.at(-1)!;
  return [...left, seg(wholeParts(options.at(-1)!, p.width - lineWidth(left)), 'muted')];
}

const OFFLINE_BADGE: Seg = {text: ' OFFLINE ', tone: 'warn', bold: true, inverse: true};

/** The last " · "-separated parts of `hint` (Ctrl-C's comes last) that fit in `room` cells, or nothing. */
function wholeParts(hint: string, room: number): string {
  const parts = hint.split(' · ');
  while (parts.length > 0 && parts.join(' · ').length > room) parts.shift();
  return parts.join(' · ');
}

function hints(p: StatusLineProps): string[] {
  const ctrlC = p.turn === 'idle' ? 'Ctrl-C quit' : p.turn === 'running' ? 'Ctrl-C cancel' : 'Ctrl-C again: quit';
  if (p.dialog) return [`the dialog above takes the keys · ${ctrlC}`, ctrlC];
  if (p.focus === 'input') return [`Enter send · Tab panes · ↑↓ PgUp PgDn scroll · /help · ${ctrlC}`, `Enter send · Tab panes · /help · ${ctrlC}`, `/help · ${ctrlC}`];
  if (p.focus === 'conversation') return [`↑↓ PgUp PgDn scroll · ←→ choose a tool card · Enter its whole result · Esc input · ${ctrlC}`, `↑↓ scroll · ←→ card · Enter result · Esc input · ${ctrlC}`, `Esc input · ${ctrlC}`];
  return [`↑↓ PgUp PgDn Home End scroll · Tab next · Esc input · ${ctrlC}`, `↑↓ PgUp PgDn scroll · Esc input · ${ctrlC}`, `Esc input · ${ctrlC}`];
}
