// The typed error every provider rejects with (besides AbortError), so the
// loop and the status line can tell an expired key from a busy API.

/** What kind of failure a model request met; `retryable` kinds may pass on their own. */
export type ModelErrorCode =
  | 'auth'
  | 'permission'
  | 'bad-request'
  | 'not-found'
  | 'too-large'
  | 'rate-limit'
  | 'overloaded'
  | 'server'
  | 'timeout'
  | 'network'
  | 'stream'
  | 'unknown';

/** A failed model request, with a message written for the user. */
export class ModelError extends Error {
  override readonly name = 'ModelError';
  constructor(
    readonly code: ModelErrorCode,
    message: string,
    readonly status?: number,
    options?: {cause?: unknown},
  ) {
    super(message, options);
  }

  /** Worth trying again later without changing anything. */
  get retryable(): boolean {
    return ['rate-limit', 'overloaded', 'server', 'timeout', 'network'].includes(this.code);
  }
}
