// The TUI lets the servers settle before it loads Ink (src/cli/servers-first.ts):
// the wait ends when no server is starting, or at the cap (a fake timer here),
// and the first frame's status line follows their progress meanwhile.
import {describe, expect, it} from 'vitest';
import {serversFirst, type SetTimer} from '../../src/cli/servers-first.js';
import {initialState} from '../../src/state/app-state.js';
import type {AppEvent} from '../../src/state/events.js';
import {createStore} from '../../src/state/store.js';
import {firstFrameStatus, firstFrameText} from '../../src/ui/first-frame.js';

const online = (alias: string, toolCount: number): AppEvent => ({type: 'server/online', alias, era: 'legacy', protocolVersion: '2025-06-18', serverName: alias, toolCount, pages: 1, discoveryMs: 5});

/** A timer that fires only when the test says so. */
function manualTimer(): {setTimer: SetTimer; fire: () => void; pendingMs: () => number | undefined} {
  let pending: {fn: () => void; ms: number} | undefined;
  return {
    setTimer: (fn, ms) => {
      pending = {fn, ms};
      return () => (pending = undefined);
    },
    fire: () => pending?.fn(),
    pendingMs: () => pending?.ms,
  };
}

/** A clock the test moves: timers fire when their time is reached. */
function fakeClock(): {setTimer: SetTimer; advance: (ms: number) => void} {
  let now = 0;
  const timers = new Set<{fn: () => void; at: number}>();
  return {
    setTimer: (fn, ms) => {
      const t = {fn, at: now + ms};
      timers.add(t);
      return () => timers.delete(t);
    },
    advance: (ms) => {
      now += ms;
      for (const t of [...timers]) if (t.at <= now && timers.delete(t)) t.fn();
    },
  };
}

describe('servers first, then the UI', () => {
  it('keeps waiting for a server that boots slowly on a busy machine (half a second), not loading Ink over it', async () => {
    const store = createStore(initialState({servers: [{alias: 'notes'}, {alias: 'tickets'}]}));
    const clock = fakeClock();
    let result: string | undefined;
    const waiting = serversFirst(store, {onLabel: () => {}, setTimer: clock.setTimer}).then((r) => (result = r));
    clock.advance(250);
    store.dispatch(online('notes', 3));
    clock.advance(250);
    await Promise.resolve();
    expect(result).toBeUndefined();
    store.dispatch(online('tickets', 2));
    expect(await waiting).toBe('settled');
  });

  it('loads the UI anyway once a server has taken a second', async () => {
    const store = createStore(initialState({servers: [{alias: 'npx-download'}]}));
    const clock = fakeClock();
    let result: string | undefined;
    const waiting = serversFirst(store, {onLabel: () => {}, setTimer: clock.setTimer}).then((r) => (result = r));
    clock.advance(999);
    await Promise.resolve();
    expect(result).toBeUndefined();
    clock.advance(1);
    expect(await waiting).toBe('cap');
  });

  it('waits until every server has settled, showing each step of their progress', async () => {
    const store = createStore(initialState({servers: [{alias: 'notes'}, {alias: 'tickets'}]}));
    const labels: string[] = [];
    const timer = manualTimer();
    let result: string | undefined;
    const waiting = serversFirst(store, {onLabel: (l) => labels.push(l), setTimer: timer.setTimer, capMs: 300}).then((r) => (result = r));
    expect(timer.pendingMs()).toBe(300);
    store.dispatch(online('tickets', 2));
    await Promise.resolve();
    expect(result).toBeUndefined();
    store.dispatch({type: 'server/offline', alias: 'notes', phase: 'handshake', reason: 'boom', at: 1});
    expect(await waiting).toBe('settled');
    expect(labels).toEqual(['0/2 online · 0 tools · 2 starting', '1/2 online · 2 tools · 1 starting', '1/2 online · 2 tools · 1 offline']);
    // Settled: the cap is cancelled, and later changes are not written over the app.
    expect(timer.pendingMs()).toBeUndefined();
    store.dispatch(online('notes', 3));
    expect(labels).toHaveLength(3);
  });

  it('gives up at the cap when a server is slower', async () => {
    const store = createStore(initialState({servers: [{alias: 'slow'}]}));
    const timer = manualTimer();
    const waiting = serversFirst(store, {onLabel: () => {}, setTimer: timer.setTimer});
    timer.fire();
    expect(await waiting).toBe('cap');
  });

  it('does not wait when nothing is starting (no servers, or all disabled)', async () => {
    const timer = manualTimer();
    expect(await serversFirst(createStore(initialState({servers: []})), {onLabel: () => {}, setTimer: timer.setTimer})).toBe('settled');
    expect(await serversFirst(createStore(initialState({servers: [{alias: 'off', disabled: true}]})), {onLabel: () => {}, setTimer: timer.setTimer})).toBe('settled');
    expect(timer.pendingMs()).toBeUndefined();
  });

  it("rewrites the first frame's last line, where it says starting…", () => {
    for (const [columns, rows] of [[120, 40], [80, 24], [60, 30]] as const) {
      const lines = firstFrameText(columns, rows, 2).split('\r\n');
      expect(lines.at(-1)).toBe('starting…');
      expect(firstFrameStatus(columns, rows, 2)('1/2 online')).toBe(`\u001b[${lines.length};1H\u001b[2K1/2 online`);
    }
    expect(firstFrameStatus(10, 24, 2)('x'.repeat(50))).toMatch(/\u001b\[2Kx{9}$/);
  });
});
