import type {Config} from '../config/index.js';
// The id alone: the index brings the recorder, the loader and the replay, which a list never uses.
import {newSessionId} from '../sessions/session-id.js';
import type {AppState} from '../state/app-state.js';
import type {CliOptions} from './args.js';
import {createListParts} from '../driver/hub-store.js';
import {prepareApp} from './app-parts.js';
import {debugTrace} from './debug-trace.js';
import type {EarlySpawns} from './early-spawn.js';
import {listToolsText} from './list-tools.js';
import {processTerminalPrompt} from './login-prompt.js';
import {exitCleanlyOn} from './signals.js';

type Render = (state: AppState) => string;

/** Where a list run is: after the early spawn, with the app built, before and after the hub adopts each child. */
export type ListStage = 'spawned' | 'built' | 'adopting' | 'adopted';

/**
 * Each mode's output, text and JSON. Only the plain `--list-tools` table is
 * bundled with the run: the others are loaded as the run starts, while the
 * servers do (the JSON's check of what each model API loses, and the
 * resources and prompts, are code a plain `--list-tools` never calls:
 * BENCHMARKS.md §26).
 */
const RENDERERS: Record<string, {text: () => Promise<Render>; json: () => Promise<Render>}> = {
  'list-tools': {text: async () => listToolsText, json: async () => (await import('./list-tools-json.js')).listToolsJson},
  'list-resources': {text: async () => (await import('./list-extras.js')).listResourcesText, json: async () => (await import('./list-extras.js')).listResourcesJson},
  'list-prompts': {text: async () => (await import('./list-extras.js')).listPromptsText, json: async () => (await import('./list-extras.js')).listPromptsJson},
};

/**
 * `--list-tools`, `--list-resources`, `--list-prompts` (each with `--json`):
 * starts every server live (never the cache), prints, closes them. No model is
 * made. The stdio servers are already running (modes/list-tools.ts); the hub adopts them.
 */
export async function runList(opts: CliOptions, env: NodeJS.ProcessEnv, config: Config, early: EarlySpawns, at?: (stage: ListStage) => void): Promise<number> {
  const render = RENDERERS[opts.mode]![opts.json ? 'json' : 'text']();
  // Awaited only once the servers are listed; a run that fails before must not leave it unhandled.
  render.catch(() => {});
  const trace = debugTrace(opts, env, newSessionId);
  const listExtras = opts.mode !== 'list-tools';
  // No driver: a list asks no model and no user; the hub's events go straight into the store.
  const {options} = await prepareApp(opts, env, processTerminalPrompt(env), {interactive: false, rawTrace: trace?.rawTrace, noModel: true, listExtras, config, adopt: at ? watchAdoption(early, at) : early.adopt}).catch((err) => {
    trace?.close();
    throw err;
  });
  const app = createListParts(options);
  at?.('built');
  // On top of the early spawn's cleanup (modes/list-tools.ts), which runs after this one.
  let interrupted = false;
  const release = exitCleanlyOn(['SIGINT', 'SIGTERM', 'SIGHUP'], () => {
    interrupted = true;
    return app.hub.close();
  });
  try {
    await app.hub.start();
    // Every eager slot has made its transport by now; a child left over was not wanted.
    early.dispose();
    if (listExtras) await app.hub.inspect.settled();
    // Closing the hub ends its start: what the store holds then is no listing (servers still
    // starting read as offline for no reason), and the run exits with the signal's code.
    if (interrupted) return 1;
    process.stdout.write((await render)(app.store.getState()) + '\n');
    return 0;
  } finally {
    early.dispose();
    await app.hub.close();
    trace?.close();
    release();
  }
}

function watchAdoption(early: EarlySpawns, at: (stage: ListStage) => void): EarlySpawns['adopt'] {
  return (server) => {
    at('adopting');
    const child = early.adopt(server);
    at('adopted');
    return child;
  };
}
