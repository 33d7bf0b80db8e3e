import v8 from 'node:v8';

/**
 * Bytes allocated on the JS heap while `work` runs (synchronously): the heap's
 * growth between collections, summed (as bench/profile/allocated.mjs counts
 * it). Counted, not timed: the same on a loaded machine. Nothing else runs
 * during a synchronous `work`, so the count is its own.
 */
export function allocatedDuring(work: () => void): number {
  const profiler = new v8.GCProfiler();
  const used0 = v8.getHeapStatistics().used_heap_size;
  profiler.start();
  work();
  const {statistics} = profiler.stop();
  let allocated = 0;
  let last = used0;
  for (const g of statistics) {
    allocated += g.beforeGC.heapStatistics.usedHeapSize - last;
    last = g.afterGC.heapStatistics.usedHeapSize;
  }
  return allocated + v8.getHeapStatistics().used_heap_size - last;
}
