// V8 alone, no breakerbox: a long-lived table that gains one entry and loses
// one per operation, with 64 live, after a full collection has put the table
// in the old generation (BENCHMARKS.md §11, the 41-tool threshold of #17).
//
//   node --expose-gc bench/profile/map-churn.mjs <map|set|object|ring|none>
//
// A Map or Set keeps the young generation full (each replaced hash table
// points to its successor, and a dead old table keeps its young successor
// alive through scavenges); an object keyed by integers or a ring array does
// not. Prints the young generation's size, mark-sweeps and what is left in
// the young generation after each scavenge (mean).
import v8 from 'node:v8';

const kind = process.argv[2] ?? 'map';
if (!globalThis.gc) throw new Error('run with node --expose-gc');
const map = new Map();
const set = new Set();
const object = Object.create(null);
const ring = new Array(1024).fill(undefined);
gc();
const live = [];
const profiler = new v8.GCProfiler();
profiler.start();
for (let id = 1; id <= 200_000; id++) {
  const value = { id, payload: new Array(50).fill(id) };
  if (kind === 'map') map.set(id, value);
  else if (kind === 'set') set.add(value);
  else if (kind === 'object') object[id] = value;
  else if (kind === 'ring') ring[id & 1023] = value;
  live.push(id);
  if (live.length > 64) {
    const old = live.shift();
    if (kind === 'map') map.delete(old);
    else if (kind === 'set') set.delete(set.values().next().value);
    else if (kind === 'object') delete object[old];
    else if (kind === 'ring') ring[old & 1023] = undefined;
  }
  for (let j = 0; j < 5; j++) void { a: j, b: [j, j] }; // garbage, as calls make
  if (id % 64 === 0) await null;
}
const { statistics } = profiler.stop();
const scavenges = statistics.filter((g) => g.gcType === 'Scavenge');
const left = scavenges.reduce((n, g) => n + g.afterGC.heapSpaceStatistics.find((s) => s.spaceName === 'new_space').spaceUsedSize, 0) / scavenges.length;
console.log(
  JSON.stringify({
    kind,
    newSpaceMb: +(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1e6).toFixed(1),
    markSweeps: statistics.filter((g) => g.gcType === 'MarkSweepCompact').length,
    leftAfterScavengeKb: Math.round(left / 1024),
  }),
);
