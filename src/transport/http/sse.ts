// Reading one Server-Sent Events body with eventsource-parser. Bounded: an
// event larger than the message cap stops the stream instead of growing a
// buffer, and a stream that goes quiet for `idleMs` is given up.
import {createParser, type EventSourceMessage} from 'eventsource-parser';

/** How reading one SSE body should go. */
export interface SseOptions {
  /** Return true to stop reading (the answer we waited for arrived). */
  onEvent: (event: EventSourceMessage) => boolean | void;
  onRetry?: (ms: number) => void;
  maxEventBytes: number;
  /** Give up when no byte arrives for this long; undefined for streams that may rightly stay quiet. */
  idleMs?: number;
}

/** Why reading stopped. */
export type SseEnd = 'done' | 'eof' | 'idle' | 'too-large' | {error: unknown};

/** Reads `body` until the callback says done, the server ends it, or a bound is hit. */
export async function readSse(body: ReadableStream<Uint8Array>, o: SseOptions): Promise<SseEnd> {
  let done = false;
  let tooLarge = false;
  const parser = createParser({
    maxBufferSize: o.maxEventBytes,
    onEvent: (event) => {
      if (!done && o.onEvent(event) === true) done = true;
    },
    onRetry: (ms) => o.onRetry?.(ms),
    onError: (err) => {
      if (err.type === 'max-buffer-size-exceeded') tooLarge = true;
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let idleTimer: NodeJS.Timeout | undefined;
  let rearm = (): void => {};
  const idle = new Promise<'idle'>((resolve) => {
    if (o.idleMs === undefined) return;
    const arm = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => resolve('idle'), o.idleMs);
    };
    rearm = arm;
    arm();
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), idle]);
      if (next === 'idle') return 'idle';
      if (next.done) return done ? 'done' : 'eof';
      rearm();
      parser.feed(decoder.decode(next.value, {stream: true}));
      if (tooLarge) return 'too-large';
      if (done) return 'done';
    }
  } catch (error) {
    return done ? 'done' : {error};
  } finally {
    clearTimeout(idleTimer);
    // Frees the socket whether we stopped early or the server did.
    reader.cancel().catch(() => {});
  }
}

/** Reads a whole body as text, or undefined when it grows past `maxBytes`. */
export async function readBounded(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<string | undefined> {
  if (!body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  try {
    for (;;) {
      const {done, value} = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) return undefined;
      chunks.push(value);
    }
  } finally {
    reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks, size).toString('utf8');
}
