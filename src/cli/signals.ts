/**
 * Ends the run cleanly on SIGTERM/SIGHUP (and SIGINT where the mode has no
 * better use for it): every server is shut down before the process exits, so
 * none is left behind. A second signal while cleaning up exits at once.
 *
 * One listener per signal for the whole process, however many parts of the run
 * register a cleanup: Node closes a signal's watcher when the last listener of
 * that signal is removed, and a signal the OS had already delivered but the
 * event loop had not yet dispatched is dropped with it. Handing over from one
 * handler to the next (remove, then add) lost a Ctrl-C that way, and the run
 * went on waiting for a server that might never answer (BENCHMARKS.md §10).
 * So cleanups stack: each registration adds one, a signal runs all of them,
 * the latest first (it knows the most: the hub before the children it adopted),
 * and the listener goes only when the last registration is released.
 */
export function exitCleanlyOn(signals: NodeJS.Signals[], cleanup: () => Promise<void> | void): () => void {
  return register(signals, {cleanup});
}

/**
 * Hands the signals to `handler` for as long as it is registered, in place of
 * ending the run: the mode ends itself by returning (the TUI unmounts Ink and
 * gives the terminal back first; `--print` cancels the turn on SIGINT). It
 * stacks with `exitCleanlyOn`, on the same one listener: the latest
 * registration for a signal decides, so a handed-over signal runs none of the
 * cleanups below it, and once released those take the signal back.
 */
export function handSignalsTo(signals: NodeJS.Signals[], handler: (signal: NodeJS.Signals) => void): () => void {
  return register(signals, {handler});
}

type Registration = {cleanup: () => Promise<void> | void; handler?: undefined} | {handler: (signal: NodeJS.Signals) => void; cleanup?: undefined};

function register(signals: NodeJS.Signals[], entry: Registration): () => void {
  for (const s of signals) {
    let list = registrations.get(s);
    if (!list) {
      registrations.set(s, (list = []));
      process.on(s, onSignal);
    }
    list.push(entry);
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const s of signals) {
      const list = registrations.get(s)!;
      list.splice(list.indexOf(entry), 1);
      if (list.length > 0) continue;
      registrations.delete(s);
      process.off(s, onSignal);
    }
  };
}

const registrations = new Map<NodeJS.Signals, Registration[]>();
let cleaning = false;

function onSignal(signal: NodeJS.Signals): void {
  const list = registrations.get(signal) ?? [];
  const latest = list[list.length - 1];
  if (latest?.handler) return latest.handler(signal);
  const code = 128 + signalNumber(signal);
  if (cleaning) process.exit(code);
  cleaning = true;
  const steps = list.filter((r) => r.cleanup !== undefined).reverse();
  void (async () => {
    for (const {cleanup} of steps) {
      // One failing cleanup must not keep the others (or the exit) from running.
      await Promise.resolve()
        .then(cleanup)
        .catch(() => {});
    }
  })().finally(() => process.exit(code));
}

/** The number of the signals the CLI handles (an exit by signal n is 128 + n). */
export function signalNumber(signal: NodeJS.Signals): number {
  return signal === 'SIGINT' ? 2 : signal === 'SIGHUP' ? 1 : 15;
}
