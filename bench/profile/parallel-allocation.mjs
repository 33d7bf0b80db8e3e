// What the yardstick's `par10` worker allocates and keeps, counted (issue #17,
// BENCHMARKS.md §25): the same rounds as its `parallel` scenario (one server
// alone, then ten at once, `rounds` times; 50 ms per response), through one
// of its arms, with V8's GC profiler around them. Load-independent: bytes
// allocated on the JS heap, bytes the scavenges found alive (what makes V8
// double the young generation), collections, young generation at the end,
// peak RSS. TOOLS sets the tools each server lists (50 as the yardstick;
// TOOLS=1 leaves only what a Hub costs whatever it lists, so the difference
// over 49 tools and 33 starts is the per-tool part).
//
//   node --expose-gc bench/profile/parallel-allocation.mjs <yardstick arm> [rounds=3] [servers=10]
//   e.g. TOOLS=1 node --expose-gc bench/profile/parallel-allocation.mjs bb-hub
//
// The arm is a name from the yardstick's arms/ (BREAKERBOX_DIR picks the
// build, as for the yardstick) or a path to an adapter.
import {existsSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import v8 from 'node:v8';
import {allocatedBytes, survivedBytes} from './allocated.mjs';

const [armArg = 'bb-hub', roundsArg = '3', serversArg = '10'] = process.argv.slice(2);
const here = (p) => fileURLToPath(new URL(p, import.meta.url));
// The shared yardstick beside the repository (../shared from the main checkout, ../../shared from a worktree), or YARDSTICK_DIR.
const YARDSTICK = process.env.YARDSTICK_DIR ?? [here('../../../shared/yardstick'), here('../../../../shared/yardstick')].find((d) => existsSync(`${d}/lib/worker.mjs`));
if (!YARDSTICK) throw new Error('no yardstick found: set YARDSTICK_DIR');
const armPath = existsSync(armArg) ? path.resolve(armArg) : path.join(YARDSTICK, 'arms', `${armArg}.mjs`);
const arm = await import(pathToFileURL(armPath).href);
const env = {BENCH_TOOLS: process.env.TOOLS ?? '50', BENCH_DELAY_MS: '50'};
const connect = () => arm.connect(process.execPath, [path.join(YARDSTICK, 'servers/bench-server.mjs')], {env});

const profiler = new v8.GCProfiler();
const used0 = v8.getHeapStatistics().used_heap_size;
profiler.start();
for (let r = 0; r < Number(roundsArg); r++) {
  const one = await connect();
  await one.listTools();
  await one.close();
  const open = await Promise.all(Array.from({length: Number(serversArg)}, async () => {
    const c = await connect();
    await c.listTools();
    return c;
  }));
  await Promise.all(open.map((c) => c.close()));
}
const stats = profiler.stop();
const used1 = v8.getHeapStatistics().used_heap_size;
const mb = (b) => Number((b / 1048576).toFixed(2));
const gcs = {};
for (const g of stats.statistics) gcs[g.gcType] = (gcs[g.gcType] ?? 0) + 1;
const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
console.log(JSON.stringify({arm: arm.name ?? armArg, tools: Number(env.BENCH_TOOLS), allocatedMb: mb(allocatedBytes(stats, used0, used1)), survivedMb: mb(survivedBytes(stats)), gcs, youngGenMb: mb(young), maxRssMb: Number((process.resourceUsage().maxRSS / 1024).toFixed(1))}));
process.exit(0);
