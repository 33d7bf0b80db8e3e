// How much a client keeps alive in V8's young generation under concurrency,
// by how many tools its server lists (issue #17, BENCHMARKS.md §11).
//
//   node bench/profile/young-gen.mjs <mode> [tools=50] [calls=35000] [inFlight=64]
//
// mode: session  McpSession.open on a StdioTransport, session.callTool
//       hub      a Hub with one server, hub.call
//       hub-session  the same Hub, its slot's session.callTool directly
// Prints one JSON line: the young generation's size at the end, what was left
// in it after each scavenge (mean), peak RSS, CPU per call. Environment:
//   YG_SERVER=path         another server script (the yardstick's: ../shared/yardstick/servers/bench-server.mjs)
//   YG_INCLUDE=tool_0000   the hub keeps only these tools (includeTools)
//   YG_GC=1                a full collection before the calls (run with
//                          --expose-gc): every long-lived object is then old,
//                          as after a busy startup; this is what showed that
//                          the 41-tool threshold was not about tools (§11)
//   YG_SAMPLE=1            V8's sampling heap profiler, keeping objects that
//                          died in the old generation: prints (stderr) which
//                          allocation stacks got promoted and then died
//   YOUNG_GEN_SNAPSHOT=path  a heap snapshot after half the calls
import inspector from 'node:inspector/promises';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';

const [mode = 'hub', toolsArg = '50', callsArg = '35000', inFlightArg = '64'] = process.argv.slice(2);
const calls = Number(callsArg);
const inFlight = Number(inFlightArg);
const SERVER = process.env.YG_SERVER ?? fileURLToPath(new URL('../server/bench-server.mjs', import.meta.url));
const env = { ...process.env, BENCH_TOOLS: toolsArg };
const dist = (p) => new URL(`../../dist/${p}`, import.meta.url).href;

let call;
let close;
let hub;
if (mode === 'session') {
  const [{ McpSession }, { StdioTransport }] = await Promise.all([import(dist('session/session.js')), import(dist('transport/stdio.js'))]);
  const session = await McpSession.open(new StdioTransport({ command: process.execPath, args: [SERVER], env }), { label: 'bench', clientInfo: { name: 'young-gen', version: '1' }, probeWaitMs: 1_500 });
  const { tools } = await session.listAllTools({ pageLimit: 10_000 });
  call = (args) => session.callTool(tools[0].name, args);
  close = () => session.close();
} else {
  const { Hub } = await import(dist('hub/hub.js'));
  hub = new Hub({ servers: [{ alias: 'bench', command: process.execPath, args: [SERVER], env, startupTimeoutMs: 30_000, callTimeoutMs: 60_000, ...(process.env.YG_INCLUDE ? { includeTools: process.env.YG_INCLUDE.split(',') } : {}) }] });
  await hub.start();
  const entry = hub.catalog.entries[0];
  if (mode === 'hub') call = (args) => hub.call(entry.name, args);
  else {
    const slot = hub.slots[0];
    call = (args) => slot.session.callTool(entry.tool, args, { timeoutMs: 60_000 });
  }
  close = () => hub.close();
}

if (process.env.YG_GC) {
  if (!globalThis.gc) throw new Error('YG_GC needs node --expose-gc');
  globalThis.gc();
}
const sampler = process.env.YG_SAMPLE ? await startSampling() : undefined;
const snapshotAt = process.env.YOUNG_GEN_SNAPSHOT ? Math.floor(calls / 2) : -1;
let started = 0;
const worker = async () => {
  while (started < calls) {
    started++;
    if (started === snapshotAt) v8.writeHeapSnapshot(process.env.YOUNG_GEN_SNAPSHOT);
    const r = await call({ text: 'hello', n: started });
    if (r.isError) throw new Error(JSON.stringify(r.content));
  }
};
const profiler = new v8.GCProfiler();
const cpu0 = process.cpuUsage();
profiler.start();
await Promise.all(Array.from({ length: inFlight }, worker));
const stats = profiler.stop();
const cpu = process.cpuUsage(cpu0);
const newSpace = (g) => g.afterGC.heapSpaceStatistics.find((s) => s.spaceName === 'new_space')?.spaceUsedSize ?? 0;
const survivors = stats.statistics.filter((g) => g.gcType === 'Scavenge').map(newSpace);
if (sampler) await sampler();
await close();
process.stdout.write(
  JSON.stringify({
    mode,
    tools: Number(toolsArg),
    calls,
    inFlight,
    scavenges: survivors.length,
    markSweeps: stats.statistics.filter((g) => g.gcType === 'MarkSweepCompact').length,
    survivorKb: survivors.length ? Math.round(survivors.reduce((a, b) => a + b, 0) / survivors.length / 1024) : null,
    newSpaceMb: +(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1e6).toFixed(1),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    cpuUsPerCall: +((cpu.user + cpu.system) / calls).toFixed(2),
  }) + '\n',
);
process.exit(0);

/** Starts the sampling heap profiler; the function it returns stops it and prints the 25 largest stacks (last 4 frames). */
async function startSampling() {
  const session = new inspector.Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  // YG_SAMPLE=all: every allocation, also what scavenges freed.
  await session.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: process.env.YG_SAMPLE === 'all' });
  return async () => {
    const { profile } = await session.post('HeapProfiler.stopSampling');
    const bytes = new Map();
    const walk = (node, stack) => {
      const f = node.callFrame;
      const here = [...stack, `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`];
      const key = here.slice(-Number(process.env.YG_FRAMES ?? 4)).join(' > ');
      if (node.selfSize) bytes.set(key, (bytes.get(key) ?? 0) + node.selfSize);
      for (const child of node.children) walk(child, here);
    };
    walk(profile.head, []);
    for (const [stack, n] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 25)) process.stderr.write(`${(n / 1e6).toFixed(2).padStart(7)} MB  ${stack}\n`);
  };
}
