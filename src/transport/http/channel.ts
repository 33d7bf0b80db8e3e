// What the helpers of one HTTP transport (legacy recovery, the session's GET
// stream) use of it. They get this interface, not the class, so no file of the
// transport imports another in a circle.
import type {TransportFailure, TransportRequestError} from '../errors.js';
import type {HttpAuth} from '../http-auth.js';
import type {WireMessage} from './request-headers.js';
import type {ReadOptions} from './response.js';

export type {HttpAuth} from '../http-auth.js';

/** How to reach one remote server. */
export interface HttpTransportOptions {
  url: string;
  /** From the config; sent on every request, never logged. */
  headers?: Record<string, string>;
  auth?: HttpAuth;
  /** One line per HTTP exchange (method, status, content type, session), for the trace pane. */
  onexchange?: (line: string) => void;
  connectTimeoutMs?: number;
  /** A request's response stream that sends nothing for this long is given up. */
  idleStreamTimeoutMs?: number;
  maxMessageBytes?: number;
  /** Wait before re-opening a dropped legacy stream when the server sent no `retry`. */
  defaultRetryMs?: number;
  /** Consecutive failed re-opens of a legacy stream before giving up. */
  maxStreamRetries?: number;
}

/** A legacy (2025-11-25 and older) session, started by a successful `initialize`. */
export interface LegacySession {
  version: string;
  sessionId?: string;
  initialize: WireMessage;
  /** The GET stream for the server's own messages, once opened. */
  stream?: {stop(): void};
}

/** The transport as its helpers see it. */
export interface HttpChannel {
  readonly options: HttpTransportOptions;
  readonly url: URL;
  readonly maxBytes: number;
  readonly closed: boolean;
  /** Aborted when the transport closes. */
  readonly stop: AbortController;
  session?: LegacySession;
  renewing?: Promise<void>;
  renewals: number;
  fetch(method: 'POST' | 'GET' | 'DELETE', m: WireMessage | undefined, signal: AbortSignal, o: {lastEventId?: string}): Promise<Response | undefined>;
  fail(code: TransportFailure, text: string, transient: boolean, detail?: TransportRequestError['detail']): never;
  lost(reason: string): void;
  readOptions(m: WireMessage, sessionHeader?: string, quiet?: boolean): ReadOptions;
  fromStream(message: unknown): void;
  post(m: WireMessage): Promise<void>;
  diagnostic(line: string, keep?: boolean): void;
}
