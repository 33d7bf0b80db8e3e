import {resolve} from 'node:path';
import {openTraceFile} from '../debug/trace-file.js';
import {firstFrameStatus} from '../ui/first-frame.js';
import {prepareSession, replayEvents} from '../sessions/index.js';
import {continueWith} from './continue-session.js';
import {buildApp} from './app.js';
import type {Config} from '../config/index.js';
import type {CliOptions} from './args.js';
import type {EarlySpawns} from './early-spawn.js';
import {serversFirst} from './servers-first.js';
import {terminalHost} from './ui-host.js';
import {handSignalsTo, signalNumber} from './signals.js';

/** What ../tui-start.ts did before loading this: the config, the servers it spawned, its signal cleanup. */
export interface EarlyStart {
  config: Config;
  early: EarlySpawns;
  /** Ends the early spawn's signal cleanup; called once this app's own handlers are in place. */
  releaseSignals: () => void;
}

/**
 * Opens the Ink app on the alternate screen the caller entered (with its
 * first frame on it: ./modes/tui.ts); resolves 0 after every server is
 * closed. `leave` gives the terminal back.
 */
export async function runTui(opts: CliOptions, env: NodeJS.ProcessEnv, leave: () => void, started: EarlyStart): Promise<number> {
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
    loginPrompt: 'dialog',
    // The model's SDK loads at its first use (the first question, or counting the tools' tokens once the servers are up).
    deferModel: true,
    config: started.config,
    adopt: started.early.adopt,
    // Elapsed times of running calls move once a second.
    tickMs: 1_000,
    // Resources (the Resources view, @ in the input) and prompts (slash commands).
    listExtras: true,
  }).catch((err) => {
    trace?.close();
    throw err;
  });
  const converted = continueWith(session, app.model);
  const notice = (level: 'info' | 'warn', text: string) => app.driver.notice(level, text);
  if (converted) notice('info', converted);
  if (session.resumed) {
    const {meta, turns} = session.resumed;
    // Straight into the store: these are not new, and the session file has them.
    app.store.dispatchAll(replayEvents(session.history ?? [], session.resumed.routes));
    notice('info', `resumed session ${meta.id} (${turns} earlier turn${turns === 1 ? '' : 's'})`);
    for (const warning of session.warnings) notice('warn', `session ${meta.id}: ${warning}`);
  }
  if (trace) notice('info', `debug trace: ${trace.path}`);
  let closing: Promise<void> | undefined;
  let instance: import('ink').Instance | undefined;
  const quit = () => {
    closing ??= (async () => {
      app.driver.notice('info', 'closing every server…');
      try {
        await app.driver.shutdown();
      } finally {
        instance?.unmount();
      }
    })();
    return closing;
  };
  // A run ended by a signal says which, as every other mode does (128 + n), not 0 as after /quit.
  let signalled: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    signalled ??= signal;
    void quit();
  };
  const exitCode = () => (signalled === undefined ? 0 : 128 + signalNumber(signalled));
  // Raw mode turns Ctrl-C into a key; these come from outside (kill, a closed terminal).
  const releaseSignals = handSignalsTo(['SIGTERM', 'SIGHUP', 'SIGINT'], onSignal);
  // Taken over before the early cleanup goes: the signals keep their one listener (signals.ts).
  started.releaseSignals();
  try {
    // The servers start before Ink and the panes load: their processes boot
    // on other cores meanwhile, and the store holds what they report until
    // the app mounts and renders it. The user can type from the first frame on
    // (raw mode: the keys wait in the terminal for Ink).
    void app.driver.start();
    // Every eager server has made its transport (adopting its early child) by now: one left over was not wanted.
    started.early.dispose();
    // Until they have settled (or a short while), the servers' replies have the main thread: ./servers-first.ts.
    const statusLine = firstFrameStatus(out.columns || 80, out.rows || 24, app.store.getState().servers.order.length);
    await serversFirst(app.store, {onLabel: (label) => out.write(statusLine(label))});
    // React is CommonJS: its exports are the default export in every loader (Node, the bundle, vitest).
    const [{render}, {default: React}, {App, createTheme, noColorRequested, DIALOG_ARM_MS}] = await Promise.all([import('ink'), import('react'), import('../ui/index.js')]);
    // A signal while the servers or the UI were loading: nothing to show any more.
    if (closing) return exitCode();
    replaceFirstFrame(out);
    instance = render(
      React.createElement(App, {
        store: app.store,
        driver: app.driver,
        theme: createTheme(noColorRequested(env)),
        onQuit: () => void quit(),
        host: terminalHost(out, process.cwd(), session.recorder.id),
        arming: {ms: DIALOG_ARM_MS, now: () => performance.now()},
      }),
      {exitOnCtrlC: false, patchConsole: true, maxFps: 30},
    );
    await instance.waitUntilExit();
    return exitCode();
  } finally {
    releaseSignals();
    // An error in a component ends up here too: servers are closed either way.
    await (closing ?? app.driver.shutdown().catch(() => {}));
    session.recorder.close();
    trace?.close();
    leave();
  }
}

/**
 * Ink draws from where the cursor is and leaves what it does not overwrite:
 * the first frame (./modes/tui.ts) is cleared in the same write as Ink's
 * first output, so the screen never shows neither.
 */
function replaceFirstFrame(out: NodeJS.WriteStream): void {
  const write = out.write;
  out.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
    out.write = write;
    const text = typeof chunk === 'string' ? `\u001b[H\u001b[J${chunk}` : chunk;
    return (write as (...args: unknown[]) => boolean).call(this, text, ...rest);
  } as typeof out.write;
}
