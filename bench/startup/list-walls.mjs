// Whole `--list-tools` runs of several built roots, alternating with the
// minimal client (bench/startup/raw-list.mjs of the first root), each run with
// a fresh state directory, timed from spawn to close:
//   node bench/startup/list-walls.mjs <rounds> <root> [<root> ...]
// Prints each arm's median wall and its ratio to the minimal client's, and
// the load average before and after. Plain JavaScript; the roots need dist/.
import {spawn} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir, loadavg} from 'node:os';
import {join, resolve} from 'node:path';
const roots = process.argv.slice(3).map((r) => resolve(r));
const n = Number(process.argv[2]);
if (!n || !roots.length) {
  process.stderr.write('usage: node bench/startup/list-walls.mjs <rounds> <root> [<root> ...]\n');
  process.exit(2);
}
const one = (root, raw) => new Promise((res, rej) => {
  const state = mkdtempSync(join(tmpdir(), 'w3-'));
  const env = {PATH: process.env.PATH, HOME: state, XDG_STATE_HOME: state, NO_COLOR: '1'};
  const t0 = performance.now();
  const c = spawn(process.execPath, raw ? [join(root, 'bench/startup/raw-list.mjs')] : [join(root, 'bin/breakerbox.cjs'), '--list-tools'], {cwd: root, env, stdio: ['ignore','pipe','pipe']});
  c.stdout.resume(); c.stderr.resume();
  c.on('close', (code) => { const ms = performance.now() - t0; rmSync(state,{recursive:true,force:true}); code === 0 ? res(ms) : rej(new Error('exit ' + code)); });
});
const med = (xs) => { const s=[...xs].sort((a,b)=>a-b); return s[Math.floor(s.length/2)]; };
const arms = [['raw', roots[0], true], ...roots.map((r) => [r, r, false])];
const res = arms.map(() => []);
const l0 = loadavg()[0];
for (let i = 0; i < n; i++) for (let k = 0; k < arms.length; k++) { const j = (k + i) % arms.length; res[j].push(await one(arms[j][1], arms[j][2])); }
arms.forEach(([name], k) => console.log(name.padEnd(16), med(res[k]).toFixed(0), (med(res[k]) / med(res[0])).toFixed(2)));
console.log('load', l0.toFixed(2), '→', loadavg()[0].toFixed(2));
