// One startup sample in a fresh process:
//   node bench/startup/driver.mjs <arm> run '<json params>'
// Each arm is a whole process, timed from spawn:
//   node        `node -e 0`, until it exits (the floor)
//   version     `breakerbox --version`, until it exits
//   help        `breakerbox --help`, until it exits
//   list-tools  `breakerbox --list-tools` on the bundled config, until it exits
//               (a fresh state directory: the first run ever, so each era is probed)
//   list-tools-second  the same, timed on a second run after an untimed first one:
//               the server records know each era (the lists are live all the same)
//   raw-list    bench/startup/raw-list.mjs (the minimal client), until it exits;
//               also reported as onlineMs (its servers are listed when it exits)
//   raw-list-guarded  the minimal client plus a first run's era probes and a
//               watchdog shell like breakerbox's reaper (bench/startup/raw-list-guarded.mjs)
//   pty-node    `node -e 0` in a pseudo-terminal (script(1), 120×40), until it exits
//   tui         `breakerbox` in the same pseudo-terminal: ms = the first frame's
//               bytes ("Conversation" on screen), onlineMs = "2/2 online"
// Prints one JSON line. Plain JavaScript: nothing loaded beyond Node here.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [arm] = process.argv.slice(2);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NODE = process.execPath;
const BIN = join(ROOT, 'bin/breakerbox.cjs');
const state = mkdtempSync(join(tmpdir(), 'bb-bench-start-'));
// A clean environment: no model keys (the offline model), a private state dir.
const env = { PATH: process.env.PATH ?? '', HOME: state, XDG_STATE_HOME: state, TERM: 'xterm-256color', NO_COLOR: '1' };
const now = () => performance.now();

function timeExit(command, args) {
  return new Promise((resolve, reject) => {
    const t0 = now();
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stdout.resume();
    child.stderr.setEncoding('utf8').on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(now() - t0) : reject(new Error(`${args.join(' ')} exited ${code}: ${err.slice(-500)}`))));
  });
}

const q = (s) => `'${s.replace(/'/g, `'\\''`)}'`;
const envWords = Object.entries(env).map(([k, v]) => `${k}=${q(v)}`).join(' ');
const strip = (s) => s.replace(/\u001b\[[\d;?<>=]*[A-Za-z]|\u001b\][^\u0007]*\u0007|\u001b[()][A-Z0-9]/g, '');

/** Runs `argv` in a 120×40 pseudo-terminal; resolves when `until(screen text)` names every mark, or at exit. */
function inPty(argv, marks) {
  return new Promise((resolve, reject) => {
    const command = `stty cols 120 rows 40; exec env -i ${envWords} ${argv.map(q).join(' ')}`;
    const t0 = now();
    const child = spawn('script', ['-qfc', command, '/dev/null'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    const seen = {};
    let out = '';
    let done = false;
    // The app may have exited by the time a late key reaches it.
    child.stdin.on('error', () => {});
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`timed out; screen: ${strip(out).slice(-800)}`)); }, 60_000);
    child.stdout.on('data', (d) => {
      out += d.toString('utf8');
      const text = strip(out);
      for (const [name, re] of Object.entries(marks)) if (seen[name] === undefined && re.test(text)) seen[name] = now() - t0;
      if (!done && Object.keys(marks).length && Object.keys(marks).every((k) => seen[k] !== undefined)) {
        done = true;
        clearTimeout(timer);
        child.stdin.write('\u0003'); // Ctrl-C when idle quits the app
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        resolve(seen);
      }
    });
    child.on('close', () => {
      clearTimeout(timer);
      if (!Object.keys(marks).length) resolve({ exit: now() - t0 });
      else if (Object.keys(marks).some((k) => seen[k] === undefined)) reject(new Error(`exited early; screen: ${strip(out).slice(-800)}`));
    });
  });
}

const ARMS = {
  node: async () => ({ ms: await timeExit(NODE, ['-e', '0']) }),
  version: async () => ({ ms: await timeExit(NODE, [BIN, '--version']) }),
  help: async () => ({ ms: await timeExit(NODE, [BIN, '--help']) }),
  'list-tools': async () => ({ ms: await timeExit(NODE, [BIN, '--list-tools']) }),
  'list-tools-second': async () => {
    await timeExit(NODE, [BIN, '--list-tools']);
    return { ms: await timeExit(NODE, [BIN, '--list-tools']) };
  },
  'raw-list': async () => {
    const ms = await timeExit(NODE, [join(ROOT, 'bench/startup/raw-list.mjs')]);
    return { ms, onlineMs: ms };
  },
  // Not a target's reference: what of the list row's gap a first run's era probes and a watchdog account for.
  'raw-list-guarded': async () => ({ ms: await timeExit(NODE, [join(ROOT, 'bench/startup/raw-list-guarded.mjs')]) }),
  'pty-node': async () => ({ ms: (await inPty([NODE, '-e', '0'], {})).exit }),
  tui: async () => {
    const seen = await inPty([NODE, BIN], { frame: /Conversation/, online: /(\d+)\/\1 online/ });
    return { ms: seen.frame, onlineMs: seen.online };
  },
};

try {
  const run = ARMS[arm];
  if (!run) throw new Error(`unknown arm ${arm}`);
  const result = await run();
  process.stdout.write(JSON.stringify({ ok: true, arm, ...result }) + '\n');
  process.exitCode = 0;
} catch (err) {
  process.stdout.write(JSON.stringify({ ok: false, arm, error: String(err?.stack ?? err) }) + '\n');
  process.exitCode = 1;
} finally {
  removeState();
}

/**
 * The TUI is still closing when its marks are seen, and may still be writing
 * its records (in the background): a file that lands while the directory is
 * being removed makes the removal fail, so it starts over.
 */
function removeState() {
  for (let attempt = 1; ; attempt++) {
    try {
      rmSync(state, { recursive: true, force: true });
      return;
    } catch (err) {
      if (attempt >= 50) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
}
