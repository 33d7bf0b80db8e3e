// Bytes allocated over a GCProfiler window: the heap's growth between
// collections, summed, plus the growth after the last one. It does not depend
// on the machine's load, unlike a timing.

/** `used0`/`used1`: used_heap_size when the profiler started and stopped; `stats`: profiler.stop(). */
export function allocatedBytes(stats, used0, used1) {
  let allocated = 0;
  let last = used0;
  for (const g of stats.statistics) {
    allocated += g.beforeGC.heapStatistics.usedHeapSize - last;
    last = g.afterGC.heapStatistics.usedHeapSize;
  }
  return allocated + used1 - last;
}
