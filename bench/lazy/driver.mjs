// One eager-vs-lazy sample in a fresh process (issue #18):
//   node bench/lazy/driver.mjs <eager|lazy> turn '<json params>'
// A config of `servers` bench servers (bench/server/bench-server.mjs, `tools`
// tools each), a state dir whose records hold every server's catalog (one
// `--list-tools` run fills them: the warm cache a second start finds), then
// the timed process: `breakerbox --print` with the offline model replaying a
// script that calls one tool of one server and then answers. The lazy arm
// adds `--lazy`; everything else is the same. Measured from spawn:
//   answerMs  until the answer's text is on stdout
//   exitMs    until the process has exited (its servers closed)
//   spawned   server processes started (each bench server appends its pid to a file)
//   cpuMs     CPU time (user + system) of breakerbox and the servers it waited
//             for, from /usr/bin/time (left out where there is none): less
//             dependent on the machine's load than the times are
// Prints one JSON line. Plain JavaScript: nothing loaded beyond Node here.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [arm, , paramsJson] = process.argv.slice(2);
const params = JSON.parse(paramsJson ?? '{}');
const servers = params.servers ?? 10;
const tools = params.tools ?? 10;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NODE = process.execPath;
const BIN = join(ROOT, 'bin/breakerbox.cjs');
const SERVER = join(ROOT, 'bench/server/bench-server.mjs');
const ANSWER = 'ANSWER-FROM-THE-LAZY-BENCH';
const state = mkdtempSync(join(tmpdir(), 'bb-bench-lazy-'));
const spawnsFile = join(state, 'spawns');
// A clean environment: no model keys (the offline model), a private state dir.
const env = { PATH: process.env.PATH ?? '', HOME: state, XDG_STATE_HOME: state, NO_COLOR: '1' };
const now = () => performance.now();
const TIME = '/usr/bin/time';
const cpuFile = join(state, 'cpu');

const config = join(state, 'mcp.config.json');
const entry = { command: NODE, args: [SERVER], env: { BENCH_TOOLS: String(tools), BENCH_SPAWN_FILE: spawnsFile } };
writeFileSync(config, JSON.stringify({ mcpServers: Object.fromEntries(Array.from({ length: servers }, (_, i) => [`s${i}`, entry])) }));
// The one server the turn calls: in the middle of the list, not the first to start.
const called = `mcp__s${Math.floor(servers / 2)}__tool_0000`;
const script = join(state, 'script.json');
writeFileSync(script, JSON.stringify({ steps: [{ tool: called, input: { text: 'hello' } }, { text: ANSWER }] }));

const spawnedSoFar = () => {
  try {
    return readFileSync(spawnsFile, 'utf8').split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
};

/** CPU ms `/usr/bin/time -f '%U %S'` wrote, or undefined. */
function cpuMsOf(file) {
  const [user, system] = readFileSync(file, 'utf8').trim().split(/\s+/).slice(-2).map(Number);
  return Number.isFinite(user) && Number.isFinite(system) ? Math.round((user + system) * 1000) : undefined;
}

/**
 * Runs breakerbox with `args` (under /usr/bin/time when `cpu`); resolves with the
 * time `mark` first showed on stdout (if given), the time of exit and the CPU time.
 */
function run(args, mark, cpu = false) {
  return new Promise((resolve, reject) => {
    const timed = cpu && existsSync(TIME);
    const [command, argv] = timed ? [TIME, ['-f', '%U %S', '-o', cpuFile, NODE, BIN, ...args]] : [NODE, [BIN, ...args]];
    const t0 = now();
    const child = spawn(command, argv, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let markMs;
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.setEncoding('utf8').on('data', (d) => {
      out += d;
      if (mark && markMs === undefined && out.includes(mark)) markMs = now() - t0;
    });
    child.stderr.setEncoding('utf8').on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`breakerbox ${args[0]} exited ${code}: ${err.slice(-600)}`));
      if (mark && markMs === undefined) return reject(new Error(`no answer on stdout: ${out.slice(-300)} / ${err.slice(-300)}`));
      resolve({ markMs, exitMs: now() - t0, out, err, cpuMs: timed ? cpuMsOf(cpuFile) : undefined });
    });
  });
}

try {
  if (arm !== 'eager' && arm !== 'lazy') throw new Error(`unknown arm ${arm}`);
  // The previous run: every server started and listed, its catalog stored.
  await run(['--list-tools', '--config', config]);
  if (spawnedSoFar() !== servers) throw new Error(`the warm-up started ${spawnedSoFar()} servers, not ${servers}`);
  writeFileSync(spawnsFile, '');
  const args = ['--print', 'call the one tool', '--model', 'scripted', '--script', script, '--config', config, '--yes', '--tool-search', 'off', ...(arm === 'lazy' ? ['--lazy'] : [])];
  const r = await run(args, ANSWER, true);
  // The call must have gone through, or the figures time an error.
  if (!new RegExp(`${called} → s\\d+/tool_0000: ok`).test(r.err)) throw new Error(`the call did not succeed: ${r.err.slice(-600)}`);
  process.stdout.write(JSON.stringify({ ok: true, arm, answerMs: r.markMs, exitMs: r.exitMs, spawned: spawnedSoFar(), ...(r.cpuMs === undefined ? {} : { cpuMs: r.cpuMs }) }) + '\n');
  process.exitCode = 0;
} catch (err) {
  process.stdout.write(JSON.stringify({ ok: false, arm, error: String(err?.stack ?? err) }) + '\n');
  process.exitCode = 1;
} finally {
  rmSync(state, { recursive: true, force: true });
}
