// A timeline of TUI starts, to see where the time to "2/2 online" goes:
//   node bench/tui/timeline.mjs [--reps N] [--prof DIR] [--env K=V]... ROOT [ROOT...]
// Each ROOT is a built checkout (its bin/ and dist/); every repetition starts
// the TUI once from each, in turn (paired, alternating), in a 120×40
// pseudo-terminal with the bundled config, as the `startup-tui` bench arm
// does, with ./timeline-preload.mjs loaded. Prints each start's record and,
// per ROOT, the medians: spawns (at, call ms), first write to each server and
// first bytes back, the write that says "N/N online" (in the process and as
// seen on the terminal), our CPU ms by then and the servers'.
// --prof DIR adds `--cpu-prof --cpu-prof-dir DIR` to every start; --env adds
// a variable to the clean environment (e.g. a model key: ANTHROPIC_API_KEY=x).
import {spawn} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';

const args = process.argv.slice(2);
let reps = 5;
let prof;
const roots = [];
const extraEnv = {};
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--reps') reps = Number(args[++i]);
  else if (args[i] === '--prof') prof = resolve(args[++i]);
  else if (args[i] === '--env') {
    const [k, ...v] = args[++i].split('=');
    extraEnv[k] = v.join('=');
  }
  else roots.push(resolve(args[i]));
}
if (!roots.length) throw new Error('usage: node bench/tui/timeline.mjs [--reps N] [--prof DIR] ROOT [ROOT...]');
const PRELOAD = fileURLToPath(new URL('./timeline-preload.mjs', import.meta.url));
const q = (s) => `'${s.replace(/'/g, `'\\''`)}'`;
const strip = (s) => s.replace(/\u001b\[[\d;?<>=]*[A-Za-z]|\u001b\][^\u0007]*\u0007|\u001b[()][A-Z0-9]/g, '');
const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  return s.length ? s[(s.length - 1) >> 1] : undefined;
};

function start(root) {
  const state = mkdtempSync(join(tmpdir(), 'bb-timeline-'));
  const file = join(state, 'timeline.jsonl');
  const env = {PATH: process.env.PATH ?? '', HOME: state, XDG_STATE_HOME: state, TERM: 'xterm-256color', NO_COLOR: '1', BB_TIMELINE_FILE: file, ...extraEnv};
  const envWords = Object.entries(env).map(([k, v]) => `${k}=${q(v)}`).join(' ');
  const nodeArgs = ['--import', PRELOAD, ...(prof ? ['--cpu-prof', '--cpu-prof-dir', prof] : []), 'bin/breakerbox.cjs'];
  const command = `stty cols 120 rows 40; exec env -i ${envWords} ${[process.execPath, ...nodeArgs].map(q).join(' ')}`;
  return new Promise((res, rej) => {
    const t0 = performance.now();
    const child = spawn('script', ['-qfc', command, '/dev/null'], {cwd: root, stdio: ['pipe', 'pipe', 'pipe']});
    child.stdin.on('error', () => {});
    let out = '';
    let seenMs;
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stdout.on('data', (d) => {
      out += d.toString('utf8');
      if (seenMs === undefined && /(\d+)\/\1 online/.test(strip(out))) {
        seenMs = performance.now() - t0;
        // A signal from outside closes the app at any stage (a profile is written at a normal exit).
        try {
          process.kill(JSON.parse(readFileSync(file, 'utf8').split('\n')[0]).pid, 'SIGTERM');
        } catch {
          child.kill('SIGKILL');
        }
      }
    });
    child.on('close', () => {
      clearTimeout(timer);
      let record;
      try {
        record = JSON.parse(readFileSync(file, 'utf8').split('\n')[0]);
      } catch {
        /* none written */
      }
      rmSync(state, {recursive: true, force: true});
      if (!record || seenMs === undefined) rej(new Error(`no "online" from ${root}: ${strip(out).slice(-600)}`));
      else res({seenMs: Math.round(seenMs), ...record});
    });
  });
}

const results = new Map(roots.map((r) => [r, []]));
for (let i = 0; i < reps; i++) {
  for (const root of roots) {
    const r = await start(root);
    results.get(root).push(r);
    console.log(JSON.stringify({root, ...r}));
  }
}
for (const [root, rs] of results) {
  const names = [...new Set(rs.flatMap((r) => r.spawns.map((s) => s.name)))];
  const spawns = names.map((name) => {
    const of = (k) => median(rs.map((r) => r.spawns.find((s) => s.name === name)?.[k]));
    return `${name}: spawn ${of('at')} (call ${of('callMs')}), write ${of('firstWriteAt')}, read ${of('firstReadAt')}`;
  });
  const m = (k) => median(rs.map((r) => r[k]));
  console.log(`\n${root} (${rs.length} starts, medians)`);
  console.log(`  preload ${m('preloadMs')}  first output ${m('firstOutAt')}  online (in process) ${m('onlineAt')}  seen on the terminal ${m('seenMs')}`);
  console.log(`  our CPU by online ${m('cpuMs')} ms; writes ${m('writes')} (${m('writeBytes')} chars); servers' CPU ${JSON.stringify(rs.map((r) => r.serversCpuMs))}`);
  for (const s of spawns) console.log(`  ${s}`);
}
