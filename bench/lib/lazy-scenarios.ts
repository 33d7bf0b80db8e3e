// Eager vs lazy servers (issue #18): ten bench servers with a warm catalog
// cache, a `--print` turn that calls one tool of one of them. Whole processes
// (bench/lazy/driver.mjs); the arms alternate within each repetition.
import type {MetricDef, ScenarioDef} from './scenarios.js';

const answerMs: MetricDef = {key: 'answerMs', label: 'spawn → first answer', unit: 'ms', better: 'lower'};
const exitMs: MetricDef = {key: 'exitMs', label: 'spawn → exit', unit: 'ms', better: 'lower', noRatio: true};
const cpuMs: MetricDef = {key: 'cpuMs', label: 'CPU, breakerbox + its servers', unit: 'ms', better: 'lower'};
const spawned: MetricDef = {key: 'spawned', label: 'server processes started', unit: 'processes', better: 'lower', noRatio: true};

export function lazyScenarios(quick: boolean): ScenarioDef[] {
  return [
    {
      id: 'lazy-turn',
      worker: 'lazy',
      scenario: 'turn',
      title: '10 servers (10 tools each, warm cache), one `--print` turn calling one tool: eager vs `--lazy` (whole process)',
      arms: ['eager', 'lazy'],
      reference: 'eager',
      pinned: false,
      params: {servers: 10, tools: 10},
      reps: quick ? 3 : 9,
      metrics: [answerMs, exitMs, cpuMs, spawned],
    },
  ];
}
