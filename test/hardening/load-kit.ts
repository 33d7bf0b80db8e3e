// The load run shared by the vitest test (short) and `npm run soak` (long):
// many servers, many concurrent calls with random delays, some servers killed
// with SIGKILL and restarted by the hub while calls are in flight. Every call
// carries its own token (echo text, or a `slow` delay no other call uses), so
// an answer delivered to the wrong caller is caught, not just counted.
import type {Hub} from '../../src/hub/hub.js';
import type {HubCallResult} from '../../src/hub/types.js';
import {testHub, textOf} from '../helpers/hub.js';
import {prng} from '../helpers/prng.js';
import {waitFor} from '../helpers/wait.js';
import {killTagged, newTag, taggedChaos} from './helpers.js';

/** How big a run is. */
export interface LoadOptions {
  servers: number;
  calls: number;
  /** SIGKILLs in total. */
  kills: number;
  /** How many servers take the kills, in turn (default 1: the same server every time). */
  killTargets?: number;
  /** Calls start at random times within this window. */
  spreadMs: number;
  /** Longest `slow` delay (each slow call gets its own). */
  maxDelayMs?: number;
  /** A call not settled this long after it started counts as hung. */
  hangGuardMs?: number;
  callTimeoutMs?: number;
  /** Deterministic randomness. */
  seed?: number;
}

/** What happened, call by call, summed. */
export interface LoadReport {
  servers: number;
  calls: number;
  ok: number;
  isError: number;
  /** isError results by the hub's failure reason. */
  byReason: Record<string, number>;
  /** The first text seen for each failure reason. */
  examples: Record<string, string>;
  /** Results that came back to the wrong caller or with the wrong text. */
  mismatches: string[];
  /** Calls that did not settle within the guard. */
  hung: number;
  /** Calls that threw instead of returning a result. */
  threw: number;
  kills: number;
  /** Kills after which the server came back online. */
  recovered: number;
  /** Requests still pending in any connection at the end (must be 0). */
  pendingAfter: number;
  durationMs: number;
  peakRssMb: number;
}


type Slot = {status: {state: string}; session?: {connection: {transport: {pid?: number}; pending: Map<unknown, unknown>}}};
const slotOf = (hub: Hub, alias: string) => (hub as unknown as {byAlias: Map<string, Slot>}).byAlias.get(alias)!;

/** Runs the load and tears everything down; never throws for a server fault. */
export async function runLoad(o: LoadOptions): Promise<LoadReport> {
  const rand = prng(o.seed ?? 1);
  const tag = newTag('load');
  const maxDelay = o.maxDelayMs ?? 300;
  const aliases = Array.from({length: o.servers}, (_, i) => `s${i}`);
  const {hub} = testHub(
    aliases.map((a) => taggedChaos(a, 'ok', tag, {}, {callTimeoutMs: o.callTimeoutMs ?? 15_000})),
    // Enough tries for every kill: a server killed often in a short time is not a crash loop here.
    {restart: {baseMs: 50, maxMs: 500, maxTries: o.kills + 5, stableMs: 1_000}},
  );
  const report: LoadReport = {servers: o.servers, calls: o.calls, ok: 0, isError: 0, byReason: {}, examples: {}, mismatches: [], hung: 0, threw: 0, kills: 0, recovered: 0, pendingAfter: 0, durationMs: 0, peakRssMb: 0};
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = Date.now();
  try {
    await hub.start();
    const down = hub.statuses().filter((s) => s.state !== 'online');
    if (down.length) throw new Error(`servers did not start: ${JSON.stringify(down)}`);

    // Per server, a pool of distinct delays: "slept N ms" names exactly one call.
    const delays = aliases.map(() => shuffle(Array.from({length: Math.max(maxDelay + 1, Math.ceil(o.calls / o.servers) + 1)}, (_, i) => i), rand));
    const calls: Array<Promise<void>> = [];
    for (let k = 0; k < o.calls; k++) {
      const alias = aliases[Math.floor(rand() * aliases.length)]!;
      const at = Math.floor(rand() * o.spreadMs);
      const slow = rand() < 0.5 && delays[aliases.indexOf(alias)]!.length > 0;
      const ms = slow ? delays[aliases.indexOf(alias)]!.pop()! : 0;
      const token = `tok-${k}-${Math.floor(rand() * 1e9).toString(36)}`;
      const expected = slow ? `slept ${ms} ms` : token;
      const call = (): Promise<HubCallResult> => (slow ? hub.call(`mcp__${alias}__slow`, {ms}) : hub.call(`mcp__${alias}__echo`, {text: token}));
      calls.push(delay(at).then(() => settle(call(), o.hangGuardMs ?? 60_000)).then((outcome) => record(report, k, alias, expected, outcome)));
    }

    const killer = (async () => {
      const pause = o.spreadMs / (o.kills + 1);
      for (let i = 0; i < o.kills; i++) {
        await delay(pause * (0.5 + rand()));
        const alias = aliases[i % Math.min(o.killTargets ?? 1, aliases.length)]!;
        const slot = slotOf(hub, alias);
        await waitFor(() => slot.status.state === 'online' && slot.session?.connection.transport.pid, `${alias} online before kill ${i + 1}`, 30_000);
        const pid = slot.session!.connection.transport.pid!;
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          process.kill(pid, 'SIGKILL');
        }
        report.kills++;
        await waitFor(() => slot.status.state === 'online' && slot.session && slot.session.connection.transport.pid !== pid, `${alias} back after kill ${i + 1}`, 30_000);
        report.recovered++;
      }
    })();

    await Promise.all([...calls, killer]);
    report.pendingAfter = aliases.reduce((n, a) => n + (slotOf(hub, a).session?.connection.pending.size ?? 0), 0);
  } finally {
    report.durationMs = Date.now() - started;
    clearInterval(sampler);
    report.peakRssMb = Math.round(Math.max(peak, process.memoryUsage().rss) / (1024 * 1024));
    await hub.close();
    killTagged(tag);
  }
  return report;
}

type Outcome = {result: HubCallResult} | {threw: unknown} | {hung: true};

function settle(p: Promise<HubCallResult>, guardMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({hung: true}), guardMs);
    p.then(
      (result) => (clearTimeout(timer), resolve({result})),
      (err) => (clearTimeout(timer), resolve({threw: err})),
    );
  });
}

function record(r: LoadReport, k: number, alias: string, expected: string, outcome: Outcome): void {
  if ('hung' in outcome) return void r.hung++;
  if ('threw' in outcome) {
    r.threw++;
    r.mismatches.push(`call ${k} threw: ${String(outcome.threw)}`);
    return;
  }
  const res = outcome.result;
  if (res.isError) {
    r.isError++;
    const reason = res.failure ?? 'tool';
    r.byReason[reason] = (r.byReason[reason] ?? 0) + 1;
    r.examples[reason] ??= textOf(res).slice(0, 300);
    if (res.alias !== undefined && res.alias !== alias) r.mismatches.push(`call ${k} to ${alias} failed as ${res.alias}`);
    return;
  }
  r.ok++;
  const text = textOf(res);
  if (text !== expected || res.alias !== alias) r.mismatches.push(`call ${k} to ${alias} expected ${JSON.stringify(expected)}, got ${JSON.stringify(text.slice(0, 80))} from ${res.alias}`);
}

function shuffle<T>(xs: T[], rand: () => number): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
