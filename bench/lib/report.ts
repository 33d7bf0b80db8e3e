// Turns samples into summaries, target verdicts and Markdown.

import type {Sample} from './runner.js';
import type {ScenarioDef, TargetDef} from './scenarios.js';
import {fmt, fmtRatio, pairedRatio, ratio, summarize, type Ratio, type Summary} from './stats.js';

/** One arm's figures for one metric. */
export interface ArmSummary extends Summary {
  /** Against the scenario's reference arm. */
  ratio?: Ratio;
}

/** A scenario with its samples and per-metric, per-arm summaries. */
export interface ScenarioResult {
  def: ScenarioDef;
  samples: Sample[];
  summary: Record<string, Record<string, ArmSummary>>;
  errors: string[];
}

/** A target with its measured ratio (or absolute value) and verdict. */
export interface TargetResult {
  def: TargetDef;
  value?: Ratio;
  pass: boolean | null;
}

/** Metric values of one arm keyed by repetition. */
function byRep(samples: Sample[], arm: string, metric: string): Map<number, number> {
  const m = new Map<number, number>();
  for (const s of samples) if (s.ok && s.arm === arm && Number.isFinite(s.metrics[metric])) m.set(s.rep, s.metrics[metric]!);
  return m;
}

export function summarizeScenario(def: ScenarioDef, samples: Sample[]): ScenarioResult {
  const summary: ScenarioResult['summary'] = {};
  for (const metric of def.metrics) {
    const perArm: Record<string, ArmSummary> = {};
    const ref = byRep(samples, def.reference, metric.key);
    for (const arm of def.arms) {
      const values = byRep(samples, arm, metric.key);
      if (values.size === 0) continue;
      const s: ArmSummary = summarize([...values.values()]);
      if (!metric.noRatio && arm !== def.reference && ref.size) s.ratio = ratio(values, ref);
      perArm[arm] = s;
    }
    summary[metric.key] = perArm;
  }
  const errors = samples.filter((s) => !s.ok).map((s) => `${s.arm} rep ${s.rep}: ${(s.error ?? '').split('\n')[0]}`);
  return {def, samples, summary, errors};
}

export function evaluateTarget(def: TargetDef, results: ScenarioResult[]): TargetResult {
  const r = results.find((x) => x.def.id === def.scenario);
  if (!r) return {def, pass: null};
  const arm = byRep(r.samples, def.arm, def.metric);
  const ref = byRep(r.samples, def.ref, def.metric);
  if (def.absolute) {
    const s = summarize([...arm.values()]);
    if (!s.n) return {def, pass: null};
    const value: Ratio = {ratio: s.median, min: s.min, max: s.max, n: s.n};
    return {def, value, pass: def.op === '<=' ? s.median <= def.limit : s.median >= def.limit};
  }
  if (!arm.size || !ref.size) return {def, pass: null};
  const value = def.invert ? pairedRatio(ref, arm) : pairedRatio(arm, ref);
  return {def, value, pass: def.op === '<=' ? value.ratio <= def.limit : value.ratio >= def.limit};
}

const ARM_LABEL: Record<string, string> = {raw: 'raw', sdk: 'sdk (v1)', sdk2: 'sdk v2 (@modelcontextprotocol/client)', breakerbox: 'breakerbox (session)', hub: 'breakerbox (hub.call)'};

/** One table per scenario: arms as rows, metric medians (and ratios) as columns. */
export function scenarioTable(r: ScenarioResult): string {
  const {def} = r;
  const metrics = def.metrics.filter((m) => Object.keys(r.summary[m.key] ?? {}).length > 0);
  const head = ['arm', ...metrics.flatMap((m) => (m.noRatio ? [`${m.label} (${m.unit})`] : [`${m.label} (${m.unit})`, `vs ${def.reference}`]))];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const arm of def.arms) {
    const cells = [ARM_LABEL[arm] ?? arm];
    for (const m of metrics) {
      const s = r.summary[m.key]?.[arm];
      cells.push(s ? fmt(s.median) : '–');
      if (!m.noRatio) cells.push(arm === def.reference ? '1' : fmtRatio(s?.ratio));
    }
    lines.push(`| ${cells.join(' | ')} |`);
  }
  const n = Math.max(0, ...Object.values(r.summary).flatMap((per) => Object.values(per).map((s) => s.n)));
  const notes = [`${n} repetitions${def.pinned ? ', client and server pinned with `taskset -c 0`' : ''}; medians, ratio = median / median of ${def.reference} (min–max of per-repetition ratios).`];
  const warned = r.samples.filter((s) => s.nodeWarnings?.length);
  if (warned.length) notes.push(`Node printed warnings on stderr in ${warned.length} sample(s): ${warned.map((s) => `${s.arm} rep ${s.rep}: ${s.nodeWarnings![0]}`).slice(0, 3).join('; ')}`);
  if (r.errors.length) notes.push(`Failed samples: ${r.errors.slice(0, 4).join('; ')}${r.errors.length > 4 ? ` … (${r.errors.length} in all)` : ''}`);
  return [`#### ${def.title}`, '', ...lines, '', ...notes.map((x) => `_${x}_`), ''].join('\n');
}

/** #17: nothing from Node on stderr under any load, in any sample of any arm of ours. */
export function nodeWarningsRow(results: ScenarioResult[]): string {
  const ours = results.flatMap((r) => r.samples).filter((s) => s.arm === 'breakerbox' || s.arm === 'hub');
  const warned = ours.filter((s) => s.nodeWarnings?.length);
  const verdict = ours.length === 0 ? 'not measured' : warned.length === 0 ? '**pass**' : '**FAIL**';
  return `| no warning from Node on stderr (breakerbox arms, every sample) | ${warned.length} of ${ours.length} samples warned | 0 | ${verdict} |`;
}

export function targetsTable(targets: TargetResult[], extraRows: string[] = []): string {
  const lines = ['| target | measured (median of the per-repetition ratios, their range) | limit | result |', '|---|---|---|---|'];
  for (const t of targets) {
    const {def} = t;
    const what = def.absolute ? `${fmt(t.value?.ratio)} (${fmt(t.value?.min)}–${fmt(t.value?.max)})` : fmtRatio(t.value);
    const limit = def.absolute ? `${def.op === '<=' ? '≤' : '≥'} ${def.limit}` : `${def.op === '<=' ? '≤' : '≥'} ${def.limit.toFixed(2)} × ${def.ref}`;
    const verdict = t.pass === null ? 'not measured' : t.pass ? '**pass**' : '**FAIL**';
    lines.push(`| ${def.label} | ${what} | ${limit} | ${verdict} |`);
  }
  return [...lines, ...extraRows].join('\n');
}
