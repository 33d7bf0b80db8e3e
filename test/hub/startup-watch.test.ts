// The startup policy (issue #14): a start is given up after startupTimeoutMs
// without a sign of life, or after installTimeoutMs whatever it shows. Time is
// the subject, so the clock is the test's.
import {describe, expect, it} from 'vitest';
import {StartupWatch, type LifeSample, type StartingProgress} from '../../src/hub/startup-watch.js';
import {fakeClock} from '../helpers/clock.js';

function watch(sample?: (fresh?: boolean) => LifeSample | undefined, leaderCpu?: () => number | undefined) {
  const clock = fakeClock();
  const given: string[] = [];
  const progress: StartingProgress[] = [];
  const w = new StartupWatch({silenceMs: 30_000, capMs: 600_000, clock, sample, leaderCpu, onGiveUp: (r) => given.push(r), onProgress: (p) => progress.push(p), progressEveryMs: 5_000});
  return {clock, given, progress, w};
}

describe('StartupWatch', () => {
  it('gives up on a silent, idle server at startupTimeoutMs', () => {
    const {clock, given} = watch(() => ({cpuMs: 120}));
    clock.advance(29_999);
    expect(given).toEqual([]);
    clock.advance(1);
    expect(given).toEqual([expect.stringMatching(/^no sign of life \(stderr output, CPU use\) for 30000 ms \(startupTimeoutMs\)$/)]);
  });

  it('keeps a server that writes to stderr, past startupTimeoutMs, and reports what it does', () => {
    const {clock, given, progress, w} = watch();
    for (let i = 0; i < 10; i++) {
      w.output(`npm http fetch GET 200 https://registry.npmjs.org/pkg-${i}\n`);
      clock.advance(20_000);
    }
    expect(given).toEqual([]);
    expect(progress.at(-1)).toMatchObject({activity: 'working', lastLine: 'npm http fetch GET 200 https://registry.npmjs.org/pkg-9'});
    expect(progress.at(-1)!.elapsedMs).toBeGreaterThanOrEqual(180_000);
    // Then it goes quiet: the normal timeout counts from its last sign of life.
    clock.advance(10_000);
    expect(given).toHaveLength(1);
    expect(given[0]).toMatch(/no sign of life .* for 30000 ms/);
  });

  it('counts CPU use of the process group as life, and names an installing package manager', () => {
    let cpu = 0;
    const {clock, given, progress} = watch(() => ({cpuMs: (cpu += 50), packageManager: 'npm'}));
    clock.advance(120_000);
    expect(given).toEqual([]);
    expect(progress.at(-1)).toMatchObject({activity: 'installing'});
  });

  it('gives a start up only on a sample taken now: a shared, older one may miss the last CPU use', () => {
    // The shared sample never moves; the process used CPU since, which only a fresh look sees.
    let fresh = 0;
    const {clock, given} = watch((takenNow) => ({cpuMs: takenNow ? (fresh += 50) : 0}));
    clock.advance(30_000);
    expect(given).toEqual([]);
    expect(fresh).toBeGreaterThan(0);
  });

  it('idle CPU (a timer now and then) is no sign of life', () => {
    let cpu = 0;
    const {clock, given} = watch(() => ({cpuMs: (cpu += 1), packageManager: 'npm'}));
    clock.advance(30_000);
    expect(given).toEqual([expect.stringMatching(/no sign of life .* \(npm was running\)/)]);
  });

  it('one clock tick of CPU (an idle server\'s one collection after its boot) is no sign of life', () => {
    // /proc counts in 10 ms ticks: a silent Node server shows its boot, then one tick some seconds later.
    let now = () => 0;
    const cpu = () => (now() < 5_000 ? 70 : 80);
    const {clock, given} = watch(() => ({cpuMs: cpu()}), cpu);
    now = () => clock.now();
    // The boot is seen at the first look (1 s); the silence counts from there, not from the tick.
    clock.advance(31_000);
    expect(given).toEqual([expect.stringMatching(/^no sign of life/)]);
  });

  it('gives up at installTimeoutMs however alive the server looks', () => {
    const {clock, given, w} = watch(() => undefined);
    for (let t = 0; t < 600_000; t += 10_000) {
      w.output('still downloading\n');
      clock.advance(10_000);
    }
    expect(given).toEqual([expect.stringMatching(/^still starting after 600 s \(installTimeoutMs is 600000 ms\)$/)]);
  });

  it('stops for good', () => {
    const {clock, given, w} = watch();
    w.stop();
    clock.advance(1_000_000);
    expect(given).toEqual([]);
  });

  describe('the server\'s own process first (issue #17)', () => {
    it('a short start whose own process uses CPU needs no scan of every process', () => {
      let scans = 0;
      let leader = 0;
      const {clock, given} = watch(() => (scans++, {cpuMs: 0}), () => (leader += 40));
      scans = 0; // the baseline the watch takes when made (in a slot, before the process exists)
      // Up to the point where the start is shown as long (10 s here): one look a second.
      clock.advance(9_500);
      expect(given).toEqual([]);
      expect(leader).toBe(9 * 40);
      expect(scans).toBe(0);
    });

    it('an idle process falls back to the group, whose CPU (a child installing) still counts', () => {
      let group = 0;
      const {clock, given} = watch(() => ({cpuMs: (group += 50)}), () => 3);
      clock.advance(60_000);
      expect(given).toEqual([]);
    });

    it('CPU the process used is not counted twice when the group is read next', () => {
      // Busy for 3 s, then nothing at all: the group's total grows only by what the process used.
      let leader = 0;
      const {clock, given} = watch(() => ({cpuMs: leader}), () => (clock.now() <= 3_000 ? (leader += 50) : leader));
      clock.advance(3_000 + 30_000 - 1);
      expect(given).toEqual([]);
      clock.advance(1);
      expect(given).toEqual([expect.stringMatching(/^no sign of life/)]);
    });

    it('once the start is long, the group is read again, and names the package manager', () => {
      let group = 0;
      let leader = 0;
      const {clock, progress} = watch(() => ({cpuMs: (group += 50), packageManager: 'npx'}), () => (leader += 50));
      clock.advance(20_000);
      expect(progress.at(-1)).toMatchObject({activity: 'installing'});
    });
  });
});
