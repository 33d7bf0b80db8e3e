// What a server asks of the user, as rows: a link to open or a prompt for the
// model (forms are in form-lines.ts). Every row is built from stripped server
// text and cut to the dialog; `rows` is the room there is, so the key hints
// (the last rows) stay on screen in a short terminal.
import type {InputRequestView} from '../../state/app-state.js';
import {layerHints, type ModalLayer} from '../keys/key-table.js';
import {fitLine, lineWidth, seg, type Line, type Seg} from '../line.js';
import {fitCells} from '../text/cells.js';
import {safeLine, safeText} from '../text/safe.js';
import {wrapCells} from '../text/wrap.js';

/** The key layers of a server's request. */
export type InputLayer = Extract<ModalLayer, 'form' | 'url' | 'sampling' | 'login'>;

/** The key layer a request's dialog answers to. */
export const inputLayer = (r: InputRequestView): InputLayer => (r.kind === 'sampling' || r.kind === 'login' ? r.kind : r.url !== undefined ? 'url' : 'form');

/** The dialog's title: who asks, during which tool call. */
export function inputTitle(r: InputRequestView): Line {
  const what = {form: ' asks you for input', url: ' asks you to open a link', sampling: ' asks to use your model', login: ' needs you to log in'}[inputLayer(r)];
  return [seg(safeLine(r.alias), 'accent', true), seg(what, 'warn', true), ...(r.tool ? [seg(` · during ${safeLine(r.tool)}`, 'muted')] : [])];
}

/** `text` wrapped to `width`, at most `max` rows; a cut shows as `…` and the count of rows left out. */
export function wrapped(text: string, width: number, max: number, tone?: Seg['tone']): Line[] {
  if (max <= 0) return [];
  const rows = wrapCells(safeText(text).replace(/\t/g, '  '), Math.max(1, width), max + 1);
  const kept = rows.slice(0, max);
  if (rows.length > max) kept[max - 1] = fitCells(`${kept[max - 1]} …`, width);
  // An empty segment would draw no row at all; an empty line draws a blank one.
  return kept.map((r) => (r ? [seg(r, tone)] : []));
}

/** The layer's keys as `[keys] what` groups, packed into as few rows as `width` allows. */
export function hintLines(layer: ModalLayer, width: number, waiting: number): Line[] {
  const groups: Seg[][] = layerHints(layer).map((h) => [seg(`[${h.keys}]`, 'accent', true), seg(` ${h.hint}`)]);
  if (waiting > 1) groups.push([seg(`· ${waiting - 1} more request${waiting > 2 ? 's' : ''} waiting`, 'warn')]);
  const rows: Seg[][] = [];
  for (const g of groups) {
    const row = rows[rows.length - 1];
    if (row && lineWidth(row) + 2 + lineWidth(g) <= width) row.push(seg('  '), ...g);
    else rows.push([...g]);
  }
  return rows.map((r) => fitLine(r, width));
}

/** A link request: the message, the link in full, and where it leads. Never opened by us. */
export function urlLines(r: InputRequestView, width: number, waiting: number, rows = Number.POSITIVE_INFINITY): Line[] {
  const url = safeLine(r.url ?? '');
  const hints = hintLines('url', width, waiting);
  const note: Line = [seg(`opens ${hostOf(url)}`, 'warn', true), seg(' · never opened by breakerbox: copy it if you trust it', 'muted')];
  const label = 'link ';
  // The message and the note take a row each at least; the link gets up to four.
  const link = wrapped(url, width - label.length, Math.max(1, Math.min(4, rows - hints.length - 2))).map((l, i) => [seg(i ? ' '.repeat(label.length) : label, 'muted'), ...l.map((s) => ({...s, tone: 'accent' as const}))]);
  const message = wrapped(r.message, width, Math.max(1, Math.min(4, rows - hints.length - link.length - 1)));
  return [...message, ...link, note, ...hints].map((l) => fitLine(l, width));
}

/** A login: what for, the authorization URL in full, and the keys (open it, paste the redirect, cancel). */
export function loginLines(r: InputRequestView, width: number, waiting: number, rows = Number.POSITIVE_INFINITY): Line[] {
  const hints = hintLines('login', width, waiting);
  const label = 'page ';
  const link = wrapped(safeLine(r.url ?? ''), width - label.length, Math.max(1, Math.min(4, rows - hints.length - 2))).map((l, i) => [seg(i ? ' '.repeat(label.length) : label, 'muted'), ...l.map((s) => ({...s, tone: 'accent' as const}))]);
  const message = wrapped(r.message, width, Math.max(1, Math.min(5, rows - hints.length - link.length)));
  return [...message, ...link, ...hints].map((l) => fitLine(l, width));
}

/** A sampling request: the prompt the model would answer, and for whom. */
export function samplingLines(r: InputRequestView, width: number, waiting: number, rows = Number.POSITIVE_INFINITY): Line[] {
  const hints = hintLines('sampling', width, waiting);
  const intro: Line = [seg('Your model would answer this prompt, and the answer goes to the server:', 'muted')];
  const prompt = wrapped(r.message || '(empty prompt)', width, Math.max(1, Math.min(10, rows - hints.length - 1)));
  return [intro, ...prompt, ...hints].map((l) => fitLine(l, width));
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || url.split(':')[0] || '?';
  } catch {
    return 'an address that is not a valid URL';
  }
}
