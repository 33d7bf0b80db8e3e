// Server-initiated questions (elicitation, sampling) wait for a person, who
// answers one at a time. A server firing hundreds of them would bury the user
// under dialogs. So each server may have only a few waiting (`maxQueued`);
// the rest are declined at once, and the user is told (a coalesced event, at
// most one a second per server). `declineFrom` is the "decline all from this
// server" switch: what is waiting is declined now, and what comes later is
// declined without asking, for a while or (by default) for the rest of the session.
import {McpError} from '../connection/errors.js';
import type {ClientFeatures, RequestContext} from '../session/server-requests.js';
import {systemClock, type Clock} from './debounce.js';
import type {HubEvent} from './hub-events.js';

/** Why requests were declined without asking. */
export type DeclineReason = 'flood' | 'declined-all';

const METHOD = {elicit: 'elicitation/create', sample: 'sampling/createMessage'} as const;

/** The per-server cap and the "decline all" switch for server-initiated requests. */
export class InputGate {
  private readonly waiting = new Map<string, Set<AbortController>>();
  private readonly blockedUntil = new Map<string, number>();
  private readonly pending = new Map<string, {count: number; method: string; reason: DeclineReason; timer?: unknown}>();
  /** Declines so far per server and reason: a later notice replaces the earlier one on screen, so it carries the total. */
  private readonly totals = new Map<string, number>();

  constructor(
    private readonly emit: (event: HubEvent) => void,
    readonly maxQueued = 3,
    private readonly clock: Clock = systemClock,
  ) {}

  /** `features` with elicitation and sampling passing through the gate of `alias`. */
  wrap(alias: string, features: ClientFeatures): ClientFeatures {
    const out: ClientFeatures = {...features};
    if (features.elicit) out.elicit = this.guard(alias, 'elicit', features.elicit);
    if (features.sample) out.sample = this.guard(alias, 'sample', features.sample);
    return out;
  }

  /** Declines what `alias` has waiting and everything it asks for the next `forMs` (default: the rest of the session). Returns how many were waiting. */
  declineFrom(alias: string, forMs = Infinity): number {
    this.blockedUntil.set(alias, this.clock.now() + forMs);
    const waiting = [...(this.waiting.get(alias) ?? [])];
    for (const ac of waiting) ac.abort('declined');
    return waiting.length;
  }

  /** Undoes `declineFrom`: `alias` may ask again. */
  acceptFrom(alias: string): void {
    this.blockedUntil.delete(alias);
  }

  /** How many requests of `alias` are waiting for the user. */
  waitingFor(alias: string): number {
    return this.waiting.get(alias)?.size ?? 0;
  }

  private guard(alias: string, kind: keyof typeof METHOD, inner: NonNullable<ClientFeatures['elicit']>): NonNullable<ClientFeatures['elicit']> {
    return async (params, ctx) => {
      if ((this.blockedUntil.get(alias) ?? -Infinity) > this.clock.now()) return this.decline(alias, kind, 'declined-all');
      let set = this.waiting.get(alias);
      if (!set) this.waiting.set(alias, (set = new Set()));
      if (set.size >= this.maxQueued) return this.decline(alias, kind, 'flood');
      const ac = new AbortController();
      set.add(ac);
      const signal = ctx.signal ? AbortSignal.any([ctx.signal, ac.signal]) : ac.signal;
      const declined = new Promise<'declined'>((resolve) => ac.signal.addEventListener('abort', () => resolve('declined'), {once: true}));
      const answer = inner(params, {...ctx, signal} satisfies RequestContext);
      answer.catch(() => {}); // settled below, or abandoned after a decline
      try {
        const first = await Promise.race([answer, declined]);
        // A request the user was shown is withdrawn, not declined "without asking": declineFrom's caller has its count.
        return first === 'declined' ? this.decline(alias, kind, 'declined-all', false) : first;
      } finally {
        set.delete(ac);
      }
    };
  }

  private decline(alias: string, kind: keyof typeof METHOD, reason: DeclineReason, counted = true): Record<string, unknown> {
    if (counted) this.count(alias, METHOD[kind], reason);
    if (kind === 'elicit') return {action: 'decline'};
    throw new McpError(-1, reason === 'flood' ? `sampling request declined: ${this.maxQueued} requests from this server are already waiting for the user` : 'sampling request declined: the user declines every request from this server');
  }

  // One event at once, then at most one a second with the count since: a flood makes two or three notices, not hundreds.
  private count(alias: string, method: string, reason: DeclineReason): void {
    const p = this.pending.get(alias);
    if (p?.timer !== undefined) {
      p.count++;
      p.method = method;
      p.reason = reason;
      return;
    }
    this.send(alias, 1, method, reason);
    const window = {count: 0, method, reason, timer: undefined as unknown};
    const tick = () => {
      if (window.count === 0) {
        this.pending.delete(alias);
        return;
      }
      this.send(alias, window.count, window.method, window.reason);
      window.count = 0;
      window.timer = this.clock.setTimeout(tick, 1_000);
    };
    window.timer = this.clock.setTimeout(tick, 1_000);
    this.pending.set(alias, window);
  }

  private send(alias: string, count: number, method: string, reason: DeclineReason): void {
    const why = reason === 'flood' ? `${this.maxQueued} of its requests were already waiting for you` : 'you chose to decline every request from it';
    const key = `${reason} ${alias}`;
    const total = (this.totals.get(key) ?? 0) + count;
    this.totals.set(key, total);
    const counted = total === count ? `${count} ${method} request${count === 1 ? '' : 's'}` : `${count} more ${method} request${count === 1 ? '' : 's'}`;
    this.emit({type: 'server/inputs-declined', alias, method, reason, count, text: `${alias}: ${counted} declined without asking (${total === count ? '' : `${total} in all; `}${why})`});
  }
}
