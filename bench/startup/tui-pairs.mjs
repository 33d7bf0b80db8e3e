// Paired, alternating TUI starts of two built checkouts, each in a 120×40
// pseudo-terminal (script(1)) under this folder's cpu-preload.mjs, each with
// a fresh state directory (the first run ever):
//   node bench/startup/tui-pairs.mjs <before-root> <after-root> [pairs=10]
// A run is typed /quit once Ink's first frame is out. Prints, for each mark
// (first spawn, first write to a server, first stdout write (the alternate
// screen, then the first frame), "2/2 online", Ink's first frame, exit), the
// medians of our process's CPU ms above the preload mark and of wall ms since
// its start, each side, and the median of the paired differences (after −
// before), with the load average. Plain JavaScript; the roots need dist/ built.
import {spawn} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {loadavg, tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';

const [before, after, pairsArg] = process.argv.slice(2);
if (!before || !after) {
  process.stderr.write('usage: node bench/startup/tui-pairs.mjs <before-root> <after-root> [pairs]\n');
  process.exit(2);
}
const roots = [resolve(before), resolve(after)];
const pairs = Number(pairsArg ?? 10);
const PRELOAD = fileURLToPath(new URL('./cpu-preload.mjs', import.meta.url));
const MARKS = ['out', 'spawn', 'write', 'online', 'app', 'exit'];
const q = (s) => `'${s.replace(/'/g, `'\\''`)}'`;

function runOnce(root) {
  const state = mkdtempSync(join(tmpdir(), 'bb-tui-pairs-'));
  const file = join(state, 'cpu.jsonl');
  const env = `env -i PATH=${q(process.env.PATH ?? '')} HOME=${q(state)} XDG_STATE_HOME=${q(state)} TERM=xterm-256color NO_COLOR=1 BB_CPU_FILE=${q(file)}`;
  const command = `stty cols 120 rows 40; exec ${env} ${q(process.execPath)} --import ${q(PRELOAD)} bin/breakerbox.cjs`;
  return new Promise((done, fail) => {
    const child = spawn('script', ['-qfec', command, '/dev/null'], {cwd: root, stdio: ['pipe', 'pipe', 'pipe']});
    let out = '';
    let typed = 0;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`${root}: no exit within 60 s:\n${out.slice(-800)}`));
    }, 60_000);
    child.stdout.on('data', (d) => {
      out += d.toString('utf8');
      const app = out.indexOf('\u001b[H\u001b[J');
      if (app < 0) return;
      if (typed === 0) (typed = 1), child.stdin.write('/quit');
      if (typed === 1 && out.slice(app).includes('/quit')) (typed = 2), child.stdin.write('\r');
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      try {
        if (code !== 0) throw new Error(`${root}: exited ${code}:\n${out.slice(-800)}`);
        const rec = JSON.parse(readFileSync(file, 'utf8').trim().split('\n').at(-1));
        const row = {};
        for (const m of MARKS) row[m] = rec[m] ? {cpu: rec[m].cpu - rec.preload.cpu, at: rec[m].at} : {cpu: NaN, at: NaN};
        done(row);
      } catch (err) {
        fail(err);
      } finally {
        rmSync(state, {recursive: true, force: true});
      }
    });
  });
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
  for (const side of order) rows[side].push(await runOnce(roots[side]));
}
const loadAfter = loadavg()[0];

process.stdout.write(`${pairs} pairs, load ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)}\n`);
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
