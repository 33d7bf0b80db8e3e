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
  const entry = {cleanup};
  for (const s of signals) {
    let list = cleanups.get(s);
    if (!list) {
      cleanups.set(s, (list = []));
      process.on(s, onSignal);
    }
    list.push(entry);
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const s of signals) {
      const list = cleanups.get(s)!;
      list.splice(list.indexOf(entry), 1);
      if (list.length > 0) continue;
      cleanups.delete(s);
      process.off(s, onSignal);
    }
  };
}

const cleanups = new Map<NodeJS.Signals, Array<{cleanup: () => Promise<void> | void}>>();
let cleaning = false;

function onSignal(signal: NodeJS.Signals): void {
  const code = 128 + signalNumber(signal);
  if (cleaning) process.exit(code);
  cleaning = true;
  const steps = [...(cleanups.get(signal) ?? [])].reverse();
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
