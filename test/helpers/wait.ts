// The suite's one way to wait: poll a condition until it holds, never a
// fixed sleep. The poll interval is not a wait for anything; a condition that
// holds at once returns at once.

/** Polls until `check` returns a truthy value (a throw counts as not yet); fails with `what` after `timeoutMs`. */
export async function waitFor<T>(check: () => T | Promise<T>, what = 'condition', timeoutMs = 15_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Waits until the rendered frame satisfies `predicate`; the error shows the last frame. */
export async function waitForFrame(lastFrame: () => string | undefined, predicate: (frame: string) => boolean, what = 'frame', timeoutMs = 20_000): Promise<string> {
  try {
    return await waitFor(() => {
      const frame = lastFrame() ?? '';
      return predicate(frame) ? frame : undefined;
    }, what, timeoutMs);
  } catch (err) {
    throw new Error(`${(err as Error).message}; last frame:\n${lastFrame() ?? ''}`);
  }
}

/** Lets every event already queued run (I/O callbacks, timers due now): a turn of the event loop, not a pause. */
export const nextTurn = (): Promise<void> => new Promise((r) => setImmediate(r));
