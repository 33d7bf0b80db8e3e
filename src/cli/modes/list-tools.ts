import {newSessionId} from '../../sessions/index.js';
import type {CliOptions} from '../args.js';
import {buildApp} from '../app.js';
import {debugTrace} from '../debug-trace.js';
import {listToolsJson, listToolsText} from '../list-tools.js';
import {terminalPrompt} from '../login-prompt.js';
import {exitCleanlyOn} from '../signals.js';

/** `--list-tools [--json]`: starts every server, prints the table, closes them. No model is made. */
export async function run(opts: CliOptions, env: NodeJS.ProcessEnv): Promise<number> {
  const trace = debugTrace(opts, env, newSessionId());
  const app = await buildApp(opts, env, {interactive: false, rawTrace: trace?.rawTrace, noModel: true, loginPrompt: terminalPrompt({stderr: process.stderr, stdin: process.stdin, env})}).catch((err) => {
    trace?.close();
    throw err;
  });
  const release = exitCleanlyOn(['SIGINT', 'SIGTERM', 'SIGHUP'], () => app.hub.close());
  try {
    await app.driver.start();
    const state = app.store.getState();
    process.stdout.write((opts.json ? listToolsJson(state) : listToolsText(state)) + '\n');
    return 0;
  } finally {
    await app.hub.close();
    trace?.close();
    release();
  }
}
