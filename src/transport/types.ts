/** How a server process or stream ended. */
export interface ExitInfo {
  code: number | null;
  signal: string | null;
  /** A spawn failure (ENOENT, EACCES…), when the process never ran. */
  error?: string;
  /** A network transport's connection was lost (refused, reset): why, in words. */
  lost?: string;
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
  send(message: object): Promise<void>;
  close(): Promise<void>;
  onmessage?: (message: unknown) => void;
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
}

/** The stream is gone (or going): the close event will say why. */
export class TransportClosedError extends Error {
  override readonly name = 'TransportClosedError';
  readonly code = 'closed';
}
