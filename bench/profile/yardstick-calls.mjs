// Per-call cost in the yardstick's own shape: its server (modern era, 50
// tools, JSON.parse and JSON.stringify per call) and its arm adapters, with
// `inFlight` lanes that each await one call at a time, as its worker does.
// Counts, not timings: bytes allocated per call (see allocated.mjs), read
// chunks per call and messages per read chunk (how the responses of 64 calls
// in flight arrive), plus CPU per call and peak RSS for orientation.
//
//   node bench/profile/yardstick-calls.mjs <arm> [calls=30000] [inFlight=64] [warmup=10000]
//   YC_SAMPLE=1 ...   (also V8's sampling heap profiler over the counted calls:
//                      bytes per call by allocating function, on stderr;
//                      YC_FRAMES=n frames of stack per line, default 2)
//   YC_CPUPROF=file ...  (a CPU profile of the counted calls only, sampled every 50 µs)
//
// <arm> is a yardstick arm (raw, bb-session, bb-hub) or a path to an adapter
// (bench/profile/yardstick/*.mjs). The yardstick is looked for beside the
// repository (../shared/yardstick) or in $YARDSTICK_DIR. Run `npm run build`
// first: the breakerbox arms load dist/. `node --cpu-prof` works as usual.
import v8 from 'node:v8';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {armFile as armFileFor, YARDSTICK} from './yardstick-arm.mjs';
import {allocatedBytes} from './allocated.mjs';

const [armSpec = 'bb-hub', callsArg = '30000', inFlightArg = '64', warmupArg = '10000'] = process.argv.slice(2);
const calls = Number(callsArg);
const inFlight = Number(inFlightArg);
const warmup = Number(warmupArg);
const armFile = armFileFor(armSpec);

// Count what arrives on the client's pipes: every 'data' chunk of a child's stdout.
let chunks = 0;
let newlines = 0;
const {Readable} = await import('node:stream');
const emit = Readable.prototype.emit;
Readable.prototype.emit = function (event, chunk, ...rest) {
  if (event === 'data' && counting && this.constructor.name === 'Socket') {
    chunks++;
    let n = 0;
    for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', i + 1)) n++;
    newlines += n;
    sizes.push(n);
  }
  return emit.call(this, event, chunk, ...rest);
};
let counting = false;
const sizes = [];
// And what leaves on them: every write the stream hands to the pipe (one or many messages).
let writes = 0;
const net = await import('node:net');
const writeGeneric = net.Socket.prototype._writeGeneric;
net.Socket.prototype._writeGeneric = function (...a) {
  if (counting) writes++;
  return writeGeneric.apply(this, a);
};

const arm = await import(pathToFileURL(armFile).href);
const client = await arm.connect(process.execPath, [path.join(YARDSTICK, 'servers/bench-server.mjs')], {env: {BENCH_TOOLS: '50'}});
await client.listTools();
const args = {text: 'hello, benchmark'};

async function run(n) {
  let issued = 0;
  const lane = async () => {
    while (issued < n) {
      issued++;
      await client.call('echo', args);
    }
  };
  await Promise.all(Array.from({length: inFlight}, lane));
}

await run(warmup);
const sampler = process.env.YC_SAMPLE ? await startSampling() : undefined;
const cpuProfiler = process.env.YC_CPUPROF ? await startCpuProfile(process.env.YC_CPUPROF) : undefined;
const profiler = new v8.GCProfiler();
const used0 = v8.getHeapStatistics().used_heap_size;
const cpu0 = process.cpuUsage();
counting = true;
profiler.start();
await run(calls);
const stats = profiler.stop();
counting = false;
const cpu = process.cpuUsage(cpu0);
const used1 = v8.getHeapStatistics().used_heap_size;
if (sampler) await sampler();
if (cpuProfiler) await cpuProfiler();
await client.close();
process.stdout.write(
  JSON.stringify({
    arm: arm.name ?? armSpec,
    calls,
    inFlight,
    bytesPerCall: Math.round(allocatedBytes(stats, used0, used1) / calls),
    messagesPerChunk: +(newlines / chunks).toFixed(1),
    // Quartiles of messages per chunk: how the responses of the calls in flight arrive.
    chunkQuartiles: [0.25, 0.5, 0.75].map((q) => sizes.sort((a, b) => a - b)[Math.floor(q * sizes.length)]),
    chunksPer1000Calls: Math.round((chunks / calls) * 1000),
    writesPer1000Calls: Math.round((writes / calls) * 1000),
    scavenges: stats.statistics.filter((g) => g.gcType === 'Scavenge').length,
    markSweeps: stats.statistics.filter((g) => g.gcType === 'MarkSweepCompact').length,
    cpuUsPerCall: +((cpu.user + cpu.system) / calls).toFixed(2),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }) + '\n',
);
process.exit(0);

// Every allocation (also what scavenges freed), grouped by the last frames of its stack.
async function startSampling() {
  const inspector = await import('node:inspector/promises');
  const session = new inspector.Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true});
  return async () => {
    const {profile} = await session.post('HeapProfiler.stopSampling');
    const bytes = new Map();
    const walk = (node, stack) => {
      const f = node.callFrame;
      const here = [...stack, `${f.functionName || '(anon)'}@${path.basename(f.url)}:${f.lineNumber + 1}`];
      const key = here.slice(-Number(process.env.YC_FRAMES ?? 2)).join(' > ');
      if (node.selfSize) bytes.set(key, (bytes.get(key) ?? 0) + node.selfSize);
      for (const child of node.children) walk(child, here);
    };
    walk(profile.head, []);
    for (const [key, n] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 40)) process.stderr.write(`${(n / calls).toFixed(0).padStart(6)} B/call  ${key}\n`);
  };
}

async function startCpuProfile(file) {
  const inspector = await import('node:inspector/promises');
  const {writeFileSync} = await import('node:fs');
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', {interval: 50});
  await session.post('Profiler.start');
  return async () => {
    const {profile} = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
  };
}
