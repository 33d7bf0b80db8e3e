// `--debug`: every JSON-RPC message in and out, per server, one JSON line each.
// Writes are synchronous so the file is complete up to the moment of a crash,
// which is when it is read. A message over the size cap (a 20 MB result) is
// replaced by a marker so the trace stays small enough to open.
import {chmodSync, closeSync, fchmodSync, openSync, writeSync} from 'node:fs';
import {join} from 'node:path';
import type {TraceEvent} from '../connection/connection.js';
import {newSessionId} from '../sessions/session-id.js';
import {privateDir, stateDir} from '../util/state-dir.js';
import {MAX_JSON_DEPTH, measureJson, safeStringify} from '../util/safe-json.js';

/** Largest message written whole; larger ones become a marker. */
export const MAX_TRACE_MESSAGE_BYTES = 1024 * 1024;

/** An open trace file; pass `rawTrace` to the hub (`AppHooks.rawTrace`). */
export interface TraceFile {
  path: string;
  rawTrace: (alias: string, event: TraceEvent) => void;
  /** Lines written so far. */
  readonly lines: number;
  close(): void;
}

/** One line of the trace file. */
export interface TraceFileLine {
  t: string;
  server: string;
  dir: 'in' | 'out' | 'noise' | 'transport';
  message: unknown;
  /** Why a noise line was not a message. */
  reason?: string;
}

/** What a message too large to keep is replaced by. */
export interface TruncatedMessage {
  truncated: true;
  /** Size of the message as JSON; at least `limit` + 1 when counting stopped early. */
  bytes: number;
  /** Set when the message was nested deeper than breakerbox keeps (its size was not counted). */
  depth?: string;
  limit: number;
  method?: string;
  id?: unknown;
  preview: string;
}

/** Opens `$XDG_STATE_HOME/breakerbox/logs/trace-<session>.jsonl` (0600, appended). */
export function openTraceFile(o: {env: NodeJS.ProcessEnv; session?: string; maxMessageBytes?: number; now?: () => Date}): TraceFile {
  const dir = privateDir(join(stateDir(o.env), 'logs'));
  chmodSync(dir, 0o700); // mkdir leaves an existing directory as loose as it was
  const path = join(dir, `trace-${o.session ?? newSessionId()}.jsonl`);
  const limit = o.maxMessageBytes ?? MAX_TRACE_MESSAGE_BYTES;
  let fd: number | undefined = openSync(path, 'a', 0o600);
  fchmodSync(fd, 0o600);
  let lines = 0;
  const write = (line: TraceFileLine) => {
    if (fd === undefined) return;
    try {
      writeSync(fd, safeStringify(line) + '\n');
      lines++;
    } catch {
      // A full disk must not take the servers down with it; stop tracing instead.
      close();
    }
  };
  const close = () => {
    if (fd === undefined) return;
    const f = fd;
    fd = undefined;
    try {
      closeSync(f);
    } catch {
      /* already closed */
    }
  };
  return {
    path,
    get lines() {
      return lines;
    },
    rawTrace(alias, event) {
      const t = (o.now?.() ?? new Date()).toISOString();
      if (event.direction === 'noise') {
        write({t, server: alias, dir: 'noise', message: capText(event.line, limit), reason: event.reason});
      } else if (event.direction === 'transport') {
        write({t, server: alias, dir: 'transport', message: capText(event.line, limit)});
      } else {
        write({t, server: alias, dir: event.direction, message: capMessage(event.message, limit)});
      }
    },
    close,
  };
}

/** The message itself, or a marker when its JSON is over `limit` bytes or nested too deep to write. */
export function capMessage(message: Record<string, unknown>, limit = MAX_TRACE_MESSAGE_BYTES): unknown {
  // Counting first avoids serialising 20 MB only to throw it away; the same
  // walk finds a value nested deeper than JSON.stringify can go (which used
  // to make the message vanish from the trace without a word).
  const shape = measureJson(message, {maxDepth: MAX_JSON_DEPTH, maxChars: limit});
  if (shape.depth > MAX_JSON_DEPTH) return marker(message, shape.chars, limit, undefined, `nested more than ${MAX_JSON_DEPTH} levels deep`);
  if (shape.over) return marker(message, limit + 1, limit);
  const json = JSON.stringify(message);
  const bytes = Buffer.byteLength(json);
  return bytes > limit ? marker(message, bytes, limit, json) : message;
}

function marker(message: Record<string, unknown>, bytes: number, limit: number, json?: string, depth?: string): TruncatedMessage {
  const preview = json ?? previewOf(message);
  return {
    truncated: true,
    bytes,
    limit,
    ...(depth ? {depth} : {}),
    ...(typeof message.method === 'string' ? {method: message.method} : {}),
    ...('id' in message ? {id: message.id} : {}),
    preview: preview.slice(0, 200),
  };
}

// A short JSON-ish start of the message without serialising its big strings or its depths.
function previewOf(message: Record<string, unknown>): string {
  return safeStringify(message, {maxDepth: 6, maxString: 200});
}

function capText(line: string, limit: number): string {
  return Buffer.byteLength(line) <= limit ? line : `${line.slice(0, 200)}… [breakerbox: ${Buffer.byteLength(line)} bytes, cut to keep the trace small]`;
}
