// Small facts about messages and responses that several parts of the HTTP binding need.
import type {WireMessage} from './request-headers.js';

/** A predicate: is this message the response to request `id`? */
export const isAnswerTo = (id: unknown) => (m: unknown): boolean =>
  typeof m === 'object' && m !== null && (m as WireMessage).id === id && ('result' in m || 'error' in m);

/** Whether a response is an SSE stream. */
export function isEventStream(res: Response): boolean {
  return (res.headers.get('content-type') ?? '').toLowerCase().startsWith('text/event-stream');
}

/** Session ids are credentials of a sort: show only their start. */
export function short(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}

/** Waits `ms`, or less when `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, {once: true});
  });
}

