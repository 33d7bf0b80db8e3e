// Startup (issue #18): whole processes timed from spawn, breakerbox against
// `node -e 0` and against a minimal hand-rolled client of the same servers
// (bench/startup/). Every sample is a fresh process; arms alternate.
import type {MetricDef, ScenarioDef, TargetDef} from './scenarios.js';

const ms: MetricDef = {key: 'ms', label: 'spawn → exit (TUI: → first frame)', unit: 'ms', better: 'lower'};
const onlineMs: MetricDef = {key: 'onlineMs', label: 'spawn → servers listed / online', unit: 'ms', better: 'lower', noRatio: true};

export function startupScenarios(quick: boolean): ScenarioDef[] {
  const base = {worker: 'startup' as const, scenario: 'run', pinned: false, params: {}};
  return [
    {...base, id: 'startup-version', reps: quick ? 5 : 15, title: '`--version` and `--help` vs `node -e 0` (spawn → exit)', arms: ['node', 'version', 'help'], reference: 'node', metrics: [ms]},
    {...base, id: 'startup-list', reps: quick ? 3 : 9, title: '`--list-tools` on the bundled config vs a minimal client of the same two servers (spawn → exit); first run (eras probed) and second run (eras remembered); raw-list-guarded is the minimal client with the era probes of a first run and a reaper-like watchdog', arms: ['raw-list', 'raw-list-guarded', 'list-tools', 'list-tools-second'], reference: 'raw-list', metrics: [ms]},
    {
      ...base,
      id: 'startup-tui',
      reps: quick ? 3 : 7,
      title: 'TUI in a pseudo-terminal (120×40): first frame vs `node -e 0` there; all online vs the minimal client',
      arms: ['pty-node', 'tui', 'raw-list'],
      reference: 'pty-node',
      metrics: [ms, onlineMs],
    },
  ];
}

export const STARTUP_TARGETS: TargetDef[] = [
  {label: '`--version` vs `node -e 0`', scenario: 'startup-version', metric: 'ms', arm: 'version', ref: 'node', op: '<=', limit: 1.3},
  {label: '`--list-tools` (bundled config) vs minimal client', scenario: 'startup-list', metric: 'ms', arm: 'list-tools', ref: 'raw-list', op: '<=', limit: 1.15},
  {label: 'TUI first frame vs `node -e 0` (pseudo-terminal)', scenario: 'startup-tui', metric: 'ms', arm: 'tui', ref: 'pty-node', op: '<=', limit: 1.5},
  {label: 'TUI all servers online vs minimal client', scenario: 'startup-tui', metric: 'onlineMs', arm: 'tui', ref: 'raw-list', op: '<=', limit: 1.2},
];
