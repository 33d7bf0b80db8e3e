// Tells the reducer how many rows each list pane shows (`ui/pane-measured`),
// so scrolling clamps to what is on screen. Heights come from the layout;
// the conversation reports how many items its following view holds.
import {useCallback, useEffect} from 'react';
import type {ScrollPane} from '../../state/app-state.js';
import type {Store} from '../../state/store.js';
import type {Layout} from '../layout.js';
import {catalogCapacity} from '../panes/catalog-pane.js';
import {serversCapacity} from '../panes/servers-pane.js';
import {traceCapacity} from '../panes/trace-pane.js';

/** Keeps the measured viewports in step with `layout` (`traceRemote`: the trace shown is a remote server's); returns the conversation's callback. */
export function useMeasuredPanes(store: Store, layout: Layout, traceRemote = false): (items: number) => void {
  const measure = useCallback(
    (pane: ScrollPane, height: number) => {
      if (store.getState().ui.viewport[pane] !== height) store.dispatch({type: 'ui/pane-measured', pane, height});
    },
    [store],
  );
  const catalog = catalogCapacity(layout.catalog.height);
  const servers = serversCapacity(layout.servers.width, layout.servers.height);
  const trace = layout.trace.height > 0 ? traceCapacity(layout.trace.height, traceRemote) : 0;
  useEffect(() => {
    measure('catalog', catalog);
    measure('servers', servers);
    if (trace > 0) measure('trace', trace);
  }, [measure, catalog, servers, trace]);
  return useCallback((items: number) => measure('conversation', items), [measure]);
}
