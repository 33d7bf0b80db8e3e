// PgUp/PgDn in the Tools pane move the highlight a pane's worth of tools (issue #14):
// with 210 tools, a few rows at a time was no way to get through them.
import {describe, expect, it} from 'vitest';
import {createActions} from '../../src/ui/app/actions.js';
import type {UiDriver} from '../../src/ui/app/intents.js';
import type {ArgForms} from '../../src/ui/forms/arg-forms.js';
import {catalogCapacity} from '../../src/ui/panes/catalog-pane.js';
import {createStore} from '../../src/state/store.js';
import {base, catalog, entry, run} from './fixtures.js';

describe('Tools pane paging', () => {
  it('moves a page of tools per PgDn/PgUp, keeping one in view for context', () => {
    const tools = Array.from({length: 60}, (_, i) => entry(`s${Math.floor(i / 4)}`, `tool_${i}`));
    const capacity = catalogCapacity(24);
    expect(capacity).toBeGreaterThan(5);
    const store = createStore(run(base(), {type: 'catalog/rebuilt', catalog: catalog(tools)}, {type: 'ui/pane-measured', pane: 'catalog', height: capacity}, {type: 'ui/focus-changed', pane: 'catalog'}));
    const actions = createActions({store, driver: {} as UiDriver, quit: () => {}, argForms: {} as ArgForms});
    actions.scroll('page-down');
    expect(store.getState().ui.cursor.catalog).toBe(capacity - 1);
    actions.scroll('page-down');
    expect(store.getState().ui.cursor.catalog).toBe(2 * (capacity - 1));
    // The highlighted tool stays on screen: the window followed it.
    const {offset} = store.getState().ui.scroll.catalog;
    expect(offset).toBeLessThanOrEqual(2 * (capacity - 1));
    expect(offset + capacity).toBeGreaterThan(2 * (capacity - 1));
    actions.scroll('page-up');
    expect(store.getState().ui.cursor.catalog).toBe(capacity - 1);
    actions.scroll('bottom');
    expect(store.getState().ui.cursor.catalog).toBe(59);
  });
});
