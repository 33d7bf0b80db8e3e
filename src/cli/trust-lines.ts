// Pin states and hidden-instruction findings as the command line prints them
// (`--list-tools`, `breakerbox audit`): server text only ever sanitised, and
// invisible characters shown as `⟨U+XXXX⟩`.
import {formatChange} from '../hub/trust/diff.js';
import {describeFinding, type Finding} from '../hub/trust/scan.js';
import type {Catalog, CatalogEntry} from '../hub/types.js';
import {stripControlLine} from '../util/sanitize.js';
import {showInvisible} from '../util/visible.js';

/** Server text safe for one terminal line, invisible characters made visible. */
export const shown = (text: string): string => stripControlLine(showInvisible(text));

/** `  [changed since pinned] [new] [2 warnings]` after a tool's row. */
export function trustMarks(e: CatalogEntry): string {
  const marks: string[] = [];
  // A withheld tool is never called, so it does not "ask every call": its [withheld] mark says what happens.
  if (e.pinCheck?.state === 'changed') marks.push(e.pinCheck.withheld.includes('changed') ? 'changed since pinned' : e.pinCheck.mustAsk ? 'changed since pinned: asks every call' : 'changed since pinned: accepted (onToolChange allow)');
  if (e.pinCheck?.state === 'new') marks.push('new');
  // Invisible characters block (withhold) and phrases only warn: counted apart, so a block is never called a warning.
  const blocking = e.findings?.filter((f) => f.severity === 'block').length ?? 0;
  const warnings = (e.findings?.length ?? 0) - blocking;
  if (blocking > 0) marks.push(`${blocking} hidden-character finding${blocking === 1 ? '' : 's'}`);
  if (warnings > 0) marks.push(`${warnings} warning${warnings === 1 ? '' : 's'}`);
  return marks.map((m) => `  [${m}]`).join('');
}

/**
 * The withheld and removed tools, and every finding with its place. A
 * withheld tool's new text (its diff, its findings) only with `withheldText`
 * (`audit`, for a person); `--list-tools` output may reach a model.
 */
export function trustLines(catalog: Catalog, withheldText = false): string[] {
  const lines: string[] = [];
  const withheld = catalog.withheld ?? [];
  if (withheld.length > 0) {
    lines.push('', 'Withheld from the model until trusted (/trust NAME in the app, or breakerbox pins --write)');
    for (const e of withheld) {
      const why = (e.pinCheck?.withheld ?? []).map((w) => (w === 'changed' ? 'changed since pinned' : 'invisible characters')).join(', ');
      lines.push(`  ${e.name}  → ${e.alias} / ${shown(e.tool)}  [withheld: ${why}]`);
    }
  }
  if ((catalog.removed ?? []).length > 0) {
    lines.push('', 'Removed since pinned');
    for (const r of catalog.removed!) lines.push(`  ${r.alias} / ${shown(r.tool)}`);
  }
  const noted = [...catalog.entries, ...(withheldText ? withheld : [])].filter((e) => (e.findings?.length ?? 0) > 0 || e.pinCheck?.state === 'changed');
  if (noted.length > 0) {
    lines.push('', 'Findings (instruction-like phrases are warnings: false positives are possible)');
    for (const e of noted) {
      lines.push(`  ${e.name}`);
      for (const c of e.pinCheck?.changes ?? []) lines.push(`    changed: ${shown(formatChange(c))}`);
      for (const f of e.findings ?? []) lines.push(`    ${shown(describeFinding(f))}`);
    }
  }
  return lines;
}

/** A finding for JSON output. */
export function findingJson(f: Finding) {
  return {kind: f.kind, severity: f.severity, place: f.place, line: f.line, column: f.column, detail: f.detail};
}
