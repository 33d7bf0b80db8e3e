// How long a `--list-tools` run takes from its `exit` event until its parent
// sees it end (the `close` of its pipes), and the whole run's wall time, for
// the minimal client and one or more built checkouts, alternating run by run
// (BENCHMARKS.md §19):
//   node bench/startup/exit-gap.mjs <runs> <root> [<root>…]
// Medians per arm; the load average before and after. Each run gets a fresh
// HOME and XDG_STATE_HOME.
import {spawn} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {loadavg, tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';

const MARK = fileURLToPath(new URL('./exit-mark.mjs', import.meta.url));
const runs = Number(process.argv[2]);
const roots = process.argv.slice(3);
if (!(runs > 0) || roots.length === 0) {
  console.error('usage: node bench/startup/exit-gap.mjs <runs> <root> [<root>…]');
  process.exit(2);
}

function once(root, raw) {
  return new Promise((resolve, reject) => {
    const state = mkdtempSync(join(tmpdir(), 'exit-gap-'));
    const file = join(state, 'exit');
    const env = {PATH: process.env.PATH, HOME: state, XDG_STATE_HOME: state, NO_COLOR: '1', EXIT_FILE: file};
    const script = raw ? [join(root, 'bench/startup/raw-list.mjs')] : [join(root, 'bin/breakerbox.cjs'), '--list-tools'];
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, ['--import', MARK, ...script], {cwd: root, env, stdio: ['ignore', 'pipe', 'pipe']});
    child.stdout.resume();
    child.stderr.resume();
    child.on('close', (code) => {
      const closed = process.hrtime.bigint();
      const exitAt = BigInt(readFileSync(file, 'utf8').trim());
      rmSync(state, {recursive: true, force: true});
      if (code !== 0) return reject(new Error(`${root}: exit ${code}`));
      resolve({gap: Number(closed - exitAt) / 1e6, wall: Number(closed - started) / 1e6});
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const arms = [['minimal client', roots[0], true], ...roots.map((root) => [root, root, false])];
const results = arms.map(() => []);
const before = loadavg()[0];
for (let i = 0; i < runs; i++) {
  for (let k = 0; k < arms.length; k++) {
    const j = (k + i) % arms.length;
    results[j].push(await once(arms[j][1], arms[j][2]));
  }
}
for (const [k, [name]] of arms.entries()) {
  const gap = median(results[k].map((r) => r.gap));
  const wall = median(results[k].map((r) => r.wall));
  console.log(`${name.padEnd(24)} exit→close ${gap.toFixed(1).padStart(5)} ms   whole run ${wall.toFixed(0).padStart(4)} ms`);
}
console.log(`load ${before.toFixed(2)} → ${loadavg()[0].toFixed(2)}`);
