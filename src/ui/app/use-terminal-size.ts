// Follows the terminal size into the state (`ui/resized`), so layout is state.
import {useStdout} from 'ink';
import {useEffect} from 'react';
import type {Store} from '../../state/store.js';

/** Dispatches `ui/resized` now and on every resize, when the output is a sized terminal. */
export function useTerminalSize(store: Store): void {
  const {stdout} = useStdout();
  useEffect(() => {
    const report = () => {
      const {columns, rows} = stdout;
      // Test streams have no rows: keep the size the app was built with.
      if (typeof columns === 'number' && typeof rows === 'number' && columns > 0 && rows > 0) {
        store.dispatch({type: 'ui/resized', columns, rows});
      }
    };
    report();
    stdout.on('resize', report);
    return () => {
      stdout.off('resize', report);
    };
  }, [stdout, store]);
}
