// 1,000 concurrent calls over 5 servers while one is SIGKILLed and restarted
// twice: each call settles exactly once, with its own answer or an isError
// result naming why; nothing hangs, nothing throws, nothing stays pending.
import {describe, expect, it} from 'vitest';
import {runLoad} from './load-kit.js';
import {trapProcessErrors} from './helpers.js';

describe('load with kills', () => {
  it('1,000 calls over 5 servers, one killed and restarted twice: no call lost, hung or mixed up', async () => {
    const trap = trapProcessErrors();
    try {
      const report = await runLoad({servers: 5, calls: 1_000, kills: 2, spreadMs: 3_000, maxDelayMs: 300, hangGuardMs: 25_000, seed: 7});
      console.log(`load: ${JSON.stringify(report)}`);
      expect(report.mismatches).toEqual([]);
      expect(report.hung).toBe(0);
      expect(report.threw).toBe(0);
      expect(report.ok + report.isError).toBe(1_000);
      expect(report.kills).toBe(2);
      expect(report.recovered).toBe(2);
      expect(report.pendingAfter).toBe(0);
      // Failures only come from the kills: in flight ("exited") or during the restart ("offline").
      // A write to a dying pipe waits for the exit instead of failing as 'internal'.
      expect(Object.keys(report.byReason).filter((r) => r !== 'exited' && r !== 'offline')).toEqual([]);
      expect(report.ok).toBeGreaterThan(800);
    } finally {
      trap.release();
    }
    expect(trap.errors).toEqual([]);
  }, 60_000);
});
