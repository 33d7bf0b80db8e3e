import type {Config} from '../config/index.js';
// The id alone: the index brings the recorder, the loader and the replay, which a list never uses.
import {newSessionId} from '../sessions/session-id.js';
import type {AppState} from '../state/app-state.js';
import type {CliOptions} from './args.js';
import {buildApp} from './app.js';
import {debugTrace} from './debug-trace.js';
import type {EarlySpawns} from './early-spawn.js';
import {listPromptsJson, listPromptsText, listResourcesJson, listResourcesText} from './list-extras.js';
import {listToolsJson, listToolsText} from './list-tools.js';
import {processTerminalPrompt} from './login-prompt.js';
import {exitCleanlyOn} from './signals.js';

type Render = (state: AppState) => string;

/** Where a list run is: after the early spawn, with the app built, before and after the hub adopts each child. */
export type ListStage = 'spawned' | 'built' | 'adopting' | 'adopted';

const RENDERERS: Record<string, {text: Render; json: Render}> = {
  'list-tools': {text: listToolsText, json: listToolsJson},
  'list-resources': {text: listResourcesText, json: listResourcesJson},
  'list-prompts': {text: listPromptsText, json: listPromptsJson},
};

/**
 * `--list-tools`, `--list-resources`, `--list-prompts` (each with `--json`):
 * starts every server live (never the cache), prints, closes them. No model is
 * made. The stdio servers are already running (modes/list-tools.ts); the hub adopts them.
 */
export async function runList(opts: CliOptions, env: NodeJS.ProcessEnv, config: Config, early: EarlySpawns, at?: (stage: ListStage) => void): Promise<number> {
  const render = RENDERERS[opts.mode]!;
  const trace = debugTrace(opts, env, newSessionId);
  const listExtras = opts.mode !== 'list-tools';
  const app = await buildApp(opts, env, {interactive: false, rawTrace: trace?.rawTrace, noModel: true, listExtras, trustNotices: false, loginPrompt: processTerminalPrompt(env), config, adopt: at ? watchAdoption(early, at) : early.adopt}).catch((err) => {
    trace?.close();
    throw err;
  });
  at?.('built');
  // On top of the early spawn's cleanup (modes/list-tools.ts), which runs after this one.
  const release = exitCleanlyOn(['SIGINT', 'SIGTERM', 'SIGHUP'], () => app.hub.close());
  try {
    await app.driver.start();
    // Every eager slot has made its transport by now; a child left over was not wanted.
    early.dispose();
    if (listExtras) await app.hub.inspect.settled();
    process.stdout.write((opts.json ? render.json : render.text)(app.store.getState()) + '\n');
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
