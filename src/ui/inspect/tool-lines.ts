// The tool detail view: the model name and how it was made, where it goes,
// the description as sent and as the model reads it, the schemas, the
// annotations (claims or trusted), the page it came on, and what each model
// API loses of it.
import {providerLosses} from '../../agent/models/provider-losses.js';
import {deriveName, describeDerivation} from '../../hub/name-derivation.js';
import type {Catalog, CatalogEntry} from '../../hub/types.js';
import type {PageRecord} from '../../session/paginate.js';
import {fitLine, seg, type Line} from '../line.js';
import {safeLine} from '../text/safe.js';
import {showInvisible} from '../../util/visible.js';
import {heading, jsonBlock, labelled, textBlock} from './blocks.js';
import {pinLines} from './pin-lines.js';

/** Every row of the tool view at `width` cells. */
export function toolLines(entry: CatalogEntry, catalog: Catalog, pages: readonly PageRecord[] | undefined, width: number): Line[] {
  const table = catalog.entries.map((e) => ({name: e.name, alias: e.alias, original: e.tool, mangling: e.mangling}));
  const derivation = deriveName({name: entry.name, alias: entry.alias, original: entry.tool, mangling: entry.mangling}, table);
  const lines: Line[] = [
    fitLine([seg(safeLine(entry.name), 'tool', true)], width),
    fitLine([seg('→ ', 'muted'), seg(`${safeLine(entry.alias)} / ${safeLine(entry.tool)}`, 'accent'), ...(entry.title ? [seg(`  “${safeLine(showInvisible(entry.title))}”`)] : [])], width),
    [],
    ...pinLines(entry, width),
    [],
    heading('Model name'),
    ...describeDerivation(derivation).map((l) => fitLine([seg(`  ${safeLine(l)}`)], width)),
  ];
  if (derivation.sharedWith.length > 0) {
    lines.push(fitLine([seg(`  shared: “${safeLine(entry.tool)}” is also on `, 'warn'), seg(derivation.sharedWith.map((s) => `${s.alias} (${s.name})`).join(', '))], width));
  }
  lines.push(labelled('  listed on', listedOn(entry.tool, pages), width), [], heading(`Annotations ${entry.trusted ? '(trusted server: believed)' : '(claims: the server is not trusted, so they decide nothing)'}`));
  const a = entry.annotations;
  if (!a) lines.push([seg('  none', 'muted')]);
  else for (const [k, v] of Object.entries(a)) lines.push(fitLine([seg(`  ${k}: `, 'muted'), seg(safeLine(String(v)), k === 'destructiveHint' && v === true ? 'danger' : undefined, k === 'destructiveHint' && v === true)], width));
  lines.push([], heading('Description as the server sent it'), ...(entry.originalDescription ? textBlock(showInvisible(entry.originalDescription), width) : [[seg('  (none)', 'muted')] as Line]));
  if (entry.withheld) lines.push([], heading('Description as the model receives it'), [seg('  nothing: the tool is withheld until you trust it', 'warn')]);
  else lines.push([], heading('Description as the model receives it'), ...textBlock(showInvisible(entry.description), width));
  lines.push([], heading('Input schema'), ...jsonBlock(entry.inputSchema, width));
  lines.push([], heading('Output schema'), ...(entry.outputSchema ? jsonBlock(entry.outputSchema, width) : [[seg('  none: results are not checked', 'muted')] as Line]));
  lines.push([], heading('What each model API loses of it'));
  for (const provider of ['anthropic', 'openai'] as const) {
    const losses = providerLosses(entry, provider);
    lines.push(fitLine([seg(`  ${provider}: `, 'muted'), seg(losses.length ? '' : 'nothing beyond the table in the README', losses.length ? undefined : 'muted')], width));
    for (const l of losses) lines.push(...textBlock(l, width, undefined, 4));
  }
  return lines;
}

/** "page 2 of 2 (cursor in …)", from the pages of the server's last listing. */
function listedOn(tool: string, pages: readonly PageRecord[] | undefined): string {
  if (!pages || pages.length === 0) return 'unknown (no listing recorded)';
  const page = pages.find((p) => p.names?.includes(tool));
  if (!page) return `not on the last listing's ${pages.length} page(s)`;
  return `page ${page.index} of ${pages.length}${page.cursorIn ? ` (cursor in ${JSON.stringify(page.cursorIn.slice(0, 40))})` : ' (the first page)'}`;
}
