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

/** Bytes alive after each scavenge: what it left in the young generation plus what it moved to the old one. */
export function survivedBytes({ statistics }) {
  const used = (side, name) => side.heapSpaceStatistics.find((s) => s.spaceName === name)?.spaceUsedSize ?? 0;
  return statistics
    .filter((g) => g.gcType === 'Scavenge')
    .reduce((sum, g) => sum + used(g.afterGC, 'new_space') + Math.max(0, used(g.afterGC, 'old_space') - used(g.beforeGC, 'old_space')), 0);
}
