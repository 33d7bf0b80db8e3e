// An elicitation form as rows: the server's message, one row per field
// (a window around the focused one when the dialog is short), the focused
// field's description, the last refusal, and the keys.
import type {InputRequestView} from '../../state/app-state.js';
import type {FieldValue} from '../forms/form-check.js';
import type {FormState} from '../forms/form-state.js';
import {fieldHint, type FormField} from '../forms/schema-form.js';
import {fitLine, lineWidth, seg, type Line, type Seg} from '../line.js';
import {cellWidth, fitCells, padCells} from '../text/cells.js';
import {windowStart} from '../text/line-editor.js';
import {hintLines, wrapped} from './input-lines.js';

/** The form's rows at `width` cells in at most `rows` rows, and which fields they show. */
export function formLines(r: InputRequestView, s: FormState, width: number, waiting: number, rows = Number.POSITIVE_INFINITY): {lines: Line[]; first: number; shown: number} {
  const n = s.fields.length;
  const focused = s.fields[s.focus];
  // An empty segment would draw no row at all; an empty line draws a blank one.
  const about = focused ? [focused.description, fieldHint(focused)].filter(Boolean).join(' · ') : '';
  const detail: Line = about ? [seg(about, 'muted')] : [];
  const status: Line = s.error
    ? [seg(`✘ ${s.error.message}`, 'error', true)]
    : [seg(n === 0 ? 'No fields: accept to confirm.' : s.fields.some((f) => f.required) ? '* required' : 'every field is optional', 'muted')];
  const hints = hintLines('form', width, waiting);
  const want = Math.min(n, 3) || 1;
  let top = [...wrapped(r.message, width, 3), []];
  let bottom = [detail, status, ...hints];
  const over = () => top.length + bottom.length + want - rows;
  // Short of rows: the message shrinks first, then the description goes, then hints; the refusal stays.
  if (over() > 0) top = top.slice(0, Math.max(1, top.length - over()));
  if (over() > 0) bottom = [status, ...hints];
  if (over() > 0) bottom = bottom.slice(0, Math.max(1, bottom.length - over()));
  if (over() > 0) top = [];
  const room = Math.max(1, Math.min(n, rows - top.length - bottom.length));
  const first = Math.max(0, Math.min(n - room, s.focus - Math.floor((room - 1) / 2)));
  const labelW = Math.min(s.fields.reduce((w, f) => Math.max(w, cellWidth(f.label) + (f.required ? 2 : 0)), 8), Math.floor(width * 0.4));
  const body = n === 0 ? [[seg('(the server asks for no fields)', 'muted')]] : s.fields.slice(first, first + room).map((f, i) => fieldRow(f, s.values[first + i], first + i === s.focus, s.error?.field === first + i, labelW, width));
  return {lines: [...top, ...body, ...bottom].map((l) => fitLine(l, width)), first, shown: body.length};
}

/** Rows the form wants to show whole (border included). */
export function formHeight(r: InputRequestView, fields: number, width: number, waiting: number): number {
  return 2 + wrapped(r.message, width, 3).length + 1 + Math.max(1, fields) + 2 + hintLines('form', width, waiting).length;
}

/** One field's row: label (marked when focused or at fault) and its value. */
export function fieldRow(f: FormField, v: FieldValue, focused: boolean, bad: boolean, labelW: number, width: number): Line {
  const mark = focused ? '▸ ' : '  ';
  const label = padCells(`${f.label}${f.required ? ' *' : ''}`, labelW);
  const room = Math.max(4, width - 2 - labelW - 2);
  return [seg(mark, 'focus', true), seg(label, bad ? 'error' : focused ? 'focus' : undefined, focused || bad), seg('  '), ...valueSegs(f, v, focused, room)];
}

function valueSegs(f: FormField, v: FieldValue, focused: boolean, room: number): Seg[] {
  if (v.kind === 'text') return textSegs(v.editor.value, v.editor.cursor, focused, room, f.kind === 'text' && f.format ? fieldHint(f) : '');
  if (v.kind === 'boolean') return [{text: v.on ? '[x]' : '[ ]', inverse: focused}, seg(v.on ? ' yes' : ' no')];
  if (v.kind === 'select' && f.kind === 'select') {
    const label = v.index < 0 ? seg('(none chosen)', 'muted') : seg(f.choices[v.index].label);
    return focused ? [seg('‹ ', 'accent', true), label, seg(' ›', 'accent', true), seg(`  ${v.index + 1}/${f.choices.length}`, 'muted')] : [label];
  }
  if (v.kind === 'multi' && f.kind === 'multi') return multiSegs(f.choices.map((c) => c.label), v.picked, focused ? v.cursor : -1, room);
  return [seg(f.kind === 'unsupported' ? `(type ${f.type}: not editable here)` : '', 'muted')];
}

/** A text value scrolled sideways so the cursor stays in view; an empty one shows `placeholder` (or a dash). */
function textSegs(value: string, cursor: number, focused: boolean, room: number, placeholder: string): Seg[] {
  if (value === '') return focused ? [{text: ' ', inverse: true}, seg(placeholder ? ` ${placeholder}` : '', 'muted')] : [seg(placeholder ? `(${placeholder})` : '—', 'muted')];
  if (!focused) return [seg(fitCells(value, room))];
  const start = windowStart(value, cursor, room);
  const end = cursor + ((value.codePointAt(cursor) ?? 0) > 0xffff ? 2 : 1);
  return [seg(value.slice(start, cursor)), {text: value.slice(cursor, end) || ' ', inverse: true}, seg(value.slice(end))];
}

/** `[x] A  [ ] B …`: starts late enough that the highlighted choice is in view. */
function multiSegs(labels: readonly string[], picked: readonly number[], cursor: number, room: number): Seg[] {
  const item = (i: number): Seg[] => [{text: picked.includes(i) ? '[x]' : '[ ]', inverse: i === cursor}, seg(` ${fitCells(labels[i], 30)}  `, i === cursor ? 'focus' : undefined)];
  // Walk back from the highlighted choice while the choices before it still fit.
  let from = Math.max(0, cursor);
  let used = cursor < 0 ? 0 : lineWidth(item(cursor));
  while (from > 0 && used + lineWidth(item(from - 1)) <= room - 2) used += lineWidth(item(--from));
  const segs: Seg[] = from > 0 ? [seg('… ', 'muted')] : [];
  for (let i = from; i < labels.length && lineWidth(segs) < room; i++) segs.push(...item(i));
  return segs;
}
