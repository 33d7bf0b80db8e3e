// One row per trace entry: time, direction and the summary the hub wrote.
import type {TraceLine} from '../../hub/hub-events.js';
import {safeLine} from '../text/safe.js';
import {fitLine, seg, type Line} from '../line.js';
import type {Tone} from '../theme.js';
import {clockTime, formatMs} from '../text/format.js';

const KIND_TONE: Readonly<Record<TraceLine['kind'], Tone | undefined>> = {
  request: undefined,
  response: undefined,
  notification: 'muted',
  error: 'error',
  noise: 'warn',
  stderr: 'muted',
  era: 'accent',
  page: 'accent',
  http: 'muted',
  user: 'user',
};

const KIND_LABEL: Readonly<Record<TraceLine['kind'], string>> = {
  request: 'req ',
  response: 'res ',
  notification: 'note',
  error: 'ERR ',
  noise: 'NOISE',
  stderr: 'err>',
  era: 'era ',
  page: 'page',
  http: 'http',
  user: 'you ',
};

/** One trace entry on one row; `tookMs` is how long after its request a response came. */
export function traceLine(e: TraceLine, width: number, tookMs?: number): Line {
  const tone = KIND_TONE[e.kind];
  // Summaries are bounded by the reducer; cut before stripping anyway.
  const text = safeLine(e.summary.slice(0, width * 4 + 16));
  const took = tookMs === undefined ? [] : [seg(`  +${formatMs(tookMs)}`, 'muted')];
  return fitLine([seg(`${clockTime(e.at)} `, 'muted'), seg(`${KIND_LABEL[e.kind].padEnd(5)} `, tone, e.kind === 'error'), seg(text, tone), ...took], width);
}

const ID = /^[→←] #(\S+)/;

/** For entries[first..end), the time since the request each answers (if it answers one seen up to `lookBack` rows above). */
export function responseTimes(entries: readonly TraceLine[], first: number, end: number, lookBack = 100): Array<number | undefined> {
  const sent = new Map<string, number>();
  const out: Array<number | undefined> = [];
  for (let i = Math.max(0, first - lookBack); i < end; i++) {
    const e = entries[i];
    const id = ID.exec(e.summary)?.[1];
    if (id !== undefined && e.kind === 'request') sent.set(`${e.direction}:${id}`, e.at);
    const asked = id === undefined || (e.kind !== 'response' && e.kind !== 'error') ? undefined : sent.get(`${e.direction === 'in' ? 'out' : 'in'}:${id}`);
    if (i >= first) out.push(asked === undefined ? undefined : e.at - asked);
  }
  return out;
}

/** One stderr line. */
export function stderrLine(text: string, width: number): Line {
  return fitLine([seg('stderr│ ', 'muted'), seg(safeLine(text.slice(0, width * 4 + 16)))], width);
}
