// Two rows per tool: the model's name with its marks, then where it goes
// (server / original name), its title and the annotation badges.
import type {CatalogEntry} from '../../hub/types.js';
import {safeLine} from '../text/safe.js';
import {fitLine, seg, type Line, type Seg} from '../line.js';
import {MARK} from '../symbols.js';
import {findingNote, trustSegs} from './trust-marks.js';

const grouped = new WeakMap<readonly CatalogEntry[], readonly CatalogEntry[]>();

/**
 * The entries in catalog order, except that tools sharing an original name
 * are pulled together at the first one's place, so both `search` tools sit
 * side by side. Same length as the input; memoised per list.
 */
export function groupShared(entries: readonly CatalogEntry[], shared: ReadonlySet<string>): readonly CatalogEntry[] {
  if (shared.size === 0) return entries;
  const hit = grouped.get(entries);
  if (hit) return hit;
  const byTool = new Map<string, CatalogEntry[]>();
  for (const e of entries) if (shared.has(e.tool)) (byTool.get(e.tool) ?? byTool.set(e.tool, []).get(e.tool)!).push(e);
  const out: CatalogEntry[] = [];
  for (const e of entries) {
    if (!shared.has(e.tool)) out.push(e);
    else if (byTool.get(e.tool)![0] === e) out.push(...byTool.get(e.tool)!);
  }
  grouped.set(entries, out);
  return out;
}

/** Badges for the annotations; an untrusted server's badges are claims, not facts. */
export function badges(e: CatalogEntry): Seg[] {
  const a = e.annotations;
  if (!a) return [];
  const out: Seg[] = [];
  if (a.readOnlyHint === true) out.push(seg('read-only', 'ok'));
  if (a.destructiveHint === true && a.readOnlyHint !== true) out.push(seg('⚠ destructive', 'danger', true));
  if (a.idempotentHint === true) out.push(seg('idempotent', 'info'));
  if (a.openWorldHint === true) out.push(seg('open-world', 'warn'));
  if (out.length === 0) return [];
  const spaced = out.flatMap((s, i) => (i === 0 ? [s] : [seg(' '), s]));
  // "(claims)" leads, so a narrow pane cuts a badge rather than the warning that they are unverified.
  return e.trusted ? spaced : [seg('(claims) ', 'muted'), ...spaced];
}

/** The two rows of one entry at `width` cells: name, marks and badges; then where it goes and its title. */
export function catalogLines(e: CatalogEntry, shared: boolean, width: number): [Line, Line] {
  // The mangling flag goes before the name: a hashed name is long, and the flag must survive the cut.
  const first: Seg[] = [e.trusted ? seg(`${MARK.trusted} `, 'ok', true) : seg(`${MARK.untrusted} `, 'muted')];
  if (e.mangling === 'hashed') first.push(seg(`${MARK.hashed}hashed `, 'warn', true));
  if (e.mangling === 'sanitised') first.push(seg(`${MARK.sanitised}sanitised `, 'warn', true));
  first.push(seg(safeLine(e.name), e.withheld ? 'muted' : 'tool', true));
  first.push(...trustSegs(e));
  const b = badges(e);
  if (b.length) first.push(seg('  '), ...b);
  const title = e.title ?? e.annotations?.title;
  const second: Seg[] = [seg('  → ', 'muted'), seg(`${safeLine(e.alias)} / `, 'accent'), seg(safeLine(e.tool), shared ? 'warn' : 'accent', shared)];
  if (shared) second.push(seg(` ${MARK.shared} shared`, 'warn', true));
  // A withheld tool's title and description may be its new text: not shown until trusted.
  const note = findingNote(e);
  if (note) second.push(seg(`  ${note}`, 'warn'));
  else if (!e.withheld) {
    if (title) second.push(seg(`  “${safeLine(title)}”`));
    // The start of the description, as far as the row allows: with many servers the names alone say little.
    const about = (e.originalDescription ?? e.description.replace(/^\[from [^\]]*\]\s*/, '')).replace(/\s+/g, ' ').trim();
    if (about) second.push(seg(`  ${safeLine(about)}`, 'muted'));
  }
  return [fitLine(first, width), fitLine(second, width)];
}
