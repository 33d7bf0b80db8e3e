// Paired, alternating `--list-tools` runs of two built checkouts under
// cpu-preload.mjs, each with a fresh state directory (the first run ever):
//   node bench/startup/cpu-pairs.mjs <before-root> <after-root> [pairs=10] [--second]
// With --second, each timed run is the second in its state directory (an
// untimed first run before it): eras remembered, pins and catalog on disk.
// Prints, for each mark (spawn, write, out, exit), the medians of our
// process's CPU ms above the preload mark and of wall ms since its start,
// each side, and the median of the paired differences (after − before),
// which is the figure to quote on a shared machine; the load average goes
// beside it. Plain JavaScript; the roots need dist/ built.
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir, loadavg} from 'node:os';
import {join, resolve} from 'node:path';

const second = process.argv.includes('--second');
const [before, after, pairsArg] = process.argv.slice(2).filter((a) => a !== '--second');
if (!before || !after) {
  process.stderr.write('usage: node bench/startup/cpu-pairs.mjs <before-root> <after-root> [pairs]\n');
  process.exit(2);
}
const roots = [resolve(before), resolve(after)];
const pairs = Number(pairsArg ?? 10);
const MARKS = ['spawn', 'write', 'out', 'exit'];

function runOnce(root) {
  const state = mkdtempSync(join(tmpdir(), 'bb-cpu-pairs-'));
  const file = join(state, 'cpu.jsonl');
  try {
    const env = {PATH: process.env.PATH ?? '', HOME: state, XDG_STATE_HOME: state, NO_COLOR: '1', BB_CPU_FILE: file};
    if (second) spawnSync(process.execPath, [join(root, 'bin/breakerbox.cjs'), '--list-tools'], {cwd: root, env: {...env, BB_CPU_FILE: ''}});
    const r = spawnSync(process.execPath, ['--import', join(root, 'bench/startup/cpu-preload.mjs'), join(root, 'bin/breakerbox.cjs'), '--list-tools'], {cwd: root, env, encoding: 'utf8'});
    if (r.status !== 0) throw new Error(`${root}: exited ${r.status}: ${r.stderr.slice(-400)}`);
    const rec = JSON.parse(readFileSync(file, 'utf8').trim().split('\n').at(-1));
    const row = {};
    for (const m of MARKS) row[m] = {cpu: rec[m].cpu - rec.preload.cpu, at: rec[m].at};
    return row;
  } finally {
    rmSync(state, {recursive: true, force: true});
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};
const round = (x) => Math.round(x * 10) / 10;

const loadBefore = loadavg()[0];
const rows = [[], []];
for (let i = 0; i < pairs; i++) {
  // Rotate which side goes first, so neither always runs on a warmer cache.
  const order = i % 2 ? [1, 0] : [0, 1];
  for (const side of order) rows[side].push(runOnce(roots[side]));
}
const loadAfter = loadavg()[0];

process.stdout.write(`${pairs} pairs${second ? ' (second runs)' : ''}, load ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)}\n`);
process.stdout.write('mark    cpu before  cpu after  Δcpu (paired)   wall before  wall after  Δwall (paired)\n');
for (const m of MARKS) {
  const cpu = rows.map((r) => median(r.map((x) => x[m].cpu)));
  const at = rows.map((r) => median(r.map((x) => x[m].at)));
  const dCpu = median(rows[0].map((x, i) => rows[1][i][m].cpu - x[m].cpu));
  const dAt = median(rows[0].map((x, i) => rows[1][i][m].at - x[m].at));
  process.stdout.write(
    `${m.padEnd(7)} ${String(round(cpu[0])).padStart(10)} ${String(round(cpu[1])).padStart(10)} ${String(round(dCpu)).padStart(14)} ${String(round(at[0])).padStart(14)} ${String(round(at[1])).padStart(11)} ${String(round(dAt)).padStart(15)}\n`,
  );
}
