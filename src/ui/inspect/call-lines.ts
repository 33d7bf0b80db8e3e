// The call-by-hand view: the arguments being typed (form or JSON), the
// approval question when the rules ask one, and the last result: status,
// timing, progress, output-schema verdict, rendered text and raw JSON.
// The prompt view shares the form part.
import type {CompletionView, ManualCallView} from '../../state/inspect-state.js';
import type {ArgFormState} from '../forms/arg-form.js';
import {fieldHint} from '../forms/schema-form.js';
import {fitLine, seg, type Line, type Seg} from '../line.js';
import {fieldRow} from '../panes/form-lines.js';
import {cellWidth} from '../text/cells.js';
import {formatMs} from '../text/format.js';
import {safeLine} from '../text/safe.js';
import {wrapCells} from '../text/wrap.js';
import {heading, labelled, textBlock} from './blocks.js';

/** The form part: one row per field (or the JSON being typed), the focused field's hint, the problem. */
export function argLines(s: ArgFormState, width: number, completion?: CompletionView | null): Line[] {
  if (s.mode === 'json') return jsonLines(s, width);
  const f = s.form;
  if (f.fields.length === 0) return [[seg('  no arguments: Ctrl-S sends {}', 'muted')]];
  const labelW = Math.min(f.fields.reduce((w, x) => Math.max(w, cellWidth(x.label) + (x.required ? 2 : 0)), 8), Math.floor(width * 0.4));
  const lines = f.fields.map((x, i) => fieldRow(x, f.values[i]!, i === f.focus, f.error?.field === i, labelW, width));
  const focused = f.fields[f.focus];
  const about = focused ? [focused.description, fieldHint(focused)].filter(Boolean).join(' · ') : '';
  if (about) lines.push(fitLine([seg(`  ${about}`, 'muted')], width));
  if (completion && completion.values.length > 0) {
    const more = completion.total !== undefined && completion.total > completion.values.length ? ` (${completion.total} in all)` : '';
    lines.push(fitLine([seg('  suggestions: ', 'muted'), seg(completion.values.slice(0, 12).map(safeLine).join(', '), 'accent'), seg(`${more}  → takes the first`, 'muted')], width));
  }
  if (f.error) lines.push(fitLine([seg(`  ✘ ${f.error.message}`, 'error', true)], width));
  return lines;
}

function jsonLines(s: Extract<ArgFormState, {mode: 'json'}>, width: number): Line[] {
  const room = Math.max(8, width - 2);
  const {value, cursor} = s.editor;
  // The text wrapped hard at `room` cells, the cursor shown inverse.
  const rows = wrapCells(safeLine(value) || ' ', room, 50);
  const lines: Line[] = [];
  let at = 0;
  for (const row of rows) {
    const c = cursor - at;
    const segs: Seg[] = c >= 0 && c <= row.length && (c < row.length || row === rows[rows.length - 1])
      ? [seg(row.slice(0, c)), {text: row.slice(c, c + 1) || ' ', inverse: true}, seg(row.slice(c + 1))]
      : [seg(row)];
    lines.push(fitLine([seg('  '), ...segs], width));
    at += row.length;
  }
  lines.push(fitLine(s.problem ? [seg(`  ✘ ${s.problem}`, 'error', true)] : [seg('  ✓ valid JSON, matches the input schema', 'ok')], width));
  return lines;
}

/** The result part of a call by hand; `offerAlways`: its approval may offer "always". */
export function manualLines(m: ManualCallView, now: number, width: number, offerAlways = true): Line[] {
  const lines: Line[] = [heading('Result (by hand: the model is not involved)')];
  lines.push(labelled('  status', status(m, now), width));
  if (m.state === 'awaiting-approval') {
    lines.push(fitLine([seg('  your rules ask before this call runs, as they would for the model:', 'warn', true)], width));
    // A tool changed since pinned asks every call: "always" would change nothing.
    lines.push(fitLine([seg(`  [y] allow once  ${offerAlways ? '[a] always (this session)  ' : ''}[n] deny`, 'accent', true)], width));
  }
  if (m.progress) {
    const p = m.progress;
    lines.push(labelled('  progress', `${p.progress}${p.total !== undefined ? `/${p.total}` : ''}${p.message ? ` ${safeLine(p.message)}` : ''}`, width));
  }
  const r = m.result;
  if (!r) return lines;
  lines.push(labelled('  output schema', [seg(safeLine(r.output), r.output.startsWith('invalid') ? 'error' : r.output === 'valid' ? 'ok' : 'muted')], width));
  for (const w of r.warnings ?? []) lines.push(...textBlock(`warning: ${w}`, width, 'warn'));
  lines.push([], heading('Rendered'), ...textBlock(r.text || '(no content)', width, r.isError ? 'error' : undefined));
  lines.push([], heading('Raw (JSON)'), ...textBlock(r.raw, width));
  return lines;
}

function status(m: ManualCallView, now: number): Seg[] {
  const r = m.result;
  switch (m.state) {
    case 'awaiting-approval':
      return [seg('waiting for your approval', 'warn', true)];
    case 'running':
      // The clock ticks once a second: a call started since its last tick has run 0 ms, not "?".
      return [seg(`running ${m.startedAt !== undefined ? formatMs(Math.max(0, now - m.startedAt)) : ''}`, 'info', true), seg('  Esc cancels (the server is sent notifications/cancelled)', 'muted')];
    case 'denied':
      return [seg('denied: not run', 'warn', true)];
    case 'cancelled':
      return [seg(`cancelled after ${formatMs(m.durationMs ?? 0)}`, 'warn', true)];
    case 'done':
      return [seg(`ok in ${formatMs(m.durationMs ?? 0)}`, 'ok', true)];
    case 'error':
      if (r?.protocolError) return [seg(`protocol error ${r.protocolError.code}`, 'error', true), seg(` in ${formatMs(m.durationMs ?? 0)}: ${safeLine(r.protocolError.message)} (a JSON-RPC error, not the tool's answer)`)];
      if (r?.failure) return [seg(`${r.failure}`, 'error', true), seg(` after ${formatMs(m.durationMs ?? 0)} (breakerbox's side)`)];
      return [seg(`tool error (isError)`, 'error', true), seg(` in ${formatMs(m.durationMs ?? 0)}: the tool's own answer, as the model would read it`)];
  }
}
