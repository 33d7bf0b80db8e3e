import type {Config} from '../config/index.js';
import {newSessionId} from '../sessions/index.js';
import type {AppState} from '../state/app-state.js';
import type {CliOptions} from './args.js';
import {buildApp} from './app.js';
import {debugTrace} from './debug-trace.js';
import type {EarlySpawns} from './early-spawn.js';
import {listPromptsJson, listPromptsText, listResourcesJson, listResourcesText} from './list-extras.js';
import {listToolsJson, listToolsText} from './list-tools.js';
import {terminalPrompt} from './login-prompt.js';
import {exitCleanlyOn} from './signals.js';

type Render = (state: AppState) => string;

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
export async function runList(opts: CliOptions, env: NodeJS.ProcessEnv, config: Config, early: EarlySpawns, handOverSignals: () => void = () => {}): Promise<number> {
  const render = RENDERERS[opts.mode]!;
  const trace = debugTrace(opts, env, newSessionId());
  const listExtras = opts.mode !== 'list-tools';
  const app = await buildApp(opts, env, {interactive: false, rawTrace: trace?.rawTrace, noModel: true, listExtras, loginPrompt: terminalPrompt({stderr: process.stderr, stdin: process.stdin, env}), config, adopt: early.adopt}).catch((err) => {
    trace?.close();
    throw err;
  });
  // The early spawn's handler gives way to this one, which closes the hub (adopted and early children alike).
  handOverSignals();
  const release = exitCleanlyOn(['SIGINT', 'SIGTERM', 'SIGHUP'], () => app.hub.close().finally(() => early.dispose()));
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
