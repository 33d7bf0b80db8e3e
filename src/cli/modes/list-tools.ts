import {newSessionId} from '../../sessions/index.js';
import type {AppState} from '../../state/app-state.js';
import type {CliOptions} from '../args.js';
import {loadConfig} from '../../config/index.js';
import {debugTrace} from '../debug-trace.js';
import {listPromptsJson, listPromptsText, listResourcesJson, listResourcesText} from '../list-extras.js';
import {listToolsJson, listToolsText} from '../list-tools.js';
import {terminalPrompt} from '../login-prompt.js';
import {exitCleanlyOn} from '../signals.js';
import {spawnEarly} from '../early-spawn.js';

type Render = (state: AppState) => string;

const RENDERERS: Record<string, {text: Render; json: Render}> = {
  'list-tools': {text: listToolsText, json: listToolsJson},
  'list-resources': {text: listResourcesText, json: listResourcesJson},
  'list-prompts': {text: listPromptsText, json: listPromptsJson},
};

/**
 * `--list-tools`, `--list-resources`, `--list-prompts` (each with `--json`):
 * starts every server live (never the cache), prints, closes them. No model is made.
 */
export async function run(opts: CliOptions, env: NodeJS.ProcessEnv): Promise<number> {
  const render = RENDERERS[opts.mode]!;
  // The servers start now, while the hub and the rest load (the list modes start every server).
  const config = loadConfig(opts.config, env);
  const early = spawnEarly(config, env, {allEager: true});
  const trace = debugTrace(opts, env, newSessionId());
  const listExtras = opts.mode !== 'list-tools';
  const app = await import('../app.js')
    .then(({buildApp}) => buildApp(opts, env, {interactive: false, rawTrace: trace?.rawTrace, noModel: true, listExtras, loginPrompt: terminalPrompt({stderr: process.stderr, stdin: process.stdin, env}), config, adopt: early.adopt}))
    .catch((err) => {
      early.dispose();
      trace?.close();
      throw err;
    });
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
