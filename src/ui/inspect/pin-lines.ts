// The tool view's trust on first use: the tool against its pin (first seen,
// pinned, new, changed since first seen), whether it is withheld and why, the
// diff since it was pinned, and every hidden-instruction finding with its
// exact place. Invisible characters are written as ⟨U+XXXX⟩; the user reads
// all of it here (the model reads none of a withheld tool) and `t` trusts it.
import {formatChange} from '../../hub/trust/diff.js';
import type {ToolPinCheck} from '../../hub/trust/evaluate.js';
import {FALSE_POSITIVE_NOTE, shortFinding, type Finding} from '../../hub/trust/scan.js';
import type {CatalogEntry} from '../../hub/types.js';
import {showInvisible} from '../../util/visible.js';
import {seg, type Line} from '../line.js';
import {safeLine} from '../text/safe.js';
import {wrapCells} from '../text/wrap.js';
import {heading, textBlock} from './blocks.js';

/** The pin state as one sentence. */
export function pinStateText(check: ToolPinCheck | undefined): string {
  const when = check?.pinnedAt ? ` (pinned ${check.pinnedAt.replace('T', ' ').slice(0, 19)} UTC)` : '';
  switch (check?.state) {
    case undefined:
      return 'not pinned (this run keeps no pins)';
    case 'first-seen':
      return 'first seen: the server was never seen before, so its tools are pinned as listed now';
    case 'pinned':
      return `pinned, unchanged since first seen${when}`;
    case 'new':
      return 'new: the server did not list it when its tools were pinned; pinned as listed now';
    case 'changed':
      if (!check.mustAsk) return `changed since first seen${when}; accepted on sight (onToolChange "allow")`;
      return `changed since first seen${when}; ${check.withheld.length > 0 ? 'no “always allow” applies until you trust it' : 'no “always allow” applies: every call asks until you trust it (onToolChange "ask")'}`;
  }
}

/** Every row of the trust section of the tool view. */
export function pinLines(entry: CatalogEntry, width: number): Line[] {
  const check = entry.pinCheck;
  const lines: Line[] = [heading('Trust on first use'), ...textBlock(pinStateText(check), width, check?.state === 'changed' ? 'warn' : undefined)];
  if (check && check.withheld.length > 0) {
    const why = check.withheld.map((w) => (w === 'changed' ? 'its definition changed since it was pinned' : 'it contains invisible characters')).join(', and ');
    lines.push(...textBlock(`⛔ withheld from the model: ${why}`, width, 'danger'));
  }
  if (check && (check.withheld.length > 0 || check.state === 'changed' || (entry.findings?.length ?? 0) > 0)) {
    lines.push(...textBlock(`[t] trusts it as listed now: re-pinned, back in the model’s table (same as /trust ${entry.name})`, width, 'accent'));
  }
  const changes = check?.changes ?? [];
  if (changes.length > 0) {
    lines.push([], heading(`What changed since it was pinned (${changes.length})`));
    for (const c of changes) lines.push(...textBlock(showInvisible(formatChange(c)), width, c.change === 'removed' ? 'error' : c.change === 'added' ? 'ok' : 'warn', 2, 12));
  }
  const findings = entry.findings ?? [];
  lines.push([], heading(`Hidden-instruction scan: ${findings.length === 0 ? 'nothing found' : `${findings.length} finding${findings.length === 1 ? '' : 's'}`}`));
  return [...lines, ...findingLines(findings, width)];
}

/** Each finding with its exact place, invisible characters shown visibly; the false-positive note once. */
export function findingLines(findings: readonly Finding[], width: number): Line[] {
  const lines: Line[] = [];
  for (const f of findings) lines.push(...textBlock(shortFinding(f), width, f.severity === 'block' ? 'error' : 'warn', 2, 12));
  if (findings.some((f) => f.kind === 'instruction')) lines.push(...textBlock(`Instruction-like phrases are ${FALSE_POSITIVE_NOTE}.`, width, 'muted'));
  return lines;
}

/** Rows of the diff a changed tool's dialog shows; the rest is in its detail view. */
const CHANGE_ROWS = 6;

/** For the approval of a call to a tool changed since it was pinned (onToolChange "ask"): what changed, so the user decides on the new definition. */
export function changeLines(entry: CatalogEntry | undefined, width: number): Line[] {
  const check = entry?.pinCheck;
  if (check?.state !== 'changed' || !check.mustAsk) return [];
  const changes = check.changes ?? [];
  const out: Line[] = [[seg(' △ CHANGED SINCE PINNED ', 'danger', true), seg(' no “always allow” applies until you trust it', 'warn')]];
  for (const c of changes.slice(0, CHANGE_ROWS)) {
    const tone = c.change === 'removed' ? 'error' : c.change === 'added' ? 'ok' : 'warn';
    for (const [i, row] of wrapCells(safeLine(showInvisible(formatChange(c))), Math.max(1, width - 4), 3).slice(0, 2).entries()) out.push([seg(i === 0 ? '  ~ ' : '    ', 'muted'), seg(row, tone)]);
  }
  const more = changes.length - CHANGE_ROWS;
  const hint = `${more > 0 ? `+${more} more changes; ` : ''}/tool ${entry!.name} shows the whole diff, /trust ${entry!.name} accepts it`;
  for (const row of wrapCells(hint, Math.max(1, width - 2), 2)) out.push([seg(`  ${row}`, 'muted')]);
  return out;
}
