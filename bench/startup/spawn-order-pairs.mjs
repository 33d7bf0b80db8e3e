// Where the reaper's spawn goes in a `--list-tools` start (BENCHMARKS.md §19):
//   node bench/startup/spawn-order-pairs.mjs <pairs> <root A> <root B> [last|first] [last|first]
// Alternating cpu-preload.mjs runs of two built checkouts (A B, B A, …), each
// with a fresh state directory. The last two arguments say where each root
// spawns its reaper among its three spawns (default: A last, B first). Per
// run: the main thread's wall ms in all spawn() calls (hold) and in the
// reaper's (reaperHold), when the second server's spawn returned (server2),
// the first write to a server, the list, exit (ms since process start), and
// how long the slower server took to answer the first write (answer), and
// our CPU ms at the list; medians of each side and of the paired differences.
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir, loadavg} from 'node:os';
import {join} from 'node:path';
const n = Number(process.argv[2]);
const [a, b] = process.argv.slice(3);
if (!(n > 0) || !a || !b || a === b) {
  console.error('usage: node bench/startup/spawn-order-pairs.mjs <pairs> <root A> <root B> [last|first] [last|first]');
  process.exit(2);
}
const reaperAt = {[a]: process.argv[5] ?? 'last', [b]: process.argv[6] ?? 'first'};
function run(root) {
  const state = mkdtempSync(join(tmpdir(), 'ord-'));
  const file = join(state, 'cpu.jsonl');
  const env = {PATH: process.env.PATH, HOME: state, XDG_STATE_HOME: state, NO_COLOR: '1', BB_CPU_FILE: file};
  spawnSync(process.execPath, ['--import', join(root, 'bench/startup/cpu-preload.mjs'), join(root, 'bin/breakerbox.cjs'), '--list-tools'], {cwd: root, env, encoding: 'utf8'});
  const r = JSON.parse(readFileSync(file, 'utf8').trim());
  rmSync(state, {recursive: true, force: true});
  const walls = r.spawnCalls.map((c) => c[1]);
  const hold = walls.reduce((x, y) => x + y, 0);
  const reaperHold = reaperAt[root] === 'first' ? walls[0] : walls[2];
  const server2 = r.spawn.at + (reaperAt[root] === 'first' ? walls[0] + walls[1] + walls[2] : walls[0] + walls[1]);
  // How long the slower server took to answer our first write: a few ms when it had booted by then.
  const answer = Math.max(...Object.values(r.io).map((io) => io.find((x) => x[1] === 'r')[0] - io.find((x) => x[1] === 'w')[0]));
  return {hold, reaperHold, server2, write: r.write.at, answer, out: r.out.at, exit: r.exit.at, cpuOut: r.out.cpu};
}
const med = (xs) => { const s = [...xs].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
const A = [], B = [];
const l0 = loadavg()[0];
for (let i = 0; i < n; i++) { if (i % 2) { B.push(run(b)); A.push(run(a)); } else { A.push(run(a)); B.push(run(b)); } }
const keys = Object.keys(A[0]);
console.log(`${n} pairs  load ${l0.toFixed(2)} → ${loadavg()[0].toFixed(2)}`);
console.log('metric'.padEnd(12), a.padStart(22), b.padStart(22), 'paired Δ'.padStart(10));
for (const k of keys) console.log(k.padEnd(12), med(A.map((r) => r[k])).toFixed(1).padStart(22), med(B.map((r) => r[k])).toFixed(1).padStart(22), med(A.map((r, i) => B[i][k] - r[k])).toFixed(1).padStart(10));
