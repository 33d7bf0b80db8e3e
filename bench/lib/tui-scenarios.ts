// TUI scenarios: the real <App> from dist/ui rendered by Ink into an in-memory
// terminal (bench/tui/driver.mjs), and the built CLI in a pseudo-terminal.
import type {MetricDef, ScenarioDef, TargetDef} from './scenarios.js';

const frameMetrics: MetricDef[] = [
  {key: 'frameMs', label: 'full frame', unit: 'ms', better: 'lower'},
  {key: 'keyMs', label: 'keystroke → frame', unit: 'ms', better: 'lower'},
  {key: 'renderMs', label: 'Ink output stage', unit: 'ms', better: 'lower'},
  {key: 'firstFrameMs', label: 'first frame (mount)', unit: 'ms', better: 'lower'},
  {key: 'rssMb', label: 'peak RSS', unit: 'MB', better: 'lower'},
];

export function tuiScenarios(quick: boolean): ScenarioDef[] {
  const base = {worker: 'tui' as const, pinned: false, reps: quick ? 2 : 5};
  const iterations = quick ? 20 : 40;
  return [
    {
      ...base,
      id: 'tui-catalog',
      title: 'TUI frames: catalog of 20 vs 2,000 tools (120×40)',
      scenario: 'frames',
      arms: ['catalog-20', 'catalog-2000'],
      reference: 'catalog-20',
      params: {iterations},
      metrics: frameMetrics,
    },
    {
      ...base,
      id: 'tui-conversation',
      title: 'TUI frames: conversation of 10 vs 500 messages (120×40)',
      scenario: 'frames',
      arms: ['conv-10', 'conv-500'],
      reference: 'conv-10',
      params: {iterations},
      metrics: frameMetrics,
    },
    {
      ...base,
      id: 'tui-stream',
      title: '10,000 streamed text deltas over 5 s (Ink throttled at maxFps 30, as the app runs it)',
      scenario: 'stream',
      arms: ['batched'],
      reference: 'batched',
      params: {deltas: 10_000, durationMs: 5_000},
      metrics: [
        {key: 'framesPerSec', label: 'frames drawn/s', unit: '/s', better: 'lower'},
        {key: 'dispatchesPerSec', label: 'store updates/s', unit: '/s', better: 'lower'},
        {key: 'cpuPct', label: 'CPU', unit: '%', better: 'lower'},
        {key: 'renderEarlyMs', label: 'Ink output, first 10% of frames', unit: 'ms', better: 'lower'},
        {key: 'renderLateMs', label: 'Ink output, last 10%', unit: 'ms', better: 'lower'},
        {key: 'rssMb', label: 'peak RSS', unit: 'MB', better: 'lower'},
      ],
    },
    {
      ...base,
      id: 'tui-markdown',
      title: '10,000 streamed deltas of a markdown answer (headings, lists, tables, code) vs plain text of the same length',
      scenario: 'stream',
      arms: ['plain', 'markdown'],
      reference: 'plain',
      params: {deltas: 10_000, durationMs: 5_000},
      metrics: [
        {key: 'framesPerSec', label: 'frames drawn/s', unit: '/s', better: 'higher'},
        {key: 'reactMs', label: 'React render per commit', unit: 'ms', better: 'lower'},
        {key: 'reactLateMs', label: 'React render, last 10%', unit: 'ms', better: 'lower'},
        {key: 'cpuMsPerFrame', label: 'CPU per frame', unit: 'ms', better: 'lower'},
        {key: 'renderP50Ms', label: 'Ink output stage', unit: 'ms', better: 'lower'},
        {key: 'cpuPct', label: 'CPU', unit: '%', better: 'lower'},
        {key: 'rssMb', label: 'peak RSS', unit: 'MB', better: 'lower'},
      ],
    },
    {
      ...base,
      id: 'tui-launch',
      title: 'Launch in a pseudo-terminal (script(1), 120×40), bundled config (notes + tickets)',
      scenario: 'launch',
      arms: ['pty'],
      reference: 'pty',
      params: {},
      metrics: [
        {key: 'firstFrameMs', label: 'launch → first frame', unit: 'ms', better: 'lower'},
        {key: 'onlineMs', label: 'launch → all servers online', unit: 'ms', better: 'lower'},
      ],
    },
  ];
}

export const TUI_TARGETS: TargetDef[] = [
  {label: 'frame time, 2,000 tools vs 20 tools', scenario: 'tui-catalog', metric: 'frameMs', arm: 'catalog-2000', ref: 'catalog-20', op: '<=', limit: 1.5},
  {label: 'keystroke → frame, 2,000 tools vs 20 tools', scenario: 'tui-catalog', metric: 'keyMs', arm: 'catalog-2000', ref: 'catalog-20', op: '<=', limit: 1.5},
  {label: 'frame time, 500 messages vs 10 messages', scenario: 'tui-conversation', metric: 'frameMs', arm: 'conv-500', ref: 'conv-10', op: '<=', limit: 1.5},
  {label: 'keystroke → frame, 500 messages vs 10 messages', scenario: 'tui-conversation', metric: 'keyMs', arm: 'conv-500', ref: 'conv-10', op: '<=', limit: 1.5},
  {label: 'streamed deltas: frames drawn per second', scenario: 'tui-stream', metric: 'framesPerSec', arm: 'batched', ref: 'batched', op: '<=', limit: 30, absolute: true},
];
