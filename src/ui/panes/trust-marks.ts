// Trust on first use in the tool table: a withheld, changed or new tool says
// so beside its name, and its first hidden-instruction finding (with its
// place) or the first change since pinned stands on its second row. The
// tool's detail view (Enter) and `breakerbox audit` show all of them.
import {formatChange} from '../../hub/trust/diff.js';
import {findingPlace} from '../../hub/trust/scan.js';
import type {CatalogEntry} from '../../hub/types.js';
import {showInvisible} from '../../util/visible.js';
import {seg, type Seg} from '../line.js';
import {safeLine} from '../text/safe.js';

/** Marks after the name: `⛔ withheld`, `△ changed`, `+ new`, `⚠ 2`. */
export function trustSegs(e: CatalogEntry): Seg[] {
  const out: Seg[] = [];
  if (e.withheld) out.push(seg('  ⛔ withheld: /trust to accept', 'danger', true));
  else if (e.pinCheck?.state === 'changed') out.push(seg(e.pinCheck.mustAsk ? '  △ changed since pinned: asks every call' : '  △ changed since pinned', 'warn', true));
  else if (e.pinCheck?.state === 'new') out.push(seg('  + new', 'info'));
  const n = e.findings?.length ?? 0;
  if (n > 0) out.push(seg(`  ⚠ ${n}`, 'warn', true));
  return out;
}

/** The first finding (with its place) or the first change, for the second row. */
export function findingNote(e: CatalogEntry): string | undefined {
  const f = e.findings?.[0];
  const more = (e.findings?.length ?? 0) + (e.pinCheck?.changes?.length ?? 0) - 1;
  const tail = more > 0 ? ` (+${more} more: Enter shows all)` : '';
  if (f) return `⚠ ${f.kind} at ${safeLine(showInvisible(findingPlace(f)))}${tail}`;
  const c = e.pinCheck?.changes?.[0];
  // A withheld tool's change would show its new text: only where it changed.
  if (c) return e.withheld ? `△ ${safeLine(c.path)} ${c.change}${tail}` : `△ ${safeLine(showInvisible(formatChange(c)))}${tail}`;
  if (e.withheld) return `withheld: ${e.withheld.includes('invisible') ? 'invisible characters' : 'changed since pinned'}`;
  return undefined;
}
