// How a legacy (2025-era) exchange recovers: a response stream that ends
// before its answer is resumed with Last-Event-ID after the server's `retry`;
// a session the server forgot (404) is started again with the same
// `initialize`, and must agree on the same version. A modern stream that ends
// early cannot be resumed: the request fails at once, saying why.
import {TransportClosedError} from '../types.js';
import type {HttpChannel} from './channel.js';
import {isAnswerTo, isEventStream, sleep} from './wire.js';
import {describeNetworkError} from './network-error.js';
import type {WireMessage} from './request-headers.js';
import {readAnswer, readEvents, type AnswerRead} from './response.js';

/** Resumes the answer to `m` on GET streams until it arrives or the tries run out. */
export async function resumeAnswer(t: HttpChannel, m: WireMessage, first: AnswerRead, signal: AbortSignal): Promise<void> {
  let {lastEventId, retryMs} = first;
  for (let attempt = 1; ; attempt++) {
    await sleep(Math.max(retryMs ?? t.options.defaultRetryMs ?? 1_000, 0), signal);
    if (signal.aborted) return;
    const res = await t.fetch('GET', undefined, signal, {lastEventId});
    if (!res) return;
    if (!res.ok || !isEventStream(res)) {
      await res.body?.cancel().catch(() => {});
      return t.fail('stream-cut', `the response stream of ${m.method} ended before its answer and could not be resumed (GET with Last-Event-ID → HTTP ${res.status})`, false);
    }
    const read = await readEvents(res.body, t.readOptions(m)).catch(() => ({answered: false, end: 'eof' as const}) as AnswerRead);
    if (read.answered || signal.aborted) return;
    lastEventId = read.lastEventId ?? lastEventId;
    retryMs = read.retryMs ?? retryMs;
    if (attempt >= (t.options.maxStreamRetries ?? 3)) streamEnded(t, m, read);
  }
}

/** The request's stream ended without its answer: the error that says how. */
export function streamEnded(t: HttpChannel, m: WireMessage, read: AnswerRead): never {
  const end = read.end;
  if (end === 'idle') {
    const ms = t.options.idleStreamTimeoutMs ?? 300_000;
    return t.fail('idle-timeout', `the server sent nothing on the response stream of ${m.method} for ${ms < 10_000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`}`, true);
  }
  if (end === 'too-large') return t.fail('too-large', `an event on the response stream of ${m.method} is larger than ${t.maxBytes} bytes`, false);
  if (typeof end === 'object') {
    // The connection broke mid-stream: the server (or the network to it) is gone.
    const reason = describeNetworkError(end.error, t.url);
    t.lost(reason);
    return t.fail('stream-cut', `the response stream of ${m.method} was cut: ${reason}`, true);
  }
  return t.fail('stream-cut', `the server ended the response stream of ${m.method} without answering it${t.session ? ' and gave no event id to resume from' : ''}`, true);
}

/** The session expired (404): run `initialize` again (once at a time), keeping the agreed version. */
export function renewSession(t: HttpChannel): Promise<void> {
  return (t.renewing ??= renew(t).finally(() => (t.renewing = undefined)));
}

async function renew(t: HttpChannel): Promise<void> {
  const old = t.session!;
  old.stream?.stop();
  t.session = undefined;
  const init: WireMessage = {...old.initialize, id: `breakerbox-renew-${++t.renewals}`};
  const res = await t.fetch('POST', init, t.stop.signal, {});
  if (!res) throw new TransportClosedError('closed while renewing the session');
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    t.fail('http-status', `the session expired and a new one could not be started: initialize → HTTP ${res.status}`, res.status >= 500);
  }
  let result: Record<string, unknown> | undefined;
  await readAnswer(res, {...t.readOptions(init), onMessage: (msg) => (result = isAnswerTo(init.id)(msg) ? (msg as {result?: Record<string, unknown>}).result : result)});
  if (result?.protocolVersion !== old.version) {
    t.fail('bad-response', `the session expired, and the new one did not agree on protocol ${old.version} again`, false);
  }
  t.session = {version: old.version, sessionId: res.headers.get('mcp-session-id') ?? undefined, initialize: old.initialize};
  await t.post({method: 'notifications/initialized', ...{jsonrpc: '2.0'}} as WireMessage);
}
