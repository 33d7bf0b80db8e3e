// Which row is which in the lists the panes show: the catalog pane groups
// tools that share an original name, so its order is not the catalog's.
import type {CatalogEntry} from '../../hub/types.js';
import type {AppState} from '../../state/app-state.js';
import {collisions, filteredCatalog} from '../../state/selectors.js';
import {groupShared} from '../panes/catalog-rows.js';

/** The catalog rows in the order the pane shows them (filtered, shared names together). */
export function catalogRows(state: AppState): readonly CatalogEntry[] {
  return groupShared(filteredCatalog(state.catalog, state.ui.filter), collisions(state.catalog));
}

/** The entry of the pane's row `index`, if there is one. */
export function catalogRowAt(state: AppState, index: number): CatalogEntry | undefined {
  return catalogRows(state)[index];
}
