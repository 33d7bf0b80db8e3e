// The fixed cost of one server at a start, counted (issue #17, h26c): a
// yardstick arm starts a server of `tools` tools, lists it and closes it,
// `starts` times after three warm-up starts. Per start: the client's CPU for
// the start and for the close (medians), and the bytes allocated per start
// and close by allocating function (V8's sampling heap profiler, objects that
// scavenges freed included). With one tool the per-tool work is out of the
// way and what is left is the server's own: spawn, handshake, records, timers,
// the close and its search of /proc.
//
//   node bench/profile/server-fixed-cost.mjs [arm=bb-hub] [starts=20] [tools=1]
//
// Prints one JSON line. The bytes do not depend on the machine's load; the
// CPU figures do, a little (write the load average beside them).
import {Session} from 'node:inspector/promises';
import path from 'node:path';
import {YARDSTICK, armFile} from './yardstick-arm.mjs';

const [armName = 'bb-hub', startsArg = '20', toolsArg = '1'] = process.argv.slice(2);
const arm = await import(armFile(armName));
const server = path.join(YARDSTICK, 'servers/bench-server.mjs');
const env = {BENCH_TOOLS: toolsArg, BENCH_PAGE: '0'};
const n = Number(startsArg);
const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

async function startAndClose() {
  const c0 = cpuMs();
  const client = await arm.connect(process.execPath, [server], {env});
  await client.listTools();
  const c1 = cpuMs();
  await client.close();
  return {startCpuMs: c1 - c0, closeCpuMs: cpuMs() - c1};
}

for (let i = 0; i < 3; i++) await startAndClose();
const timed = [];
for (let i = 0; i < n; i++) timed.push(await startAndClose());

const session = new Session();
session.connect();
await session.post('HeapProfiler.startSampling', {samplingInterval: 32, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true});
for (let i = 0; i < n; i++) await startAndClose();
const {profile} = await session.post('HeapProfiler.stopSampling');
session.disconnect();

const byFunction = new Map();
let total = 0;
(function walk(node) {
  const {functionName, url, lineNumber} = node.callFrame;
  if (node.selfSize) {
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop() || '(native)'}:${lineNumber}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + node.selfSize);
    total += node.selfSize;
  }
  for (const child of node.children) walk(child);
})(profile.head);

const kb = (bytes) => +(bytes / n / 1024).toFixed(1);
console.log(
  JSON.stringify({
    arm: armName,
    starts: n,
    tools: Number(toolsArg),
    startCpuMs: +median(timed.map((t) => t.startCpuMs)).toFixed(2),
    closeCpuMs: +median(timed.map((t) => t.closeCpuMs)).toFixed(2),
    allocatedKbPerStart: kb(total),
    topKb: Object.fromEntries([...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => [k, kb(v)])),
  }),
);
