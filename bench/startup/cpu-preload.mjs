// Loaded with `node --import` into a `--list-tools` run (by hand, or by a
// script alternating two built checkouts; BENCHMARKS.md §10, h23a):
//   BB_CPU_FILE=out.jsonl node --import ./bench/startup/cpu-preload.mjs bin/breakerbox.cjs --list-tools
// our process's CPU time (user + system, from process.cpuUsage(); the servers'
// is not in it) and wall time since the process started, at the first spawn, the
// first write to a server's stdin, the first write to our stdout (the list;
// a TUI's first frame), the write that says "N/N online" (a TUI start, so its
// CPU can be set against a list run's), a TUI's app frame (Ink's first) and exit, each as {cpu, at} in ms; each spawn() call's own CPU and wall ms
// (spawnCalls), and each server's traffic (io: [ms, 'w' | 'r', bytes]).
// `originUs` puts a --cpu-prof profile's times on the same clock. One JSON
// line goes to $BB_CPU_FILE at exit. Plain JavaScript; the children do not
// inherit it (NODE_OPTIONS is not used). The minimal client runs under it too.
import childProcess from 'node:child_process';
import {appendFileSync} from 'node:fs';
import {syncBuiltinESMExports} from 'node:module';

const file = process.env.BB_CPU_FILE;
// The process's start on the monotonic clock (µs), which a --cpu-prof profile's times use.
const record = {originUs: Math.round(Number(process.hrtime.bigint() / 1000n) - performance.now() * 1000)};
const mark = (name) => {
  if (record[name]) return;
  const cpu = process.cpuUsage();
  record[name] = {cpu: Math.round((cpu.user + cpu.system) / 100) / 10, at: Math.round(performance.now() * 10) / 10};
};
mark('preload');

const spawn = childProcess.spawn;
childProcess.spawn = function (command, args, ...rest) {
  mark('spawn');
  const before = process.cpuUsage();
  const at = performance.now();
  const child = spawn.call(this, command, args, ...rest);
  // What the spawn() call itself held the main thread for: CPU and wall ms.
  const cpu = process.cpuUsage(before);
  (record.spawnCalls ??= []).push([Math.round((cpu.user + cpu.system) / 100) / 10, Math.round((performance.now() - at) * 10) / 10]);
  if (child.stdin && command !== '/bin/sh') {
    // Each server's traffic as [ms, 'w' | 'r', bytes]: where the wall time between the first write and the list goes.
    const io = (record.io ??= {})[String(args?.at(-1) ?? command).replace(/.*\//, '')] = [];
    const note = (kind, n) => io.push([Math.round(performance.now() * 10) / 10, kind, n]);
    const write = child.stdin.write;
    child.stdin.write = function (chunk, ...a) {
      mark('write');
      note('w', chunk.length);
      return write.call(this, chunk, ...a);
    };
    child.stdout?.on('data', (d) => note('r', d.length));
  }
  return child;
};
syncBuiltinESMExports();

const out = process.stdout.write;
process.stdout.write = function (...a) {
  mark('out');
  if (!record.online) {
    const text = typeof a[0] === 'string' ? a[0] : Buffer.from(a[0]).toString('utf8');
    const m = /(\d+)\/(\d+) online/.exec(text);
    if (m && m[1] === m[2]) mark('online');
  }
  // A TUI's app frame: Ink's first write clears our first frame in the same write (src/cli/tui.ts).
  if (record.online && !record.app && typeof a[0] === 'string' && a[0].startsWith('\u001b[H\u001b[J')) mark('app');
  return out.apply(this, a);
};
process.on('exit', () => {
  mark('exit');
  if (file) appendFileSync(file, JSON.stringify(record) + '\n');
});
