// Medians and same-run ratios. A ratio is always `arm value / reference value`
// (for calls/s, higher is better; for times, lower is better). Scenario tables
// show the ratio of the medians; targets use the median of the per-repetition
// ratios (see pairedRatio). Both carry the min–max of the per-repetition ratios.

/** One sample's metrics, keyed by metric name. */
export type Metrics = Record<string, number>;

/** Summary of one metric for one arm. */
export interface Summary {
  n: number;
  median: number;
  min: number;
  max: number;
}

/** A ratio of medians, with the spread of the per-repetition ratios. */
export interface Ratio {
  ratio: number;
  min: number;
  max: number;
  n: number;
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function summarize(xs: readonly number[]): Summary {
  const ok = xs.filter(Number.isFinite);
  return {n: ok.length, median: median(ok), min: Math.min(...ok), max: Math.max(...ok)};
}

/**
 * `value(arm) / value(ref)`: medians over all repetitions, and the min–max of
 * the ratios taken repetition by repetition (samples paired by repetition).
 */
export function ratio(arm: ReadonlyMap<number, number>, ref: ReadonlyMap<number, number>): Ratio {
  const perRep = perRepetition(arm, ref);
  return {
    ratio: median([...arm.values()].filter(Number.isFinite)) / median([...ref.values()].filter(Number.isFinite)),
    min: perRep.length ? Math.min(...perRep) : NaN,
    max: perRep.length ? Math.max(...perRep) : NaN,
    n: perRep.length,
  };
}

/**
 * The median of the per-repetition ratios. The arms of one repetition run
 * seconds apart, so each ratio compares samples taken under the same machine
 * conditions; when the machine's speed shifts in the middle of a scenario, a
 * ratio of medians can compare a fast-phase median with a slow-phase one
 * (BENCHMARKS.md, "Run-to-run variance").
 */
export function pairedRatio(arm: ReadonlyMap<number, number>, ref: ReadonlyMap<number, number>): Ratio {
  const perRep = perRepetition(arm, ref);
  return {
    ratio: median(perRep),
    min: perRep.length ? Math.min(...perRep) : NaN,
    max: perRep.length ? Math.max(...perRep) : NaN,
    n: perRep.length,
  };
}

function perRepetition(arm: ReadonlyMap<number, number>, ref: ReadonlyMap<number, number>): number[] {
  const perRep: number[] = [];
  for (const [rep, v] of arm) {
    const r = ref.get(rep);
    if (r !== undefined && Number.isFinite(v) && Number.isFinite(r) && r !== 0) perRep.push(v / r);
  }
  return perRep;
}

/** A number with sensible precision for a table. */
export function fmt(x: number | undefined, digits?: number): string {
  if (x === undefined || !Number.isFinite(x)) return '–';
  if (digits !== undefined) return x.toFixed(digits);
  const a = Math.abs(x);
  if (a >= 1000) return Math.round(x).toLocaleString('en-US');
  if (a >= 100) return x.toFixed(0);
  if (a >= 10) return x.toFixed(1);
  if (a >= 1) return x.toFixed(2);
  return x.toFixed(3);
}

export function fmtRatio(r: Ratio | undefined): string {
  if (!r || !Number.isFinite(r.ratio)) return '–';
  const range = Number.isFinite(r.min) ? ` (${r.min.toFixed(2)}–${r.max.toFixed(2)})` : '';
  return `${r.ratio.toFixed(2)}×${range}`;
}
