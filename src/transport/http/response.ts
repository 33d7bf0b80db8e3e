// Reading the answer to one POST (or a resumed GET): a JSON body or an SSE
// stream, each message handed on as it arrives, until the response to our
// request has come (or, for notifications, the body is done).
import type {TransportRequestError} from '../errors.js';
import {readBounded, readSse, type SseEnd} from './sse.js';

/** How a read went. */
export interface AnswerRead {
  answered: boolean;
  /** SSE only: the last event id seen and the server's `retry`, for resuming. */
  lastEventId?: string;
  retryMs?: number;
  end: SseEnd | 'json';
}

/** What reading needs to know. */
export interface ReadOptions {
  maxBytes: number;
  idleMs?: number;
  /** Every message in the body, in order. */
  onMessage: (message: unknown) => void;
  /** An event whose data is not JSON; reading goes on. */
  onNoise: (line: string, reason: string) => void;
  /** Whether this message is the response we are waiting for. */
  isAnswer: (message: unknown) => boolean;
  /** Makes the error for a body that is not what the protocol allows. */
  fail: (code: 'bad-response' | 'too-large', text: string) => TransportRequestError;
}

/** Reads a 2xx body as JSON or SSE by its content type; anything else is a bad response. */
export async function readAnswer(res: Response, o: ReadOptions): Promise<AnswerRead> {
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'text/event-stream') return readEvents(res.body, o);
  if (type === 'application/json' || type.endsWith('+json')) {
    const text = await readBounded(res.body, o.maxBytes);
    if (text === undefined) throw o.fail('too-large', `the response is larger than ${o.maxBytes} bytes`);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw o.fail('bad-response', `the response says application/json but is not JSON: ${preview(text)}`);
    }
    let answered = false;
    for (const m of Array.isArray(value) ? value : [value]) {
      o.onMessage(m);
      answered ||= o.isAnswer(m);
    }
    // A JSON body is the whole answer: there is no stream to end or resume, and what it held is the clue.
    if (!answered) throw o.fail('bad-response', `the JSON response holds no answer to the request: ${preview(text)}`);
    return {answered, end: 'json'};
  }
  const text = (await readBounded(res.body, 2048).catch(() => '')) ?? '';
  throw o.fail('bad-response', `the server answered with ${type ? `Content-Type ${type}` : 'no Content-Type'}, expected application/json or text/event-stream${text.trim() ? `: ${preview(text)}` : ''}`);
}

/** Reads an SSE body; `data` of each event is one JSON-RPC message. */
export async function readEvents(body: ReadableStream<Uint8Array> | null, o: ReadOptions): Promise<AnswerRead> {
  const read: AnswerRead = {answered: false, end: 'eof'};
  if (!body) return read;
  read.end = await readSse(body, {
    maxEventBytes: o.maxBytes,
    idleMs: o.idleMs,
    onRetry: (ms) => (read.retryMs = ms),
    onEvent: (event) => {
      if (event.id !== undefined) read.lastEventId = event.id;
      if (event.event !== undefined && event.event !== 'message') return false;
      // Priming events carry an id and no data.
      if (event.data.trim() === '') return false;
      let message: unknown;
      try {
        message = JSON.parse(event.data);
      } catch {
        o.onNoise(preview(event.data), 'SSE event data is not JSON');
        return false;
      }
      o.onMessage(message);
      if (o.isAnswer(message)) read.answered = true;
      return read.answered;
    },
  });
  return read;
}

/** The first line of a body, short and printable. */
export function preview(text: string): string {
  const line = text.trim().split(/\r?\n/)[0] ?? '';
  return JSON.stringify(line.length > 160 ? line.slice(0, 157) + '…' : line);
}
