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
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {printPairs, runPairs} from './pairs.mjs';

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

printPairs(await runPairs(pairs, (side) => runOnce(roots[side])), MARKS, `${pairs} pairs${second ? ' (second runs)' : ''}`);
