// The resources view (every server's resources and templates, one row
// each, a highlighted row to read) and the view of one resource read.
import type {ServerResources} from '../../hub/inspect-types.js';
import type {ResourceReadView} from '../../state/inspect-state.js';
import type {ResourceRow} from '../../state/resource-rows.js';
import {formatBytes} from '../../hub/content/index.js';
import {fitLine, seg, type Line} from '../line.js';
import {formatMs} from '../text/format.js';
import {safeLine} from '../text/safe.js';
import {heading, textBlock} from './blocks.js';

/** The list: a row per resource (the highlighted one marked), then the templates. */
export function resourceListLines(rows: readonly ResourceRow[], all: Readonly<Record<string, ServerResources>>, alias: string | null, cursor: number, marks: {watched: Readonly<Record<string, readonly string[]>>; updated: Readonly<Record<string, readonly string[]>>}, width: number): Line[] {
  const lines: Line[] = [];
  if (rows.length === 0) lines.push([seg(alias ? `${alias} lists no resources (or does not offer them)` : 'no server lists resources', 'muted')]);
  rows.forEach((r, i) => {
    const on = i === Math.min(cursor, rows.length - 1);
    const watched = marks.watched[r.alias]?.includes(r.resource.uri);
    const updated = marks.updated[r.alias]?.includes(r.resource.uri);
    const x = r.resource;
    lines.push(
      fitLine(
        [
          seg(on ? '▸ ' : '  ', 'focus', true),
          {text: `${safeLine(r.alias)}:${safeLine(x.uri)}`, tone: 'accent', inverse: on},
          seg(x.title ? `  “${safeLine(x.title)}”` : x.name ? `  ${safeLine(x.name)}` : ''),
          seg(x.mimeType ? `  ${safeLine(x.mimeType)}` : '', 'muted'),
          seg(typeof x.size === 'number' ? `  ${formatBytes(x.size)}` : '', 'muted'),
          seg(watched ? '  watching' : '', 'info'),
          seg(updated ? '  ● updated' : '', 'warn', true),
        ],
        width,
      ),
    );
  });
  const templates = (alias ? [alias] : Object.keys(all)).flatMap((a) => (all[a]?.templates ?? []).map((t) => ({a, t})));
  if (templates.length) {
    lines.push([], heading('Templates (read one by its URI: @alias:uri in a question)'));
    for (const {a, t} of templates) lines.push(fitLine([seg(`  ${safeLine(a)}:${safeLine(t.uriTemplate)}`, 'accent'), seg(t.title ? `  “${safeLine(t.title)}”` : t.name ? `  ${safeLine(t.name)}` : ''), seg(t.description ? `  ${safeLine(t.description)}` : '', 'muted')], width));
  }
  const dropped = (alias ? [alias] : Object.keys(all)).flatMap((a) => (all[a]?.dropped ?? []).map((d) => `${a}: ${d.name ?? `#${d.position} on page ${d.page}`}: ${d.reason}`));
  if (dropped.length) lines.push([], heading('Dropped'), ...dropped.flatMap((d) => textBlock(d, width, 'warn')));
  return lines;
}

/** One resource read: each part's text, or its type and size when binary. */
export function resourceLines(read: ResourceReadView | null, alias: string, uri: string, width: number): Line[] {
  const head = fitLine([seg(`${safeLine(alias)}:${safeLine(uri)}`, 'accent', true)], width);
  if (!read || read.alias !== alias || read.uri !== uri || read.state === 'reading') return [head, [seg('reading…', 'info')]];
  if (read.state === 'failed') return [head, ...textBlock(read.error ?? 'failed', width, 'error')];
  const lines: Line[] = [fitLine([head[0]!, seg(`  read in ${formatMs(read.durationMs ?? 0)}, ${read.parts?.length ?? 0} part(s)`, 'muted')], width)];
  for (const p of read.parts ?? []) {
    lines.push([], fitLine([seg(safeLine(p.uri), 'accent'), seg(p.mimeType ? `  ${safeLine(p.mimeType)}` : '  (no type)', 'muted')], width));
    if (p.text !== undefined) lines.push(...textBlock(p.text, width));
    else lines.push(fitLine([seg(`  binary ${safeLine(p.mimeType ?? 'data')}, ${formatBytes(p.bytes ?? 0)}: not shown`, 'warn')], width));
  }
  return lines;
}
