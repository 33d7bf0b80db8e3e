import v8 from 'node:v8';
import {runInNewContext} from 'node:vm';

/**
 * Bytes that scavenges moved to the old generation while `work` ran, after a
 * full collection (which puts every long-lived object in the old generation,
 * as a busy startup does). Counted, not timed: the same on a loaded machine.
 * A long-lived Map or Set that gains and loses entries all the time makes
 * this grow by about a megabyte a scavenge (BENCHMARKS.md §11, #17).
 */
export async function promotedDuring(work: () => Promise<void>): Promise<number> {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  const profiler = new v8.GCProfiler();
  profiler.start();
  await work();
  const {statistics} = profiler.stop();
  const old = (s: {heapSpaceStatistics: Array<{spaceName: string; spaceUsedSize: number}>}) => s.heapSpaceStatistics.find((x) => x.spaceName === 'old_space')!.spaceUsedSize;
  return statistics.filter((g) => g.gcType === 'Scavenge').reduce((sum, g) => sum + Math.max(0, old(g.afterGC) - old(g.beforeGC)), 0);
}
