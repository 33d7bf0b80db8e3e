// The yardstick's calls scenario window by window: one warm-up window, then
// `windows` windows of `calls` calls at `inFlight`, as its worker runs them
// (it times windows 1-5 and keeps their median). For each window: client CPU
// per call, split into the main thread and every other thread of the process
// (V8's optimizing compiler and GC helpers; /proc/self/task/*/schedstat, ns),
// and the reads and writes on the server's pipes per 1,000 calls.
//
//   taskset -c 1 node bench/profile/yardstick-windows.mjs <arm> [windows=12] [calls=5000] [inFlight=64]
//
// <arm> is a yardstick arm (raw, bb-hub) or a path to an adapter
// (bench/profile/yardstick/bb-hub-base.mjs with BB_BASE_DIR). Pin it to one
// CPU, as the yardstick does: its server inherits the mask. Linux only.
// Prints one JSON line: `cpuUs`, `mainUs`, `otherUs` per call and `reads`,
// `writes` per 1,000 calls, one entry per window.
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {armFile as armFileFor, YARDSTICK} from './yardstick-arm.mjs';

const [armSpec = 'bb-hub', windowsArg = '12', callsArg = '5000', inFlightArg = '64'] = process.argv.slice(2);
const windows = Number(windowsArg);
const calls = Number(callsArg);
const inFlight = Number(inFlightArg);
const armFile = armFileFor(armSpec);

// Reads and writes on the client's pipes, counted where Node hands them over.
let reads = 0;
let writes = 0;
const {Readable} = await import('node:stream');
const emit = Readable.prototype.emit;
Readable.prototype.emit = function (event, ...rest) {
  if (event === 'data' && this.constructor.name === 'Socket') reads++;
  return emit.call(this, event, ...rest);
};
const net = await import('node:net');
const writeGeneric = net.Socket.prototype._writeGeneric;
net.Socket.prototype._writeGeneric = function (...a) {
  writes++;
  return writeGeneric.apply(this, a);
};

/** CPU time (µs) of the main thread and of all the others, from the scheduler's own counts. */
function threadCpu() {
  let main = 0;
  let other = 0;
  for (const tid of readdirSync('/proc/self/task')) {
    const us = Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1000;
    if (Number(tid) === process.pid) main += us;
    else other += us;
  }
  return {main, other};
}

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

await run(calls); // the yardstick's discarded warm-up window
const out = {arm: arm.name ?? armSpec, calls, inFlight, cpuUs: [], mainUs: [], otherUs: [], reads: [], writes: []};
const round = (x) => Math.round(x * 100) / 100;
for (let w = 0; w < windows; w++) {
  const cpu0 = process.cpuUsage();
  const t0 = threadCpu();
  const r0 = reads;
  const w0 = writes;
  await run(calls);
  const cpu = process.cpuUsage(cpu0);
  const t1 = threadCpu();
  out.cpuUs.push(round((cpu.user + cpu.system) / calls));
  out.mainUs.push(round((t1.main - t0.main) / calls));
  out.otherUs.push(round((t1.other - t0.other) / calls));
  out.reads.push(Math.round(((reads - r0) / calls) * 1000));
  out.writes.push(Math.round(((writes - w0) / calls) * 1000));
}
await client.close();
process.stdout.write(JSON.stringify(out) + '\n');
process.exit(0);
