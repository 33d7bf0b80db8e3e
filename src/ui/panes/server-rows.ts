// Three rows per server: the state (a symbol and a word, not colour alone)
// with era and protocol version; who it says it is; then its numbers, or for
// a server that is down, what failed and why, in words.
import type {ServerView} from '../../state/app-state.js';
import {safeLine} from '../text/safe.js';
import {fitLine, lineWidth, seg, type Line, type Seg} from '../line.js';
import {SERVER_STATE} from '../symbols.js';
import {cellWidth, padCells} from '../text/cells.js';
import {formatMs, plural} from '../text/format.js';
import {serverRowsPer} from './rows-per.js';

const PHASE: Readonly<Record<string, string>> = {
  config: 'its config entry cannot be used',
  spawn: 'could not start the process',
  handshake: 'the handshake failed',
  list: 'listing its tools failed',
  call: 'a call failed',
  exit: 'the process ended',
  login: 'needs login',
};

/** The rows of one server (two when `width` allows, else three); `aliasWidth` aligns the columns; `tokens` is its table's size, e.g. "~1.2k tokens". */
export function serverLines(s: ServerView, width: number, aliasWidth: number, now = Date.now(), tokens?: string): Line[] {
  const {symbol, tone} = SERVER_STATE[s.state];
  const word = s.state === 'restarting' ? `restarting ${s.attempt ?? ''}`.trim() : s.state === 'starting' ? 'starting…' : s.state === 'idle' ? 'not started' : s.state;
  // A word as wide as its column ("restarting 12") is neither cut nor run into the era.
  const first: Seg[] = [seg(`${symbol} `, tone, true), seg(padCells(safeLine(s.alias), aliasWidth), undefined, true), seg(' '), seg(cellWidth(word) >= 12 ? `${word} ` : padCells(word, 12), tone, true)];
  const version = seg(s.protocolVersion ? ` · ${safeLine(s.protocolVersion)}` : '', 'muted');
  if (s.era) first.push(seg(`${s.era} era`), version);
  const [second, rest, timings = []] = restLines(s, tone, now, tokens);
  const third = s.state === 'offline' || s.state === 'restarting' ? pointToDetail(rest, width, s.alias) : rest;
  const compact = serverRowsPer(width) === 2;
  const pages = seg(` in ${plural(s.pages, 'page')}`);
  const size = seg(tokens ? ` · ${tokens}` : '');
  if (compact && s.state === 'online') first.push(seg(` · ${plural(s.toolCount, 'tool')}`), pages, size);
  if (s.trusted) first.push(seg(' · trusted', 'ok'));
  if (!compact) return [first, second, third].map((l) => fitLine(l, width));
  // Two rows: the numbers moved up; what is left of the third row joins the second.
  // A row too long for 80 columns leaves out whole parts, least needed first, instead of ending mid-word ("~1.…").
  if (s.state === 'online') return [dropping(first, [version, pages, size], width), dropping([...second, ...third.slice(2)], timings, width)];
  // After the era the second row's words need a separator; after the padded state word they have one.
  const joined = second.slice(1);
  const sep = s.era && joined.length ? [seg(' · ', 'muted')] : [];
  return [[...first, ...sep, ...joined], third.length ? third : []].map((l) => fitLine(l, width));
}

/** `line` without as many of its `optional` parts (in that order) as it takes to fit `width`; cut only if even the rest is too wide. */
function dropping(line: Line, optional: readonly Seg[], width: number): Line {
  let out = line;
  for (const part of optional) {
    if (lineWidth(out) <= width) break;
    out = out.filter((s) => s !== part);
  }
  return fitLine(out, width);
}

/** A reason too long for its row says where the whole of it is: the server detail wraps it (Enter on the row, or /server). */
function pointToDetail(line: Line, width: number, alias: string): Line {
  if (lineWidth(line) <= width) return line;
  const hint = ` · all: /server ${safeLine(alias)}`;
  return [...fitLine(line, Math.max(8, width - cellWidth(hint))), seg(hint, 'muted')];
}

