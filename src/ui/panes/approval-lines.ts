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

/** The dialog's rows (without its border) at `width` cells. */
export function approvalLines(card: ToolCallItem, entry: CatalogEntry | undefined, waiting: number, width: number): Line[] {
  const alias = safeLine(card.alias ?? '?');
  const title = entry?.title ?? entry?.annotations?.title;
  const lines: Line[] = [
    [seg(safeLine(card.name), 'tool', true), seg(' → ', 'muted'), seg(`${alias} / ${safeLine(card.tool ?? '?')}`, 'accent', true)],
    // The title is the server's text: on a line of its own, labelled and muted, so a title
    // like "[y] allow once" cannot pass for the dialog's own key hints.
    ...(title ? [[seg('server’s title for it: ', 'muted'), seg(`“${safeLine(title)}”`, 'muted')]] : []),
    [seg('server ', 'muted'), seg(alias, undefined, true), card.trusted ? seg('  ✓ trusted in your config', 'ok') : seg('  untrusted: its annotations are unverified claims', 'muted')],
    ...argLines(card.args, width),
    ...claimLines(card),
    ...changeLines(entry, width),
    [],
    // A changed tool asks at every call until trusted: "always" would be a key that changes nothing.
    [seg('[y]', 'ok', true), seg(' allow once   '), ...(entry?.pinCheck?.mustAsk ? [] : [seg('[a]', 'accent', true), seg(' always allow this tool   ')]), seg('[n]', 'error', true), seg(' deny'), ...(waiting > 1 ? [seg(`   · ${waiting - 1} more waiting`, 'warn')] : [])],
  ];
  return lines.map((l) => fitLine(l, width));
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

function claimLines(card: ToolCallItem): Line[] {
  const a = card.annotations;
  const who = card.trusted ? 'the server says' : 'the server claims';
  if (!a || (a.readOnlyHint === undefined && a.destructiveHint === undefined && a.idempotentHint === undefined && a.openWorldHint === undefined)) {
    return [[seg(`${who} nothing about this tool: assume it can change things`, 'warn')]];
  }
  const out: Line[] = [];
  if (a.destructiveHint === true && a.readOnlyHint !== true) {
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

