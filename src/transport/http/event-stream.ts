// The legacy GET stream: where a 2025-era server sends requests and
// notifications of its own (list changes, elicitation, sampling, roots). It
// is re-opened after the server's `retry` with Last-Event-ID when it ends; a
// server that cannot be reached again ends the transport (so the hub
// reconnects), one that offers no stream (405) is simply left alone.
import type {HttpChannel, LegacySession} from './channel.js';
import {isEventStream, sleep} from './wire.js';
import {readEvents} from './response.js';
import {renewSession} from './legacy-recovery.js';

/** One session's GET stream, kept open until stopped. */
export class EventStream {
  private readonly abort = new AbortController();

  constructor(
    private readonly transport: HttpChannel,
    private readonly session: LegacySession,
  ) {}

  start(): void {
    void this.run().catch(() => {
      /* a network failure already ended the transport */
    });
  }

  stop(): void {
    this.abort.abort('stopped');
  }

  private get live(): boolean {
    return !this.abort.signal.aborted && !this.transport.closed && this.transport.session === this.session;
  }

  private async run(): Promise<void> {
    const t = this.transport;
    const signal = this.abort.signal;
    const o = t.options;
    let lastEventId: string | undefined;
    let retryMs = o.defaultRetryMs ?? 1_000;
    let failures = 0;
    while (this.live) {
      const res = await t.fetch('GET', undefined, signal, {lastEventId});
      if (!res || !this.live) return;
      if (res.status === 405) {
        await res.body?.cancel().catch(() => {});
        t.diagnostic('GET → 405: the server offers no stream of its own (fine: it cannot send requests or list changes outside a call)');
        return;
      }
      if (await this.forgotten(res)) {
        // The server no longer knows this session (it restarted): a new one, whose
        // `initialized` opens the stream again; without it list changes and the
        // server's requests would wait for the next call to renew it.
        t.diagnostic(`GET → HTTP ${res.status}: the server no longer knows this session; starting a new one`);
        await renewSession(t).catch(() => {
          /* a failed renewal has already ended the transport */
        });
        return;
      }
      if (!res.ok || !isEventStream(res)) {
        await res.body?.cancel().catch(() => {});
        t.diagnostic(`GET → HTTP ${res.status} ${res.headers.get('content-type') ?? ''}: the server's stream is unavailable`);
        if (++failures > (o.maxStreamRetries ?? 3)) return;
      } else {
        const read = await readEvents(res.body, {...t.readOptions({}, undefined, true), isAnswer: () => false, onMessage: (m) => t.fromStream(m)});
        lastEventId = read.lastEventId ?? lastEventId;
        retryMs = read.retryMs ?? retryMs;
        failures = typeof read.end === 'object' ? failures + 1 : 0;
        if (failures > (o.maxStreamRetries ?? 3)) {
          t.lost('the server\'s event stream keeps breaking');
          return;
        }
      }
      // Never spin: a server that ends the stream at once is polled, not hammered.
      await sleep(Math.max(retryMs, 100), signal);
    }
  }

  /**
   * A 404 for this session, or a 400 that says so (what the SDK's example
   * servers answer once restarted), as requests treat them (http-transport.ts).
   * Reads the body of a 400 to tell; any other answer is left unread.
   */
  private async forgotten(res: Response): Promise<boolean> {
    if (this.session.sessionId === undefined || (res.status !== 404 && res.status !== 400)) return false;
    const text = await res.text().catch(() => '');
    return res.status === 404 || /session/i.test(text.slice(0, 1_000));
  }
}
