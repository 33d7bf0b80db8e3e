// Load-independent cost of one call through a real pipe: bytes allocated on
// the JS heap, garbage collections, and (under callgrind) instructions.
//
//   node bench/profile/per-call.mjs <arm> [calls=20000] [inFlight=1] [warmup=5000]
//   BENCH_TOOLS=50 node bench/profile/per-call.mjs ...   (tools the server lists; default 1)
//   BENCH_ERA=modern ...   (the server's era, as the yardstick's: per-request _meta; the raw arm speaks legacy only)
//   node bench/profile/instructions.mjs ...   (runs this under callgrind twice)
//
// The arm is one of bench/arms (raw, sdk, sdk2, breakerbox, hub) against the
// bench server, as in `npm run bench`. Allocation is counted with
// v8.GCProfiler: the heap grows only by allocation between collections, so
// the sum of (used before each GC − used after the previous one) plus the
// growth since the last is every byte allocated in the window, whatever the
// machine's load. Prints one JSON line.
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import {allocatedBytes} from './allocated.mjs';

const [armName = 'hub', callsArg = '20000', inFlightArg = '1', warmupArg = '5000'] = process.argv.slice(2);
const calls = Number(callsArg);
const inFlight = Number(inFlightArg);
const warmup = Number(warmupArg);
const SERVER = fileURLToPath(new URL('../server/bench-server.mjs', import.meta.url));

const mod = await import(new URL(`../arms/${armName}.mjs`, import.meta.url).href);
const lib = await mod.load();
const client = await lib.connect({ command: process.execPath, args: [SERVER], env: { ...process.env, BENCH_TOOLS: process.env.BENCH_TOOLS ?? '1' }, era: 'legacy' });
const tools = await client.listAll();
const call = client.caller(tools[0].name);

async function run(n) {
  let started = 0;
  let errors = 0;
  const worker = async () => {
    while (started < n) {
      started++;
      const r = await call({ text: 'hello', n: started });
      if (r.isError) errors++;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  if (errors) throw new Error(`${errors} calls failed`);
}

await run(warmup);
const profiler = new v8.GCProfiler();
const used0 = v8.getHeapStatistics().used_heap_size;
const cpu0 = process.cpuUsage();
profiler.start();
await run(calls);
const stats = profiler.stop();
const cpu = process.cpuUsage(cpu0);
const used1 = v8.getHeapStatistics().used_heap_size;

// Bytes left in the young generation after each scavenge: what in-flight calls keep alive.
// V8 grows the young generation (and so peak RSS) as these accumulate.
const survivors = stats.statistics.filter((g) => g.gcType === 'Scavenge').map((g) => g.afterGC.heapSpaceStatistics.find((s) => s.spaceName === 'new_space')?.spaceUsedSize ?? 0);
const allocated = allocatedBytes(stats, used0, used1);
await client.close();
process.stdout.write(
  JSON.stringify({
    arm: armName,
    calls,
    inFlight,
    bytesPerCall: Math.round(allocated / calls),
    gcs: stats.statistics.length,
    gcTypes: Object.fromEntries(Object.entries(stats.statistics.reduce((m, g) => ((m[g.gcType] = (m[g.gcType] ?? 0) + 1), m), {}))),
    gcMs: +(stats.statistics.reduce((n, g) => n + g.cost, 0) / 1000).toFixed(1),
    cpuUsPerCall: +((cpu.user + cpu.system) / calls).toFixed(2),
    survivorKb: survivors.length ? Math.round(survivors.reduce((a, b) => a + b, 0) / survivors.length / 1024) : null,
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    newSpaceMb: +(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1e6).toFixed(1),
  }) + '\n',
);
process.exit(0);
