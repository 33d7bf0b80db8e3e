// Runs one sample in a fresh process and collects its JSON line.

import {spawn} from 'node:child_process';
import {existsSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import type {ScenarioDef} from './scenarios.js';
import type {Metrics} from './stats.js';

/** One sample: which arm, which repetition, what it measured (or why it failed). */
export interface Sample {
  arm: string;
  rep: number;
  ok: boolean;
  metrics: Metrics;
  error?: string;
  /** Lines Node itself printed on stderr (`(node:PID) …Warning: …`): there must be none, under any load. */
  nodeWarnings?: string[];
}

/** Node's own warnings in a worker's stderr (a listener leak, a deprecation, …). */
export function nodeWarningsIn(stderr: string): string[] {
  return stderr.split('\n').filter((line) => /^\(node:\d+\) (\[\w+\] )?\w*Warning\b/.test(line));
}

const ROOT = new URL('../../', import.meta.url).pathname;
const WORKERS = {arms: join(ROOT, 'bench/arms/driver.mjs'), tui: join(ROOT, 'bench/tui/driver.mjs'), startup: join(ROOT, 'bench/startup/driver.mjs'), lazy: join(ROOT, 'bench/lazy/driver.mjs')};
const SAMPLE_TIMEOUT_MS = 180_000;

let sampleCounter = 0;

export async function runSample(def: ScenarioDef, arm: string, rep: number, pinCpu: string | null): Promise<Sample> {
  const statsFile = def.serverStats ? join(tmpdir(), `bb-bench-${process.pid}-${++sampleCounter}.json`) : undefined;
  const params = JSON.stringify({...def.params, ...(statsFile ? {statsFile} : {})});
  const nodeArgs = [WORKERS[def.worker], arm, def.scenario, params];
  const [command, args] = def.pinned && pinCpu !== null ? ['taskset', ['-c', pinCpu, process.execPath, ...nodeArgs]] : [process.execPath, nodeArgs];
  const {code, stdout, stderr} = await run(command, args as string[]);
  // The result is the last line that is a JSON object (a UI library may print escapes on exit).
  const line = stdout.split('\n').map((l) => l.trim()).filter((l) => l.startsWith('{')).pop() ?? '';
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return {arm, rep, ok: false, metrics: {}, error: `exit ${code}; no result line. stderr: ${stderr.slice(-500)}`};
  }
  if (parsed.ok !== true) return {arm, rep, ok: false, metrics: {}, error: String(parsed.error ?? `exit ${code}`)};
  const metrics: Metrics = {};
  for (const [k, v] of Object.entries(parsed)) if (typeof v === 'number') metrics[k] = v;
  if (statsFile) {
    const stats = await readServerStats(statsFile);
    // The window the driver kept (the fastest), when it timed several.
    const server = stats?.windows?.[metrics.window ?? -1] ?? stats;
    if (server && server.calls > 0) {
      metrics.serverCpuMsPer1000 = ((server.cpuUserUs + server.cpuSystemUs) / 1000 / server.calls) * 1000;
      // The server does the same work for every arm, so its CPU time is a yardstick
      // for how fast the (shared, noisy) CPU was during this very sample.
      if (metrics.cpuMsPer1000 !== undefined) {
        metrics.clientPerServerCpu = metrics.cpuMsPer1000 / metrics.serverCpuMsPer1000;
        metrics.cpuModelCost = 1 + metrics.clientPerServerCpu;
      }
    }
  }
  const nodeWarnings = nodeWarningsIn(stderr);
  return {arm, rep, ok: true, metrics, ...(nodeWarnings.length ? {nodeWarnings} : {})};
}

interface ServerStats {
  cpuUserUs: number;
  cpuSystemUs: number;
  calls: number;
  windows?: Array<{cpuUserUs: number; cpuSystemUs: number; calls: number}>;
}

/** The server writes its stats when its stdin ends; allow it a moment after the client exits. */
async function readServerStats(file: string): Promise<ServerStats | undefined> {
  for (let i = 0; i < 40 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 25));
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ServerStats;
  } catch {
    return undefined;
  } finally {
    rmSync(file, {force: true});
  }
}

function run(command: string, args: string[]): Promise<{code: number | null; stdout: string; stderr: string}> {
  return new Promise((resolve) => {
    // Ink draws only the last frame when it thinks it runs in CI.
    const env = {...process.env};
    delete env.CI;
    delete env.CONTINUOUS_INTEGRATION;
    const child = spawn(command, args, {cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe']});
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (t: string) => (stdout += t));
    child.stderr.setEncoding('utf8').on('data', (t: string) => (stderr = (stderr + t).slice(-20_000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), SAMPLE_TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({code, stdout, stderr});
    });
  });
}
