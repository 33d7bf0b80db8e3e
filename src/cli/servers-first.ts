// The TUI's first moments belong to the servers. Loading Ink, React and the
// panes, and drawing their first frames, keeps the main thread busy for a few
// hundred milliseconds; a server's replies that arrive meanwhile wait in its
// pipe, and a handshake of four round trips waited for four of those stretches
// (BENCHMARKS.md, startup: the servers came online about 0.5 s after they had
// answered). So the app waits, for a short while, until every server has
// settled (online, failed or resting) before it loads the UI, and shows their
// progress on the first frame's status line meanwhile. A server slower than
// that only delays the UI by the cap; it keeps starting after.
//
// The cap is a cliff, not a slope: once it is up, Ink and the panes load and
// draw (~400–500 ms of CPU while their code is cold) on the cores where the
// servers are still booting, and "online" comes about a second later. On a
// busy machine the bundled servers took 30–270 ms after the first write to
// settle, and a 300 ms cap fell inside that spread (2 of 12 starts at load
// 4.7–5.6: BENCHMARKS.md §18). A second leaves room for a loaded machine and
// is still short for a person looking at the first frame's progress line.
import {serverSummary} from '../state/selectors.js';
import type {Store} from '../state/store.js';

/** Longest wait for the servers before the UI loads anyway (ms). */
export const SERVERS_FIRST_MS = 1_000;

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
