// The benchmark harness: `npm run bench` (full, ~6.5 min), `npm run bench -- --quick`.
//
// Every sample runs in a fresh process; arms alternate within each repetition
// (raw sdk breakerbox hub raw sdk …) so slow drift on this noisy machine hits
// all arms alike; ratios are taken against `raw` in the same run.
//
// Options:
//   --quick          3 repetitions, 1,000 calls: for iterating, not for the record
//   --reps N         repetitions for every scenario (default: 7 for cheap ones, 5 for
//                    spawn-heavy ones and the TUI; --quick: 3 and 2)
//   --only a,b       only these scenario ids (see bench/lib/scenarios.ts, startup-scenarios.ts, lazy-scenarios.ts)
//   --no-build       skip `tsc -p tsconfig.build.json` (dist/ must be current)
//   --no-tui         skip the TUI scenarios
//   --md / --no-md   write (or not) the results section of BENCHMARKS.md
//                    (default: full runs write it, quick runs do not)
//   --cpu N          the CPU to pin to (default 0)

import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import {join} from 'node:path';
import {evaluateTarget, nodeWarningsRow, scenarioTable, summarizeScenario, targetsTable, type ScenarioResult} from './lib/report.js';
import {runSample, type Sample} from './lib/runner.js';
import {protocolScenarios, TARGETS, type ScenarioDef} from './lib/scenarios.js';
import {STARTUP_TARGETS, startupScenarios} from './lib/startup-scenarios.js';
import {lazyScenarios} from './lib/lazy-scenarios.js';
import {TUI_TARGETS, tuiScenarios} from './lib/tui-scenarios.js';

const ROOT = new URL('../', import.meta.url).pathname;

interface Options {
  quick: boolean;
  reps: number;
  /** --reps was given: it overrides every scenario's own count. */
  repsGiven: boolean;
  only?: Set<string>;
  build: boolean;
  tui: boolean;
  md: boolean;
  cpu: string;
}

function parseOptions(argv: string[]): Options {
  const quick = argv.includes('--quick');
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const only = value('--only');
  return {
    quick,
    reps: Number(value('--reps') ?? (quick ? 3 : 7)),
    repsGiven: value('--reps') !== undefined,
    only: only ? new Set(only.split(',')) : undefined,
    build: !argv.includes('--no-build'),
    tui: !argv.includes('--no-tui'),
    md: argv.includes('--md') || (!quick && !argv.includes('--no-md')),
    cpu: value('--cpu') ?? '0',
  };
}

function build(): void {
  const started = Date.now();
  const r = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], {cwd: ROOT, encoding: 'utf8'});
  // The CLI arms run bin/breakerbox.cjs, which runs the bundle of this build.
  const b = spawnSync(process.execPath, ['scripts/bundle.mjs'], {cwd: ROOT, encoding: 'utf8'});
  if (b.status !== 0) throw new Error(`scripts/bundle.mjs failed:\n${(b.stdout + b.stderr).slice(0, 2000)}`);
  // Type errors elsewhere in a tree under active work still emit JS; only missing output is fatal.
  if (r.status !== 0) process.stderr.write(`warning: tsc reported errors (dist/ was still emitted):\n${(r.stdout + r.stderr).slice(0, 2000)}\n`);
  for (const f of ['dist/session/session.js', 'dist/transport/stdio.js', 'dist/hub/hub.js', 'dist/bundle/main.js']) {
    if (!existsSync(join(ROOT, f))) throw new Error(`build did not produce ${f}`);
  }
  log(`built dist/ in ${Date.now() - started} ms`);
}

function pinningWorks(cpu: string): boolean {
  return spawnSync('taskset', ['-c', cpu, 'true']).status === 0;
}

function machine() {
  const cpus = os.cpus();
  const git = (args: string[]) => {
    try {
      return execFileSync('git', args, {cwd: ROOT, encoding: 'utf8'}).trim();
    } catch {
      return '';
    }
  };
  return {
    cpu: `${cpus[0]?.model ?? '?'} × ${cpus.length}`,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    commit: git(['rev-parse', '--short', 'HEAD']),
    dirty: git(['status', '--porcelain', '--', 'src']) !== '',
    loadAverageAtStart: os.loadavg().map((x) => Number(x.toFixed(2))),
  };
}

function log(text: string): void {
  process.stderr.write(`${text}\n`);
}

