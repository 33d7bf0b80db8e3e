import type {ExitInfo} from '../connection/errors.js';
import type {OversizeInfo} from './line-reader.js';

export type {OversizeInfo} from './line-reader.js';

/**
 * One bidirectional message stream. Five members, so an in-memory pair can
 * stand in for a process in tests and an HTTP transport can be added later.
 * Handlers are properties, set by the one owner (the connection).
 */
export interface Transport {
  /** What carries the messages; for display only (nothing above the transport branches on it). */
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
  /** Free-form text beside the protocol: a process's stderr, or one line per failed or odd HTTP exchange. */
  ondiagnostic?: (text: string) => void;
  /** The last lines of that text, for offline reasons. */
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

/** The JSON text of a message, whichever form it comes in. */
export function encodeMessage(message: object): string {
  return message instanceof PreEncoded ? message.json : JSON.stringify(message);
}

/** The stream is gone (or going): the close event will say why. */
export class TransportClosedError extends Error {
  override readonly name = 'TransportClosedError';
  readonly code = 'closed';
}
