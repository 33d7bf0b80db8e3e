// The approval question: which tool, on which server, with which arguments,
// and what the server claims about it. A destructive claim is loud.
import type {CatalogEntry} from '../../hub/types.js';
import type {ToolCallItem} from '../../state/app-state.js';
import {changeLines} from '../inspect/pin-lines.js';
import {safeLine} from '../text/safe.js';
import {fitLine, seg, type Line, type Seg} from '../line.js';
import {fitCells} from '../text/cells.js';
import {shortArgs} from '../text/format.js';
import {wrapCells} from '../text/wrap.js';

/**
 * The dialog's rows (without its border) at `width` cells, at most `rows` of
 * them. A dialog cut by a small terminal keeps what the decision needs first
 * (which tool, the keys, a destructive claim, the arguments) and drops the
 * rest, instead of whatever rows the layout happens to squeeze out.
 */
export function approvalLines(card: ToolCallItem, entry: CatalogEntry | undefined, waiting: number, width: number, rows = Infinity): Line[] {
  const alias = safeLine(card.alias ?? '?');
  const title = entry?.title ?? entry?.annotations?.title;
  // Lower rank: kept longer when the dialog has fewer rows than lines.
  const ranked: Array<[number, Line]> = [
    [0, [seg(safeLine(card.name), 'tool', true), seg(' → ', 'muted'), seg(`${alias} / ${safeLine(card.tool ?? '?')}`, 'accent', true)]],
    // The title is the server's text: on a line of its own, labelled and muted, so a title
    // like "[y] allow once" cannot pass for the dialog's own key hints.
    ...(title ? [[6, [seg('server’s title for it: ', 'muted'), seg(`“${safeLine(title)}”`, 'muted')]] as [number, Line]] : []),
    [4, [seg('server ', 'muted'), seg(alias, undefined, true), card.trusted ? seg('  ✓ trusted in your config', 'ok') : seg('  untrusted: its annotations are unverified claims', 'muted')]],
    ...argLines(card.args, width).map((l, i): [number, Line] => [i === 0 ? 2 : 5, l]),
    ...claimLines(card).map((l, i): [number, Line] => [i === 0 && isDestructive(card) ? 1 : 3, l]),
    ...changeLines(entry, width).map((l): [number, Line] => [3, l]),
    [7, []],
    // A changed tool asks at every call until trusted: "always" would be a key that changes nothing.
    [0, [seg('[y]', 'ok', true), seg(' allow once   '), ...(entry?.pinCheck?.mustAsk ? [] : [seg('[a]', 'accent', true), seg(' always allow this tool   ')]), seg('[n]', 'error', true), seg(' deny'), ...(waiting > 1 ? [seg(`   · ${waiting - 1} more waiting`, 'warn')] : [])]],
  ];
  const kept = ranked.length <= rows ? ranked : keepBest(ranked, Math.max(0, rows));
  return kept.map(([, l]) => fitLine(l, width));
}

/** The `rows` lowest-ranked lines, in their order (a tie keeps the earlier line). */
function keepBest(ranked: ReadonlyArray<[number, Line]>, rows: number): Array<[number, Line]> {
  const chosen = new Set(
    ranked
      .map((r, i) => ({rank: r[0], i}))
      .sort((a, b) => a.rank - b.rank || a.i - b.i)
      .slice(0, rows)
      .map((r) => r.i),
  );
  return ranked.filter((_, i) => chosen.has(i));
}

/** Rows the arguments may take: the user decides on them, so they are shown whole when they fit. */
const ARG_ROWS = 4;

function argLines(args: unknown, width: number): Line[] {
  const label = 'arguments ';
  const text = shortArgs(args, ARG_ROWS * (width - label.length) + 1);
  const room = Math.max(1, width - label.length);
  const rows = wrapCells(text, room, ARG_ROWS + 1);
  if (rows.length > ARG_ROWS) {
    rows.length = ARG_ROWS;
    rows[ARG_ROWS - 1] = fitCells(`${rows[ARG_ROWS - 1]}…`, room);
  }
  return rows.map((r, i) => [seg(i === 0 ? label : ' '.repeat(label.length), 'muted'), seg(r)]);
}

function isDestructive(card: ToolCallItem): boolean {
  return card.annotations?.destructiveHint === true && card.annotations.readOnlyHint !== true;
}

function claimLines(card: ToolCallItem): Line[] {
  const a = card.annotations;
  const who = card.trusted ? 'the server says' : 'the server claims';
  if (!a || (a.readOnlyHint === undefined && a.destructiveHint === undefined && a.idempotentHint === undefined && a.openWorldHint === undefined)) {
    return [[seg(`${who} nothing about this tool: assume it can change things`, 'warn')]];
  }
  const out: Line[] = [];
  if (isDestructive(card)) {
    out.push([seg(' ⚠ DESTRUCTIVE ', 'danger', true), seg(` ${who} this tool may destroy or overwrite data`, 'danger', true)]);
  }
  const facts: Seg[] = [];
  const add = (text: string, tone: Seg['tone']) => facts.push(...(facts.length ? [seg(' · ', 'muted')] : []), seg(text, tone));
  if (a.readOnlyHint === true) add('read-only', 'ok');
  else if (a.readOnlyHint === false) add('changes things (not read-only)', 'warn');
  if (a.destructiveHint === false && a.readOnlyHint !== true) add('not destructive', undefined);
  if (a.idempotentHint !== undefined) add(a.idempotentHint ? 'idempotent' : 'not idempotent', undefined);
  if (a.openWorldHint !== undefined) add(a.openWorldHint ? 'reaches the outside world' : 'closed world', a.openWorldHint ? 'warn' : undefined);
  if (facts.length) out.push([seg(`${who}: `, 'muted'), ...facts]);
  return out;
}

