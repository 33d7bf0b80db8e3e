// The tool table: the names the model sees and where each one goes.
import React, {memo} from 'react';
import type {Catalog} from '../../hub/types.js';
import type {AppState, ScrollState} from '../../state/app-state.js';
import {collisions, filteredCatalog, scrolledWindow} from '../../state/selectors.js';
import {safeLine} from '../text/safe.js';
import {innerCols, innerRows} from '../components/frame.js';
import {ListFrame} from '../components/list-frame.js';
import {seg, type Line} from '../line.js';
import {plural} from '../text/format.js';
import type {Theme} from '../theme.js';
import {catalogLines, groupShared} from './catalog-rows.js';
import {CATALOG_ROWS_PER_ENTRY} from './rows-per.js';

/** What the catalog pane draws. */
export interface CatalogPaneProps {
  catalog: Catalog;
  filter: string;
  scroll: ScrollState;
  width: number;
  height: number;
  focused: boolean;
  /** Servers still starting: an empty table is not final yet. */
  starting: boolean;
  theme: Theme;
  /** The highlighted row (Enter opens its detail), drawn while the pane has focus. */
  cursor?: number;
  /** Entries from servers' cached lists, not yet confirmed by the servers (issue #18). */
  cached?: number;
}

/** How many entries come from a cached list a starting server has not confirmed yet. */
export function cachedEntries(catalog: Catalog, servers: AppState['servers']): number {
  let n = 0;
  for (const e of catalog.entries) if (Object.hasOwn(servers.byAlias, e.alias) && servers.byAlias[e.alias]!.cached) n++;
  return n;
}

/** Entries the pane shows at once for a frame of `height`. */
export const catalogCapacity = (height: number): number => Math.floor(innerRows(height) / CATALOG_ROWS_PER_ENTRY);

/** The catalog pane. */
export const CatalogPane = memo(function CatalogPane(p: CatalogPaneProps): React.JSX.Element {
  const shared = collisions(p.catalog);
  const list = groupShared(filteredCatalog(p.catalog, p.filter), shared);
  const win = scrolledWindow(list, p.scroll, catalogCapacity(p.height));
  const width = innerCols(p.width);
  const lines: Line[] = win.rows.flatMap((e, i) => {
    const [first, second] = catalogLines(e, shared.has(e.tool), width);
    return [p.focused && win.offset + i === p.cursor ? highlighted(first) : first, second];
  });
  if (list.length === 0) lines.push([seg(emptyText(p), 'muted')]);
  const total = p.catalog.entries.length;
  const title = [seg('Tools'), seg(` ${p.filter ? `${list.length}/${total}` : total}`, 'accent')];
  if (p.filter) title.push(seg(` · filter “${safeLine(p.filter)}”`, 'warn'));
  if (shared.size > 0) title.push(seg(` · ${plural(shared.size, 'shared name')}`, 'warn'));
  if (p.cached) title.push(seg(` · ${p.cached} cached`, 'warn'));
  const held = p.catalog.withheld?.length ?? 0;
  if (held > 0) title.push(seg(` · ${held} withheld`, 'danger', true));
  return (
    <ListFrame title={title} above={win.above} below={win.below} lines={lines} keys={win.rows.flatMap((e) => [`${e.name}:0`, `${e.name}:1`])} width={p.width} height={p.height} focused={p.focused} theme={p.theme} />
  );
});

function emptyText(p: CatalogPaneProps): string {
  if (p.filter) return `no tool matches “${safeLine(p.filter)}” (/tools clears the filter)`;
  return p.starting ? 'servers are starting…' : 'no tools: every server is offline or has none';
}

/** A row drawn inverse: the one Enter opens. */
export const highlighted = (line: Line): Line => line.map((s) => ({...s, inverse: true}));
