/**
 * Ends the run cleanly on SIGTERM/SIGHUP (and SIGINT where the mode has no
 * better use for it): every server is shut down before the process exits, so
 * none is left behind. A second signal while cleaning up exits at once.
 */
export function exitCleanlyOn(signals: NodeJS.Signals[], cleanup: () => Promise<void>): () => void {
  let cleaning = false;
  const handler = (signal: NodeJS.Signals) => {
    if (cleaning) process.exit(128 + signalNumber(signal));
    cleaning = true;
    void cleanup().finally(() => process.exit(128 + signalNumber(signal)));
  };
  for (const s of signals) process.on(s, handler);
  return () => {
    for (const s of signals) process.off(s, handler);
  };
}

function signalNumber(signal: NodeJS.Signals): number {
  return signal === 'SIGINT' ? 2 : signal === 'SIGHUP' ? 1 : 15;
}