/** Where a remote server is (credentials already masked), and its config warning if any (a link over plain http, a key from another client). */
function remote(s: ServerView): Seg[] {
  const warning = s.warning ? [seg(` · ⚠ ${safeLine(s.warning)}`, 'warn')] : [];
  if (!s.url) return warning;
  return [seg(' · ', 'muted'), seg(safeLine(s.url), 'muted'), ...warning];
}

/** The second and third rows; for an online server also its timing parts (found at start first: the row keeps the latest call's). */
function restLines(s: ServerView, tone: Seg['tone'], now: number, tokens?: string): [Line, Line, Seg[]?] {
  const pad = seg('  ');
  switch (s.state) {
    case 'online': {
      const numbers = [`${plural(s.toolCount, 'tool')} in ${plural(s.pages, 'page')}`, ...(tokens ? [tokens] : [])];
      const timing = [s.discoveryMs === undefined ? '' : ` · found in ${formatMs(s.discoveryMs)}`, s.lastCallMs === undefined ? '' : ` · last call ${formatMs(s.lastCallMs)}`].filter(Boolean);
      // What needs the user's eye comes before the timings, which a narrow row cuts first.
      const third: Seg[] = [pad, seg(numbers.join(' · '))];
      if (s.circuitOpenUntil !== undefined && s.circuitOpenUntil > now) third.push(seg(` · calls paused ${formatMs(s.circuitOpenUntil - now)}`, 'error', true));
      if (s.toolsStale) third.push(seg(' · tools changed, re-listing', 'warn'));
      const timings = timing.map((t) => seg(t));
      third.push(...timings);
      return [[pad, seg('reports itself as ', 'muted'), seg(`“${safeLine(s.serverName ?? '?')}”`), ...remote(s)], third, timings];
    }
    case 'offline':
    case 'restarting':
      return [
        [pad, seg(s.phase ? phaseWords(s) : 'failed', tone, true), seg(s.phase ? ` (phase: ${s.phase})` : '', 'muted'), ...remote(s)],
        [pad, seg('reason: ', 'muted'), seg(safeLine(s.reason ?? 'unknown'), tone)],
      ];
    case 'disabled':
      return [[pad, seg(s.reason ? safeLine(s.reason) : 'disabled in the config', 'muted')], []];
    case 'idle':
      // A lazy server: "not started (cached, N tools)"; the first call of one of them, or opening it, starts it.
      return [[pad, seg(`(cached, ${plural(s.cached?.toolCount ?? 0, 'tool')}) · starts on first use (a call, or opening it)`, 'muted')], []];
    case 'starting':
      if (s.starting && s.pages === 0) {
        // A long start with signs of life (a cold npx install): what it does, for how long, its last words.
        const {activity, elapsedMs, lastLine} = s.starting;
        return [[pad, seg(`${activity}… ${Math.round(elapsedMs / 1000)} s`, 'warn'), seg(lastLine ? ` · ${safeLine(lastLine)}` : '', 'muted')], []];
      }
      // Tools from the cache are in the table already, marked cached until this list confirms them.
      return [[pad, seg(s.pages > 0 ? `listing tools: ${plural(s.pages, 'page')}, ${plural(s.toolCount, 'tool')} so far` : 'connecting…', 'muted'), ...cachedSeg(s)], []];
  }
}

/** What failed, in words: a remote server has no process of breakerbox's, its connection ended. */
function phaseWords(s: ServerView): string {
  if (s.url && s.phase === 'exit') return 'the connection ended';
  return PHASE[s.phase!] ?? `${s.phase} failed`;
}

/** " · cached, N tools": a starting server whose cached tool list is offered meanwhile. */
function cachedSeg(s: ServerView): Seg[] {
  return s.cached ? [seg(` · cached, ${plural(s.cached.toolCount, 'tool')}`, 'warn')] : [];
}
