import {render} from 'ink';
import {resolve} from 'node:path';
import React from 'react';
import {openTraceFile} from '../debug/trace-file.js';
import {continueWith, prepareSession, replayEvents} from '../sessions/index.js';
import {App, createTheme, enterAltScreen, noColorRequested} from '../ui/index.js';
import {buildApp} from './app.js';
import type {CliOptions} from './args.js';

/** Opens the Ink app full screen; resolves 0 after every server is closed. */
export async function runTui(opts: CliOptions, env: NodeJS.ProcessEnv): Promise<number> {
  const out = process.stdout;
  // Throws SessionError (exit 2, handled in main) when the session to resume does not exist.
  const session = prepareSession({resume: opts.resume, env, cwd: process.cwd(), configPath: resolve(opts.config)});
  const trace = opts.debug ? openTraceFile({env, session: session.recorder.id}) : undefined;
  const app = await buildApp(opts, env, {
    interactive: true,
    trace: true,
    columns: out.columns,
    rows: out.rows,
    recorder: session.recorder,
    history: session.history,
    rawTrace: trace?.rawTrace,
  }).catch((err) => {
    trace?.close();
    throw err;
  });
  const converted = continueWith(session, app.model);
  const notice = (level: 'info' | 'warn', text: string) => app.store.dispatch({type: 'notice/posted', level, text, at: Date.now()});
  if (converted) notice('info', converted);
  if (session.resumed) {
    const {meta, turns} = session.resumed;
    app.store.dispatchAll(replayEvents(session.history ?? []));
    notice('info', `resumed session ${meta.id} (${turns} earlier turn${turns === 1 ? '' : 's'})`);
    for (const warning of session.warnings) notice('warn', `session ${meta.id}: ${warning}`);
  }
  if (trace) notice('info', `debug trace: ${trace.path}`);
  const leave = enterAltScreen(out);
  let closing: Promise<void> | undefined;
  let instance: ReturnType<typeof render> | undefined;
  const quit = () => {
    closing ??= (async () => {
      app.store.dispatch({type: 'notice/posted', level: 'info', text: 'closing every server…', at: Date.now()});
      try {
        await app.controller.shutdown();
      } finally {
        instance?.unmount();
      }
    })();
    return closing;
  };
  const onSignal = () => void quit();
  // Raw mode turns Ctrl-C into a key; these come from outside (kill, a closed terminal).
  const signals = ['SIGTERM', 'SIGHUP', 'SIGINT'] as const;
  for (const s of signals) process.on(s, onSignal);
  try {
    // The first frame comes before any server starts: the user can type while they do.
    const ready = new Promise<void>((resolve) => setImmediate(() => resolve(app.hub.start())));
    instance = render(
      React.createElement(App, {
        store: app.store,
        controller: app.controller,
        theme: createTheme(noColorRequested(env)),
        ready,
        onQuit: () => void quit(),
      }),
      {exitOnCtrlC: false, patchConsole: true, maxFps: 30},
    );
    await instance.waitUntilExit();
    return 0;
  } finally {
    for (const s of signals) process.off(s, onSignal);
    // An error in a component ends up here too: servers are closed either way.
    await (closing ?? app.controller.shutdown().catch(() => {}));
    session.recorder.close();
    trace?.close();
    leave();
  }
}
