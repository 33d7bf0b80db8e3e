// The TUI's first moments belong to the servers. Loading Ink, React and the
// panes, and drawing their first frames, keeps the main thread busy for a few
// hundred milliseconds; a server's replies that arrive meanwhile wait in its
// pipe, and a handshake of four round trips waited for four of those stretches
// (BENCHMARKS.md, startup: the servers came online about 0.5 s after they had
// answered). So the app waits, for a short while, until every server has
// settled (online, failed or resting) before it loads the UI, and shows their
// progress on the first frame's status line meanwhile. A server slower than
// that only delays the UI by the cap; it keeps starting after.
import {serverSummary} from '../state/selectors.js';
import type {Store} from '../state/store.js';

/** Longest wait for the servers before the UI loads anyway (ms). */
export const SERVERS_FIRST_MS = 300;

/** Schedules `fn` after `ms`; returns what cancels it. Injected by tests. */
export type SetTimer = (fn: () => void, ms: number) => () => void;

const realTimer: SetTimer = (fn, ms) => {
  const t = setTimeout(fn, ms);
  return () => clearTimeout(t);
};

export interface ServersFirstOptions {
  capMs?: number;
  /** Told the status label (`1/2 online · 3 tools · 1 starting`) each time it changes. */
  onLabel: (label: string) => void;
  setTimer?: SetTimer;
}

/** Resolves 'settled' once no server is starting, or 'cap' when the wait is over first. */
export function serversFirst(store: Store, opts: ServersFirstOptions): Promise<'settled' | 'cap'> {
  return new Promise((resolve) => {
    let last = '';
    let ended = false;
    const end = (why: 'settled' | 'cap') => {
      if (ended) return;
      ended = true;
      cancel();
      off();
      resolve(why);
    };
    const check = () => {
      const summary = serverSummary(store.getState().servers);
      if (summary.label !== last) {
        last = summary.label;
        opts.onLabel(summary.label);
      }
      if (summary.starting + summary.restarting === 0) end('settled');
    };
    const off = store.subscribe(check);
    const cancel = (opts.setTimer ?? realTimer)(() => end('cap'), opts.capMs ?? SERVERS_FIRST_MS);
    check();
  });
}
