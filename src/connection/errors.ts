// Typed errors, each with a `code`, caught at the layer that can act on them.
import {tellingLines} from '../util/telling-lines.js';
import type {ExitInfo} from '../transport/types.js';

// The exit is the transport's fact; these errors carry it up.
export type {ExitInfo};

/** A JSON-RPC error response from the peer. */
export class McpError extends Error {
  override readonly name = 'McpError';
  constructor(readonly code: number, message: string, readonly data?: unknown) {
    super(message);
  }
}

/** A request that got no answer in time; the peer was told it is cancelled. */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  readonly code = 'timeout';
  /** What else is known (e.g. an answer too large to read was arriving). */
  constructor(readonly method: string, readonly timeoutMs: number, readonly detail?: string) {
    super(`${method} timed out after ${timeoutMs} ms${detail ? `; ${detail}` : ''}`);
  }
}

/** The answer to a request was over the line limit: dropped unread, the request failed at once. */
export class ResponseTooLargeError extends Error {
  override readonly name = 'ResponseTooLargeError';
  readonly code = 'too-large';
  constructor(readonly method: string, readonly bytes: number, readonly limit: number) {
    super(`response too large (${bytes} bytes; limit ${limit})`);
  }
}

/** A request the caller aborted; the peer was told it is cancelled. */
export class AbortError extends Error {
  override readonly name = 'AbortError';
  readonly code = 'aborted';
  constructor(readonly method: string, reason?: unknown) {
    super(`${method} was cancelled${typeof reason === 'string' && reason ? `: ${reason}` : ''}`);
  }
}

/** The server's stream closed or its process exited with requests in flight. */
export class ServerExitedError extends Error {
  override readonly name: string = 'ServerExitedError';
  readonly code = 'exited';
  constructor(readonly exit: ExitInfo) {
    super(describeExit(exit));
  }
}

/** The server sent something the protocol does not allow (e.g. an unknown resultType). */
export class ProtocolViolationError extends Error {
  override readonly name = 'ProtocolViolationError';
  readonly code = 'protocol-violation';
}


/** One sentence for a person: "exited with code 1: <last stderr line>". */
export function describeExit(exit: ExitInfo): string {
  const how = exit.lost
    ? `connection was lost: ${exit.lost}`
    : exit.error
    ? `could not start: ${exit.error}`
    : exit.stdoutClosed
      ? 'closed its stdout while still running (it was stopped)'
      : exit.signal
        ? `was killed by ${exit.signal}`
        : exit.code === null
          ? 'closed its stream'
          : `exited with code ${exit.code}`;
  // The last lines are often noise (npm notices, a stack trace's tail): the telling ones name the cause.
  // A process killed by a signal was stopped from outside (or by us): an ordinary
  // line it wrote ("… running on stdio") is not why, so only a failure it named is quoted.
  const tail = tellingLines(exit.stderrTail, 2, exit.signal && !exit.lost && !exit.error ? 2 : 0).join(' | ');
  return tail ? `server ${how}; stderr: ${tail}` : `server ${how}`;
}
