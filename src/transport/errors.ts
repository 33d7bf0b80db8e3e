// Typed failures of one request at the transport level: the message could not
// be delivered, or its answer could not be read. Caught by the hub, which
// turns them into an `isError` result and counts the transient ones (network,
// 5xx, timeouts) against the server's circuit breaker; 4xx are answers.

/** What went wrong, for counting and for tests; the message says it for people. */
export type TransportFailure =
  | 'unreachable'
  | 'http-status'
  | 'unauthorized'
  | 'needs-login'
  | 'bad-response'
  | 'too-large'
  | 'stream-cut'
  | 'idle-timeout';

/** One request failed below JSON-RPC. */
export class TransportRequestError extends Error {
  override readonly name = 'TransportRequestError';
  constructor(
    readonly code: TransportFailure,
    message: string,
    /** Worth retrying later (network, 5xx, timeouts); false for answers such as 4xx. */
    readonly transient: boolean,
    readonly detail: {status?: number; rpcCode?: number; rpcMessage?: string; wwwAuthenticate?: string} = {},
  ) {
    super(message);
  }
}
