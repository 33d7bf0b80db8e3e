import type {ExitInfo} from '../connection/errors.js';

/**
 * One bidirectional message stream. Five members, so an in-memory pair can
 * stand in for a process in tests and an HTTP transport can be added later.
 * Handlers are properties, set by the one owner (the connection).
 */
export interface Transport {
  start(): Promise<void>;
  send(message: object): Promise<void>;
  close(): Promise<void>;
  onmessage?: (message: unknown) => void;
  /** Fires exactly once, when the stream is gone for good. */
  onclose?: (exit: ExitInfo) => void;
  /** Fires for problems that do not end the stream (and before onclose for those that do). */
  onerror?: (error: Error) => void;
  /** A line that is not JSON; reading goes on. */
  onnoise?: (line: string, reason: string) => void;
}

/** The stream is gone (or going): the close event will say why. */
export class TransportClosedError extends Error {
  override readonly name = 'TransportClosedError';
  readonly code = 'closed';
}
