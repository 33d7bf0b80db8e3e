import {resolve} from 'node:path';
import {prepareSession} from '../../sessions/index.js';
import type {CliOptions} from '../args.js';
import {buildApp} from '../app.js';
import {continueWith} from '../continue-session.js';
import {debugTrace} from '../debug-trace.js';
import {progressLine, runPrint} from '../print.js';
import {processTerminalPrompt} from '../login-prompt.js';
import {exitCleanlyOn} from '../signals.js';

/** `--print "question"`: one turn without the UI. `at` hears when the servers have started (tests raise a signal there). */
export async function run(opts: CliOptions, env: NodeJS.ProcessEnv, at?: (stage: 'started') => void): Promise<number> {
  // Throws SessionError (exit 2) when the session to resume does not exist.
  const session = prepareSession({
    resume: opts.resume,
    env,
    cwd: process.cwd(),
    configPath: resolve(opts.config),
    onError: (err) => process.stderr.write(`• warning: this session is no longer being saved: ${err.message}\n`),
  });
  for (const warning of session.warnings) process.stderr.write(`• warning: session ${session.resumed!.meta.id}: ${warning}\n`);
  const trace = debugTrace(opts, env, () => session.recorder.id);
  const app = await buildApp(opts, env, {
    recorder: session.recorder,
    history: session.history,
    rawTrace: trace?.rawTrace,
    interactive: false,
    loginPrompt: processTerminalPrompt(env),
    // `--print --json` reports each call's whole text.
    limits: {previewChars: Infinity},
  }).catch((err) => {
    trace?.close();
    throw err;
  });
  const converted = continueWith(session, app.model);
  if (!opts.json) {
    app.driver.observe((event, state) => {
      const line = progressLine(event, state);
      if (line) process.stderr.write(line + '\n');
    });
  }
  // SIGINT cancels the turn (see runPrint); these end the run.
  const release = exitCleanlyOn(['SIGTERM', 'SIGHUP'], () => app.driver.shutdown());
  const releaseStartup = exitCleanlyOn(['SIGINT'], () => app.driver.shutdown());
  try {
    await app.driver.start();
    at?.('started');
    if (app.model.offline && !opts.json && !opts.script) process.stderr.write(`• model: ${app.model.label} (no ANTHROPIC_API_KEY or OPENAI_API_KEY)\n`);
    if (session.resumed && !opts.json) {
      const {meta, turns} = session.resumed;
      process.stderr.write(`• resumed session ${meta.id} (${turns} earlier turn${turns === 1 ? '' : 's'})\n`);
      if (converted) process.stderr.write(`• ${converted}\n`);
    }
    // SIGINT shuts down until the turn's own handler (cancel the turn) is in place.
    return await runPrint(app.driver, opts.question!, opts.json, process.stdout, process.stderr, opts.format, releaseStartup);
  } finally {
    releaseStartup();
    await app.driver.shutdown();
    session.recorder.close();
    trace?.close();
    release();
  }
}
