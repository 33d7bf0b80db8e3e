// Paired, alternating `--version` starts of two bins against `node -e 0`:
//   node bench/startup/version-pairs.mjs BIN_A BIN_B [REPS=40]
// each a whole process in the bench's clean environment (spawn → exit);
// prints each arm's median and its ratio to `node -e 0` (BENCHMARKS.md §36).
import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

const [a, b, reps = '40'] = process.argv.slice(2);
if (!a || !b) throw new Error('usage: version-pairs.mjs BIN_A BIN_B [REPS]');
const state = mkdtempSync(join(tmpdir(), 'bb-version-pairs-'));
const env = {PATH: process.env.PATH ?? '', HOME: state, XDG_STATE_HOME: state, TERM: 'xterm-256color', NO_COLOR: '1'};
const arms = {'node -e 0': ['-e', '0'], [a]: [a, '--version'], [b]: [b, '--version']};
const times = {};
for (let r = 0; r < Number(reps); r++) {
  for (const [name, args] of Object.entries(arms)) {
    const t0 = performance.now();
    const run = spawnSync(process.execPath, args, {env});
    if (run.status !== 0) throw new Error(`${name} exited ${run.status}: ${run.stderr}`);
    (times[name] ??= []).push(performance.now() - t0);
  }
}
rmSync(state, {recursive: true, force: true});
const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
const floor = median(times['node -e 0']);
for (const [name, xs] of Object.entries(times)) console.log(`${median(xs).toFixed(1).padStart(7)} ms  ${(median(xs) / floor).toFixed(2)}×  ${name}`);
