import type {Clock} from '../../src/hub/debounce.js';

/** A clock the test moves by hand: timers fire, in order, only inside `advance`. */
export function fakeClock(start = 0): Clock & {advance(ms: number): void} {
  let now = start;
  let timers: Array<{at: number; fn: () => void; id: number}> = [];
  let next = 0;
  return {
    now: () => now,
    setTimeout(fn, ms) {
      timers.push({at: now + ms, fn, id: ++next});
      return next;
    },
    clearTimeout(id) {
      timers = timers.filter((t) => t.id !== id);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        now = due.at;
        due.fn();
      }
      now = end;
    },
  };
}
