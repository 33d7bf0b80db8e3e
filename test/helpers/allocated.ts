import v8 from 'node:v8';

/**
 * Bytes allocated on the JS heap while `work` runs (synchronously): the heap's
 * growth between collections, summed (as bench/profile/allocated.mjs counts
 * it). Counted, not timed: the same on a loaded machine. Nothing else runs
 * during a synchronous `work`, so the count is its own.
 */
export function allocatedDuring(work: () => void): number {
  const stop = startCount();
  work();
  return stop();
}

/**
 * The same count over asynchronous `work`, to its end. What else the process
 * runs meanwhile (timers, other I/O) is counted too: keep the test alone with it.
 */
export async function allocatedDuringAsync(work: () => Promise<unknown>): Promise<number> {
  const stop = startCount();
  await work();
  return stop();
}

/** Starts counting; the function returned stops and answers the bytes allocated since. */
function startCount(): () => number {
  const profiler = new v8.GCProfiler();
  const used0 = v8.getHeapStatistics().used_heap_size;
  profiler.start();
  return () => {
    const {statistics} = profiler.stop();
    let allocated = 0;
    let last = used0;
    for (const g of statistics) {
      allocated += g.beforeGC.heapStatistics.usedHeapSize - last;
      last = g.afterGC.heapStatistics.usedHeapSize;
    }
    return allocated + v8.getHeapStatistics().used_heap_size - last;
  };
}

/**
 * The least of `reps` counts of `allocatedDuring`, each over the work that
 * `prepare(rep)` returns (its inputs made outside the count). One count can
 * also hold what V8 did meanwhile for itself (optimized code installed, a
 * feedback vector, a table grown): a few KB that a bound per call feels. The
 * least of several is the work's own figure.
 *
 * With `below`, counting goes on past `reps` until the least is below it (at
 * most MAX_COUNTS counts): what a hot loop allocates depends on the tier that
 * compiled it, and on a busy machine the optimizing compiler's background
 * thread can finish after the first few counts (CI counted 202 bytes a
 * request for code that counts 160 once optimized, and 472 unoptimized).
 * Waiting for the optimized figure is waiting for a condition; code that
 * allocates more than `below` still fails, only later.
 */
export function leastAllocated(reps: number, prepare: (rep: number) => () => void, below = Infinity): number {
  let least = Infinity;
  for (let rep = 0; rep < reps || (least >= below && rep < MAX_COUNTS); rep++) least = Math.min(least, allocatedDuring(prepare(rep)));
  return least;
}

const MAX_COUNTS = 60;
