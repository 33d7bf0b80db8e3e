// A server's status is replaced on every change (callers may keep old ones).
// Written as a spread that adds members, each new status got a hidden class
// of its own (issue #17, BENCHMARKS.md §30): counted here, not timed.
import {describe, expect, it} from 'vitest';
import {statusWith} from '../../src/hub/slot-status.js';
import type {ServerStatus} from '../../src/hub/types.js';
import {leastAllocated} from '../helpers/allocated.js';

const fresh = (n: number, from: number): ServerStatus[] =>
  Array.from({length: n}, (_, i) => ({alias: `server_${from + i}`, state: 'starting', toolCount: 0, pages: 0, trusted: false, logFile: undefined, transport: 'stdio'}));

/** One start's changes, as ServerSlot makes them: starting, then online. */
function startOf(status: ServerStatus): ServerStatus {
  const starting = statusWith(status, {state: 'starting', attempt: undefined, toolCount: 0, circuitOpenUntil: undefined, starting: undefined, cached: undefined});
  const details = {era: 'legacy' as const, protocolVersion: '2025-06-18', serverName: 'bench', instructions: undefined, capabilities: {}, toolCount: 1, pages: 1, discoveryMs: 12};
  return statusWith(statusWith(starting, details), {state: 'online', attempt: undefined, phase: undefined, reason: undefined, failedAt: undefined, starting: undefined, cached: undefined});
}

describe('statusWith', () => {
  it('applies a change: a member given (undefined too) replaces, a member not given is kept', () => {
    const before: ServerStatus = {alias: 'a', state: 'offline', toolCount: 0, pages: 0, trusted: true, phase: 'handshake', reason: 'no answer', url: 'https://x/…'};
    const after = statusWith(before, {state: 'starting', phase: undefined, reason: undefined, cached: {toolCount: 2, listedAt: 'then'}});
    expect(after).toEqual({alias: 'a', state: 'starting', toolCount: 0, pages: 0, trusted: true, url: 'https://x/…', cached: {toolCount: 2, listedAt: 'then'}});
    expect(after.phase).toBeUndefined();
    expect(before.state).toBe('offline');
  });

  it('makes the statuses of a start in ~0.9 KB a server (as spreads, `{...prev, ...change}`: ~1.7 KB, a hidden class per status)', () => {
    for (let r = 0; r < 3; r++) fresh(1000, -1000 * (r + 1)).map(startOf);
    const kept: unknown[] = [];
    const perServer = leastAllocated(5, (rep) => {
      const statuses = fresh(1000, 1000 * rep);
      return () => void kept.push(statuses.map(startOf));
    }) / 1000;
    // Three statuses of 23 members, the details and the three changes: ~0.93 KB.
    expect(perServer).toBeLessThan(1300);
  });
});
