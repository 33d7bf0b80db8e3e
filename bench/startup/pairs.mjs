// What cpu-pairs.mjs and tui-pairs.mjs share: runs of two built checkouts
// alternating, and the table of their cpu-preload.mjs marks (medians each
// side, and the median of the paired differences, after − before, which is
// the figure to quote on a shared machine; the load average goes beside it).
import {loadavg} from 'node:os';

/**
 * `pairs` runs of each side, alternating; `runOnce(side)` returns one run's
 * marks as {mark: {cpu, at}} (it may return a promise). Resolves the rows of
 * each side and the load average before and after.
 */
export async function runPairs(pairs, runOnce) {
  const loadBefore = loadavg()[0];
  const rows = [[], []];
  for (let i = 0; i < pairs; i++) {
    // Rotate which side goes first, so neither always runs on a warmer cache.
    const order = i % 2 ? [1, 0] : [0, 1];
    for (const side of order) rows[side].push(await runOnce(side));
  }
  return {rows, loadBefore, loadAfter: loadavg()[0]};
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};
const round = (x) => Math.round(x * 10) / 10;

/** Prints the table of `marks` for runPairs' result, under a first line that names the runs (`title`) and the load. */
export function printPairs({rows, loadBefore, loadAfter}, marks, title) {
  process.stdout.write(`${title}, load ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)}\n`);
  process.stdout.write('mark    cpu before  cpu after  Δcpu (paired)   wall before  wall after  Δwall (paired)\n');
  for (const m of marks) {
    const cpu = rows.map((r) => median(r.map((x) => x[m].cpu)));
    const at = rows.map((r) => median(r.map((x) => x[m].at)));
    const dCpu = median(rows[0].map((x, i) => rows[1][i][m].cpu - x[m].cpu));
    const dAt = median(rows[0].map((x, i) => rows[1][i][m].at - x[m].at));
    process.stdout.write(
      `${m.padEnd(7)} ${String(round(cpu[0])).padStart(10)} ${String(round(cpu[1])).padStart(10)} ${String(round(dCpu)).padStart(14)} ${String(round(at[0])).padStart(14)} ${String(round(at[1])).padStart(11)} ${String(round(dAt)).padStart(15)}\n`,
    );
  }
}
