import type {ExitInfo} from '../connection/errors.js';

/**
 * One bidirectional message stream. Five members, so an in-memory pair can
 * stand in for a process in tests and an HTTP transport can be added later.
 * Handlers are properties, set by the one owner (the connection).
 */
export interface Transport {
  /** What carries the messages; for display only (nothing above the transport branches on it). */
  readonly kind: 'stdio' | 'http' | 'memory';
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
  /** Free-form text beside the protocol: a process's stderr, or one line per failed or odd HTTP exchange. */
  ondiagnostic?: (text: string) => void;
  /** The last lines of that text, for offline reasons. */
  diagnosticsTail(lines: number): string[];
}

/** The stream is gone (or going): the close event will say why. */
export class TransportClosedError extends Error {
  override readonly name = 'TransportClosedError';
  readonly code = 'closed';
}