async function runScenario(def: ScenarioDef, o: Options, pin: string | null): Promise<ScenarioResult> {
  const samples: Sample[] = [];
  const reps = o.repsGiven ? o.reps : (def.reps ?? o.reps);
  const started = Date.now();
  for (let rep = 1; rep <= reps; rep++) {
    for (const arm of def.arms) {
      const s = await runSample(def, arm, rep, pin);
      samples.push(s);
      if (!s.ok) log(`  ${def.id} ${arm} rep ${rep} failed: ${(s.error ?? '').split('\n').slice(0, 3).join(' / ')}`);
    }
  }
  const result = summarizeScenario(def, samples);
  log(`${def.id}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

function markdown(meta: ReturnType<typeof machine>, o: Options, results: ScenarioResult[], elapsedS: number): string {
  const targets = [...STARTUP_TARGETS, ...TARGETS, ...TUI_TARGETS].map((t) => evaluateTarget(t, results));
  return [
    `### Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `- machine: ${meta.cpu}, ${meta.memoryGb} GB, ${meta.os}; Node ${meta.node}; load average at start ${meta.loadAverageAtStart.join(' / ')}`,
    `- code: commit ${meta.commit}${meta.dirty ? ' with uncommitted changes in src/' : ''}; breakerbox arms run the compiled \`dist/\``,
    `- ${o.repsGiven ? `${o.reps} repetitions` : 'repetitions per scenario as listed'}${o.quick ? ' (--quick: not a result to keep)' : ''}; whole run ${Math.round(elapsedS)} s; raw JSON in \`bench/results/\``,
    '',
    '#### Targets',
    '',
    targetsTable(targets, [nodeWarningsRow(results)]),
    '',
    ...results.map(scenarioTable),
  ].join('\n');
}

const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';

function writeBenchmarksMd(section: string): void {
  const file = join(ROOT, 'BENCHMARKS.md');
  const body = `${START}\n${section}\n${END}`;
  const old = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmarks\n\n${START}\n${END}\n`;
  const i = old.indexOf(START);
  const j = old.indexOf(END);
  writeFileSync(file, i >= 0 && j > i ? old.slice(0, i) + body + old.slice(j + END.length) : `${old.trimEnd()}\n\n${body}\n`);
}

async function main(): Promise<void> {
  const o = parseOptions(process.argv.slice(2));
  const started = Date.now();
  if (o.build) build();
  const pin = pinningWorks(o.cpu) ? o.cpu : null;
  if (pin === null) log('warning: taskset is not usable here; pinned scenarios run unpinned');
  const meta = machine();
  let defs = [...startupScenarios(o.quick), ...lazyScenarios(o.quick), ...protocolScenarios(o.quick), ...(o.tui ? tuiScenarios(o.quick) : [])];
  if (o.only) defs = defs.filter((d) => o.only!.has(d.id));
  const results: ScenarioResult[] = [];
  for (const def of defs) results.push(await runScenario(def, o, pin));
  const elapsedS = (Date.now() - started) / 1000;

  const section = markdown(meta, o, results, elapsedS);
  process.stdout.write(`${section}\n`);
  const dir = join(ROOT, 'bench/results');
  mkdirSync(dir, {recursive: true});
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const json = JSON.stringify(
    {
      meta: {...meta, loadAverageAtEnd: os.loadavg().map((x) => Number(x.toFixed(2))), options: {...o, only: o.only ? [...o.only] : undefined}, pinnedCpu: pin, elapsedS},
      scenarios: results.map((r) => ({id: r.def.id, title: r.def.title, arms: r.def.arms, reference: r.def.reference, pinned: r.def.pinned, params: r.def.params, summary: r.summary, errors: r.errors, samples: r.samples})),
      targets: [...STARTUP_TARGETS, ...TARGETS, ...TUI_TARGETS].map((t) => evaluateTarget(t, results)),
    },
    null,
    1,
  );
  const name = `${o.quick ? 'quick-' : ''}${stamp}.json`;
  writeFileSync(join(dir, name), json);
  writeFileSync(join(dir, o.quick ? 'quick-latest.json' : 'latest.json'), json);
  if (o.md) writeBenchmarksMd(section);
  log(`results: bench/results/${name}${o.md ? '; BENCHMARKS.md updated' : ''}; ${Math.round(elapsedS)} s`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
