// What a client allocates and keeps to start servers and list their tools
// (issue #17: peak RSS with 1,000 tools listed, 10 servers; the time of
// spawn + handshake + list), counted rather than timed.
//
//   node --expose-gc bench/profile/discovery.mjs <arm> [tools=1000] [pageSize=10] [servers=1]
//
// arm: one of bench/arms (raw, breakerbox, hub, sdk, sdk2). Prints one JSON
// line: bytes allocated on the JS heap during the start (V8's GC profiler, as
// in per-call.mjs), the heap kept afterwards (after a full collection, minus
// the same before the start), collections, CPU, wall time and peak RSS.
// survivedMb: bytes the scavenges found alive (kept in the young generation or
// moved to the old one), summed; V8 doubles the young generation each time this
// passes its size since the last doubling, which is most of what a start adds
// to peak RSS with 1,000 tools (BENCHMARKS.md §11, h20f).
// YG_SAMPLE=1 prints (stderr) the allocation stacks of what the start kept
// (V8's sampling heap profiler, live objects only).
import inspector from 'node:inspector/promises';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import {allocatedBytes, survivedBytes} from './allocated.mjs';

const [armName = 'hub', toolsArg = '1000', pageArg = '10', serversArg = '1'] = process.argv.slice(2);
if (!globalThis.gc) throw new Error('run with node --expose-gc');
const SERVER = fileURLToPath(new URL('../server/bench-server.mjs', import.meta.url));
const servers = Number(serversArg);
const spec = { command: process.execPath, args: [SERVER], env: { ...process.env, BENCH_TOOLS: toolsArg, BENCH_PAGE_SIZE: pageArg }, era: 'legacy' };

const mod = await import(new URL(`../arms/${armName}.mjs`, import.meta.url).href);
const lib = await mod.load();
gc();
const kept0 = v8.getHeapStatistics().used_heap_size;
const heapTotal0 = v8.getHeapStatistics().total_heap_size;
const rss0 = process.memoryUsage.rss();
const newSpace = () => +(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1e6).toFixed(1);
const newSpace0 = newSpace();
const session = process.env.YG_SAMPLE ? new inspector.Session() : undefined;
if (session) {
  session.connect();
  await session.post('HeapProfiler.enable');
  // YG_SAMPLE=all: every allocation, also what died since; else what is still alive.
  const all = process.env.YG_SAMPLE === 'all';
  await session.post('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMinorGC: all, includeObjectsCollectedByMajorGC: all });
}
const profiler = new v8.GCProfiler();
const used0 = v8.getHeapStatistics().used_heap_size;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
profiler.start();
const clients =
  servers > 1 && lib.startMany
    ? [await lib.startMany(servers, spec)]
    : await Promise.all(Array.from({ length: servers }, () => lib.connect(spec)));
const listed = (await Promise.all(clients.map((c) => c.listAll()))).reduce((n, l) => n + l.length, 0);
const stats = profiler.stop();
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const used1 = v8.getHeapStatistics().used_heap_size;
const allocated = allocatedBytes(stats, used0, used1);
gc();
const kept = v8.getHeapStatistics().used_heap_size - kept0;
if (session) {
  const { profile } = await session.post('HeapProfiler.stopSampling');
  const bytes = new Map();
  const walk = (node, stack) => {
    const f = node.callFrame;
    const here = [...stack, `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`];
    const key = here.slice(-3).join(' > ');
    if (node.selfSize) bytes.set(key, (bytes.get(key) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child, here);
  };
  walk(profile.head, []);
  for (const [stack, n] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 30)) process.stderr.write(`${(n / 1e3).toFixed(0).padStart(7)} KB  ${stack}\n`);
}
await Promise.all(clients.map((c) => c.close()));
process.stdout.write(
  JSON.stringify({
    arm: armName,
    tools: Number(toolsArg),
    servers,
    listed,
    allocatedMb: +(allocated / 1e6).toFixed(2),
    keptMb: +(kept / 1e6).toFixed(2),
    survivedMb: +(survivedBytes(stats) / 1e6).toFixed(2),
    gcs: Object.fromEntries(Object.entries(stats.statistics.reduce((m, g) => ((m[g.gcType] = (m[g.gcType] ?? 0) + 1), m), {}))),
    cpuMs: +((cpu.user + cpu.system) / 1000).toFixed(1),
    ms: +ms.toFixed(1),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    heapTotalMb: +(v8.getHeapStatistics().total_heap_size / 1e6).toFixed(1),
    heapTotalBeforeMb: +(heapTotal0 / 1e6).toFixed(1),
    rssBeforeMb: Math.round(rss0 / 1e6),
    newSpaceBeforeMb: newSpace0,
    newSpaceMb: newSpace(),
  }) + '\n',
);
process.exit(0);
