// Loaded with `node --import` into a TUI start by bench/tui/timeline.mjs:
// notes, in ms since the process started, every child spawned (and how long
// the spawn call held the main thread), the first write to each server and
// its first bytes back, our writes to the terminal, and the write that says
// every server is online, with our CPU time and the servers' at that moment.
// The record goes to $BB_TIMELINE_FILE as one JSON line when "N/N online" is
// written. Plain JavaScript; nothing of breakerbox is loaded here.
import childProcess from 'node:child_process';
import {appendFileSync, readFileSync} from 'node:fs';
import {syncBuiltinESMExports} from 'node:module';

const file = process.env.BB_TIMELINE_FILE;
const t = () => Math.round(performance.now() * 10) / 10;
// The process's start on the monotonic clock (µs), which a --cpu-prof profile's times use.
const originUs = Math.round(Number(process.hrtime.bigint() / 1000n) - performance.now() * 1000);
const record = {pid: process.pid, originUs, preloadMs: t(), spawns: [], writes: 0, writeBytes: 0};
const children = [];
let done = false;

const spawn = childProcess.spawn;
childProcess.spawn = function (command, args, ...rest) {
  const at = t();
  const child = spawn.call(this, command, args, ...rest);
  const name = command === '/bin/sh' ? 'reaper' : String([command, ...(args ?? [])].join(' ')).replace(/.*\//, '');
  const entry = {name, at, callMs: Math.round((t() - at) * 10) / 10};
  record.spawns.push(entry);
  children.push(child);
  if (child.stdin) {
    const write = child.stdin.write;
    child.stdin.write = function (...a) {
      entry.firstWriteAt ??= t();
      child.stdin.write = write;
      return write.apply(this, a);
    };
  }
  child.stdout?.once('data', () => (entry.firstReadAt = t()));
  return child;
};
syncBuiltinESMExports();

const out = process.stdout.write;
process.stdout.write = function (chunk, ...rest) {
  const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  if (!done) {
    record.writes++;
    record.writeBytes += text.length;
    record.firstOutAt ??= t();
    const m = /(\d+)\/(\d+) online/.exec(text);
    if (m && m[1] === m[2]) finish();
  }
  return out.call(this, chunk, ...rest);
};

function finish() {
  done = true;
  record.onlineAt = t();
  const cpu = process.cpuUsage();
  record.cpuMs = Math.round((cpu.user + cpu.system) / 100) / 10;
  record.serversCpuMs = children.filter((c) => c.pid).map((c) => childCpuMs(c.pid));
  if (file) appendFileSync(file, JSON.stringify(record) + '\n');
}

/** utime + stime of a process, from /proc (ticks of 10 ms). */
function childCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return null;
  }
}
