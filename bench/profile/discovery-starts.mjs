// The `handshake-1000` row's process, counted: one cold start then `warm`
// more, each spawning a server, listing its tools and closing, as
// bench/arms/driver.mjs does. Per start: bytes allocated, bytes the scavenges
// found alive (`survivedMb`, see discovery.mjs), scavenges, and the young
// generation's size after it; at the end, peak RSS. V8 doubles the young
// generation when the bytes survived since its last growth pass its size, and
// that doubling is most of what a 1,000-tool start adds to peak RSS over the
// session (BENCHMARKS.md §11): these counts show which start crosses it.
//
//   node bench/profile/discovery-starts.mjs <arm> [tools=1000] [pageSize=10] [warm=3]
//
// Prints one JSON line. The counts do not depend on the machine's load.
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { allocatedBytes, survivedBytes } from './allocated.mjs';

const [armName = 'hub', toolsArg = '1000', pageArg = '10', warmArg = '3'] = process.argv.slice(2);
const SERVER = fileURLToPath(new URL('../server/bench-server.mjs', import.meta.url));
const spec = { command: process.execPath, args: [SERVER], env: { ...process.env, BENCH_TOOLS: toolsArg, BENCH_PAGE_SIZE: pageArg }, era: 'legacy' };

const newSpaceMb = () => +(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1e6).toFixed(1);
const mod = await import(new URL(`../arms/${armName}.mjs`, import.meta.url).href);
const lib = await mod.load();
const starts = [];
for (let i = 0; i <= Number(warmArg); i++) {
  const profiler = new v8.GCProfiler();
  const used0 = v8.getHeapStatistics().used_heap_size;
  const cpu0 = process.cpuUsage();
  profiler.start();
  const client = await lib.connect(spec);
  const listed = (await client.listAll()).length;
  const stats = profiler.stop();
  const cpu = process.cpuUsage(cpu0);
  if (listed !== Number(toolsArg)) throw new Error(`listed ${listed} tools`);
  starts.push({
    allocatedMb: +(allocatedBytes(stats, used0, v8.getHeapStatistics().used_heap_size) / 1e6).toFixed(2),
    survivedMb: +(survivedBytes(stats) / 1e6).toFixed(2),
    scavenges: stats.statistics.filter((g) => g.gcType === 'Scavenge').length,
    markSweeps: stats.statistics.filter((g) => g.gcType !== 'Scavenge').length,
    cpuMs: +((cpu.user + cpu.system) / 1000).toFixed(1),
    newSpaceMb: newSpaceMb(),
  });
  await client.close();
}
const sum = (key) => +starts.reduce((n, s) => n + s[key], 0).toFixed(2);
process.stdout.write(
  JSON.stringify({
    arm: armName,
    allocatedMb: sum('allocatedMb'),
    survivedMb: sum('survivedMb'),
    scavenges: sum('scavenges'),
    newSpaceMb: newSpaceMb(),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    starts,
  }) + '\n',
);
process.exit(0);
