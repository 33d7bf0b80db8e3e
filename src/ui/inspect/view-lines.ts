// The open inspector view as a title and rows, from the state (and, for a
// call or a prompt, the arguments being typed).
import type {AppState} from '../../state/app-state.js';
import {asksEveryCall, catalogEntry} from '../../state/selectors.js';
import type {InspectView} from '../../state/inspect-state.js';
import type {ArgFormState} from '../forms/arg-form.js';
import {fitLine, seg, type Line} from '../line.js';
import {safeLine} from '../text/safe.js';
import {heading, textBlock} from './blocks.js';
import {argLines, manualLines} from './call-lines.js';
import {resourceRows} from '../../state/resource-rows.js';
import {resourceLines, resourceListLines} from './resource-lines.js';
import {logLines, serverDetailLines} from './server-lines.js';
import {changeLines} from './pin-lines.js';
import {toolLines} from './tool-lines.js';

/** A view ready to draw. */
export interface ViewLines {
  title: Line;
  lines: Line[];
  /**
   * Lines brought into view when their `key` changes: the field being typed
   * into (else, on a small terminal, the form scrolls under the view's edge
   * and you type blind) and a call's result when its state changes (`top`:
   * shown from its heading).
   */
  keep?: ReadonlyArray<{key: string; line: number; top?: boolean}>;
}

/** The focused row of a form drawn from line `at`: a field, or the JSON editor's first row. */
function focusedRow(form: ArgFormState | undefined, at: number): Array<{key: string; line: number; top?: boolean}> {
  if (!form) return [];
  return form.mode === 'fields' ? [{key: `field:${form.form.focus}`, line: at + form.form.focus}] : [{key: 'json', line: at}];
}

/** The rows of `view` at `width` cells. */
export function viewLines(state: AppState, view: InspectView, form: ArgFormState | undefined, width: number): ViewLines {
  const i = state.inspect;
  switch (view.kind) {
    case 'tool': {
      const entry = catalogEntry(state.catalog, view.name);
      if (!entry) return gone(`Tool ${view.name}`, 'this tool is not in the table any more (its server went offline or re-listed)', width);
      return {title: [seg('Tool '), seg(safeLine(view.name), 'tool', true)], lines: toolLines(entry, state.catalog, i.pages[entry.alias], width)};
    }
    case 'call': {
      const entry = state.catalog.byName.get(view.name);
      const m = i.manual;
      if (!entry) {
        const left = gone(`Call ${view.name}`, 'this tool is not in the table any more', width);
        // The call itself can take its tool out (a lazy server it started lists it no
        // more, or changed so that trust withholds it): its result says why.
        if (m && m.name === view.name) left.lines.push([], ...manualLines(m, state.now, width));
        return left;
      }
      const lines: Line[] = [
        fitLine([seg(safeLine(entry.name), 'tool', true), seg(` → ${safeLine(entry.alias)} / ${safeLine(entry.tool)}`, 'accent')], width),
        [],
        heading(form?.mode === 'json' ? 'Arguments (JSON, checked against the input schema)' : 'Arguments'),
      ];
      const keep = focusedRow(form, lines.length);
      lines.push(...(form ? argLines(form, width) : []));
      if (m && m.name === entry.name) {
        keep.push({key: `result:${m.id}:${m.state}`, line: lines.length + 1, top: true});
        lines.push([], ...manualLines(m, state.now, width, !asksEveryCall(state, entry.name)), ...(m.state === 'awaiting-approval' ? changeLines(entry, width) : []));
      }
      return {title: [seg('Call by hand '), seg(safeLine(view.name), 'tool', true)], lines, keep};
    }
    case 'prompt': {
      const entry = i.prompts.byName.get(view.name);
      if (!entry) return gone(`Prompt ${view.name}`, 'this prompt is not offered any more', width);
      const f = form?.mode === 'fields' ? form.form : undefined;
      const arg = f?.fields[f.focus]?.key;
      const completion = arg !== undefined && i.completion?.key === `${view.name}\0${arg}` ? i.completion : null;
      const lines: Line[] = [
        fitLine([seg(`/${safeLine(entry.name)}`, 'tool', true), seg(` → ${safeLine(entry.alias)} / ${safeLine(entry.prompt)}`, 'accent'), seg(entry.title ? `  “${safeLine(entry.title)}”` : '')], width),
        ...(entry.description ? textBlock(entry.description, width, 'muted') : []),
        [],
        heading('Arguments (running the prompt makes its messages your next turn)'),
      ];
      const keep = focusedRow(form, lines.length);
      lines.push(...(form ? argLines(form, width, completion) : []));
      return {title: [seg('Prompt '), seg(`/${safeLine(view.name)}`, 'tool', true)], lines, keep};
    }
    case 'server': {
      const d = i.detail?.alias === view.alias ? i.detail : null;
      return {title: [seg('Server '), seg(safeLine(view.alias), 'accent', true)], lines: d ? serverDetailLines(d, width) : [[seg('loading…', 'muted')]]};
    }
    case 'logs':
      return {title: [seg('Log of '), seg(safeLine(view.alias), 'accent', true), seg(' (notifications/message)', 'muted')], lines: logLines(view.alias, i.logs[view.alias] ?? [], i.logLevels[view.alias] ?? 'warning', width)};
    case 'resources': {
      const rows = resourceRows(state.servers.order, i.resources, view.alias);
      const title = [seg('Resources'), seg(view.alias ? ` of ${safeLine(view.alias)}` : ' of every server', 'accent'), seg(` · ${rows.length}`, 'muted')];
      return {title, lines: resourceListLines(rows, i.resources, view.alias, i.cursor, {watched: i.watched, updated: i.updated}, width)};
    }
    case 'resource':
      return {title: [seg('Resource '), seg(`${safeLine(view.alias)}:${safeLine(view.uri)}`, 'accent', true)], lines: resourceLines(i.read, view.alias, view.uri, width)};
  }
}

function gone(title: string, why: string, width: number): ViewLines {
  return {title: [seg(safeLine(title))], lines: [fitLine([seg(why, 'warn')], width)]};
}
