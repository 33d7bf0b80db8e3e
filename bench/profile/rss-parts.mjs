// Where a start's peak RSS goes, by taking V8's two growth mechanisms away one
// at a time (issue #17, BENCHMARKS.md §11, h23c): the optimizing compiler
// (TurboFan: its first job pages in several MB of the node binary's code and
// its zones stay in malloc's arena) and the young generation's growth
// (--max-semi-space-size=1 keeps it at its initial size). Each flag set runs
// the same process `reps` times; the script prints the median peak RSS per
// flag set and, from one --trace-opt run, which functions TurboFan compiled.
//
//   node bench/profile/rss-parts.mjs starts <arm> [tools=1000] [pageSize=10] [warm=3]
//       the handshake-1000 row's process (discovery-starts.mjs; arms from bench/arms)
//   node bench/profile/rss-parts.mjs discovery <arm> [tools=1000] [pageSize=10] [servers=1]
//       one start (discovery.mjs); `hub 50 50 10` is the `many` row's hub (one hub, ten servers)
//   node bench/profile/rss-parts.mjs yardstick <arm> <config json>
//       one yardstick worker (lib/worker.mjs of the shared yardstick; YARDSTICK_DIR), e.g.
//       yardstick bb-hub '{"kind":"discover","tools":50,"iters":6}'
//       yardstick bb-hub '{"kind":"parallel","servers":10,"delayMs":50,"rounds":3}'
//
// RSS_REPS=n sets the repetitions (default 3). The flags are for measuring
// only: nothing in breakerbox sets them.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const [what, arm, ...rest] = process.argv.slice(2);
const reps = Number(process.env.RSS_REPS ?? 3);
const here = (p) => fileURLToPath(new URL(p, import.meta.url));
// The shared yardstick beside the repository (../shared from the main checkout, ../../shared from a worktree), or YARDSTICK_DIR.
const YARDSTICK = process.env.YARDSTICK_DIR ?? [here('../../../shared/yardstick'), here('../../../../shared/yardstick')].find((d) => existsSync(`${d}/lib/worker.mjs`));

function target() {
  if (what === 'starts') return [here('./discovery-starts.mjs'), arm, ...rest];
  if (what === 'discovery') return ['--expose-gc', here('./discovery.mjs'), arm, ...rest];
  if (what === 'yardstick') {
    if (!YARDSTICK) throw new Error('no yardstick found beside the repository: set YARDSTICK_DIR');
    const config = JSON.parse(rest[0] ?? '{}');
    const armPath = arm.includes('/') ? arm : `${YARDSTICK}/arms/${arm}.mjs`;
    const worker = `${YARDSTICK}/lib/worker.mjs`;
    return [worker, armPath, config.kind, JSON.stringify(config)];
  }
  throw new Error('usage: rss-parts.mjs starts <arm> [tools] [pageSize] [warm] | discovery <arm> [tools] [pageSize] [servers] | yardstick <arm> <config json>');
}

/** Runs the process once with `flags`; returns its JSON line and every other line. */
function run(flags) {
  const out = execFileSync(process.execPath, [...flags, ...target()], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const lines = out.split('\n');
  const json = lines.find((l) => l.startsWith('{"'));
  if (!json) throw new Error(`no JSON line from ${target().join(' ')}`);
  return { result: JSON.parse(json), lines };
}

const peakOf = (r) => r.maxRssMb ?? r.maxRssMB;
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const FLAG_SETS = [[], ['--no-opt'], ['--max-semi-space-size=1'], ['--no-opt', '--max-semi-space-size=1']];
const rows = [];
for (const flags of FLAG_SETS) {
  const peaks = Array.from({ length: reps }, () => peakOf(run(flags).result));
  rows.push({ flags: flags.join(' ') || '(none)', peakRssMb: +median(peaks).toFixed(1), range: `${Math.min(...peaks).toFixed(1)}–${Math.max(...peaks).toFixed(1)}` });
}
const compiled = run(['--trace-opt'])
  .lines.filter((l) => l.startsWith('[completed optimizing'))
  .map((l) => /<JSFunction (\S*)/.exec(l)?.[1] ?? '?');
process.stdout.write(JSON.stringify({ what, arm, args: rest, reps, rows, turbofanCompiled: compiled.length, functions: [...new Set(compiled)] }) + '\n');
