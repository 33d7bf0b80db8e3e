import type {OversizeInfo} from './line-reader.js';
import {requestText} from './request-text.js';

export type {OversizeInfo} from './line-reader.js';

/** How a server process or stream ended. */
export interface ExitInfo {
  code: number | null;
  signal: string | null;
  /** A spawn failure (ENOENT, EACCES…), when the process never ran. */
  error?: string;
  /** A network transport's connection was lost (refused, reset): why, in words. */
  lost?: string;
  /** The process closed its stdout while still running (it was then stopped). */
  stdoutClosed?: boolean;
  stderrTail: string;
}

/**
 * One bidirectional message stream, small enough that an in-memory pair can
 * stand in for a process in tests and an HTTP transport beside stdio. Handlers
 * are properties, set by their one owner: the connection sets the message and
 * close handlers, whoever keeps the server's log sets `ondiagnostic`. Nothing
 * above this interface needs to know which kind it talks to.
 */
export interface Transport {
  /** Which kind of stream this is, for messages and the trace pane. */
  readonly kind: 'stdio' | 'http' | 'memory';
  start(): Promise<void>;
  /** Sends one message: a plain object, or a `PreEncoded` one (see there). */
  send(message: object): Promise<void>;
  close(): Promise<void>;
  /** One parsed message, with the text it was parsed from when the transport has it. */
  onmessage?: (message: unknown, raw?: string) => void;
  /** Fires exactly once, when the stream is gone for good. */
  onclose?: (exit: ExitInfo) => void;
  /** Fires for problems that do not end the stream (and before onclose for those that do). */
  onerror?: (error: Error) => void;
  /** A line that is not JSON; reading goes on. */
  onnoise?: (line: string, reason: string) => void;
  /**
   * Free-form text beside the protocol, as it arrives: a stdio server's
   * stderr; for HTTP, a line per failed or odd exchange. Logging, never an
   * error signal.
   */
  ondiagnostic?: (text: string) => void;
  /** The last `lines` non-empty lines of that text, oldest first (for offline reasons). */
  diagnosticsTail(lines: number): string[];
  /** A message too large to read was dropped: once when it crosses the limit, once when it ends. */
  onoversize?: (info: OversizeInfo) => void;
}

/**
 * A message whose JSON text is already made: sent byte for byte. The one use:
 * answering a server request whose id is a number JavaScript cannot hold
 * exactly (beyond 2^53), so the id token goes back as the server wrote it.
 */
export class PreEncoded {
  constructor(readonly json: string) {}
}

/**
 * What a transport's `send` returns when the message was taken at once: a
 * promise that is already resolved, shared, so the connection can tell it
 * apart and attach no failure handler (a closure, a promise and a reaction
 * per request otherwise; BENCHMARKS.md §11).
 */
export const SENT: Promise<void> = Promise.resolve();

/** The JSON text of a message, whichever form it comes in. */
export function encodeMessage(message: object): string {
  if (message instanceof PreEncoded) return message.json;
  return requestText(message) ?? JSON.stringify(message);
}

/** The stream is gone (or going): the close event will say why. */
export class TransportClosedError extends Error {
  override readonly name = 'TransportClosedError';
  readonly code = 'closed';
}
