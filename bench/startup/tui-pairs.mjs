// Paired, alternating TUI starts of two built checkouts, each in a 120×40
// pseudo-terminal (script(1)) under this folder's cpu-preload.mjs, each with
// a fresh state directory (the first run ever):
//   node bench/startup/tui-pairs.mjs <before-root> <after-root> [pairs=10]
// A run is typed /quit once Ink's first frame is out. Prints, for each mark
// (first spawn, first write to a server, first stdout write (the alternate
// screen, then the first frame), "2/2 online", Ink's first frame, exit), the
// medians of our process's CPU ms above the preload mark and of wall ms since
// its start, each side, and the median of the paired differences (after −
// before), with the load average (./pairs.mjs). Plain JavaScript; the roots
// need dist/ built.
import {spawn} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {printPairs, runPairs} from './pairs.mjs';

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
    child.stdin.on('error', () => {});
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

printPairs(await runPairs(pairs, (side) => runOnce(roots[side])), MARKS, `${pairs} pairs`);
