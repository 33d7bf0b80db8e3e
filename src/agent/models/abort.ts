// Cancellation helpers shared by the model providers. The loop tells a
// cancelled turn from a failed one by `error.name === 'AbortError'`, the same
// test it uses for fetch and timers, so every provider rejects with this.

/** Rejection reason when a model request is cancelled through its signal. */
export class AbortError extends Error {
  override readonly name = 'AbortError';
  readonly code = 'aborted';
  constructor(message = 'Model request was aborted.') {
    super(message);
  }
}

/** True for our AbortError and for the platform's (DOMException, fetch). */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** Throws an AbortError when the signal has already fired. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AbortError();
}

/** Waits `ms`, rejecting early with an AbortError when the signal fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, {once: true});
  });
}
