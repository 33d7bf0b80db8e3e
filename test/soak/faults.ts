// Every chaos fault in sequence, several rounds each, outside vitest: the
// faulty server next to a healthy one, what the hub made of it recorded as
// observed, and the checks every round must pass (the neighbour answers, the
// fault's own calls end by their timeout, nothing escapes, no process stays).
import type {Hub, HubOptions, HubServer, StdioHubServer} from '../../src/hub/hub.js';
import type {ServerStatus} from '../../src/hub/types.js';
import {testHub, textOf} from '../helpers/hub.js';
import {waitFor} from '../helpers/wait.js';
import {HUB_FAULTS} from './faults-hub.js';
import {killTagged, newTag, taggedChaos, tagged, trapProcessErrors} from '../hardening/helpers.js';

/** One fault and how a round of it is judged. */
export interface Fault {
  name: string;
  mode: string;
  env?: Record<string, string>;
  extra?: Partial<HubServer>;
  /** The state the faulty server must end in. */
  state: 'online' | 'offline';
  phase?: string;
  reason?: RegExp;
  /** Extra work and checks once started; returns what was observed. */
  probe?: (hub: Hub) => Promise<string>;
  /** Hub options for the round (e.g. client features). */
  hubOptions?: Partial<HubOptions>;
}

const call = async (hub: Hub, tool: string, args: Record<string, unknown>, within: number): Promise<string> => {
  const started = Date.now();
  const r = await hub.call(`mcp__x__${tool}`, args);
  const took = Date.now() - started;
  if (took > within) throw new Error(`${tool} took ${took} ms, more than ${within}`);
  return r.isError ? `isError (${r.failure}): ${brief(textOf(r))}` : `ok: ${brief(textOf(r))}`;
};

/** The faults of servers/chaos.mjs and its tools, with what must hold. */
export const FAULTS: Fault[] = [
  {name: 'spawn_fail', mode: 'spawn_fail', state: 'offline', phase: 'handshake', reason: /exited with code 1; stderr: chaos: spawn_fail/},
  {name: 'command not found', mode: 'ok', extra: {command: 'bb-no-such-command', args: []}, state: 'offline', phase: 'spawn', reason: /ENOENT \(command not found/},
  {name: 'exit_in_handshake', mode: 'exit_in_handshake', state: 'offline', phase: 'handshake', reason: /exited with code 2; stderr: .*state\.db/},
  {name: 'silent', mode: 'silent', extra: {startupTimeoutMs: 1_500}, state: 'offline', phase: 'handshake', reason: /no answer to server\/discover or initialize: no sign of life \(stderr output, CPU use\) for 1500 ms \(startupTimeoutMs\)/},
  {name: 'slow_discover (1.5 s)', mode: 'slow_discover', env: {CHAOS_DELAY_MS: '1500'}, state: 'online', probe: async (hub) => `era ${hub.statuses()[0]!.era}; ${await call(hub, 'echo', {text: 'x'}, 5_000)}`},
  {name: 'slow_discover (past the startup timeout)', mode: 'slow_discover', env: {CHAOS_DELAY_MS: '30000'}, extra: {startupTimeoutMs: 1_200}, state: 'offline', phase: 'handshake', reason: /for 1200 ms \(startupTimeoutMs\)/},
  {name: 'noise', mode: 'noise', state: 'online', probe: async (hub) => `${await call(hub, 'echo', {text: 'café ☕'}, 5_000)}; noise lines counted: ${conn(hub).stats.noise}`},
  {name: 'huge_line (20 MB)', mode: 'huge_line', state: 'online', probe: async (hub) => `${await call(hub, 'echo', {text: 'after'}, 5_000)}`},
  {name: 'stderr_flood (50 MB)', mode: 'stderr_flood', state: 'online', probe: async (hub) => `${await call(hub, 'echo', {text: 'after'}, 10_000)}; stderr tail kept: ${(conn(hub).transport as unknown as {stderr: {text(): string}}).stderr.text().length} chars`},
  {name: 'paginate_same', mode: 'paginate_same', state: 'offline', phase: 'list', reason: /returned cursor .* again; the server's pagination loops/},
  {name: 'paginate_forever', mode: 'paginate_forever', state: 'offline', phase: 'list', reason: /did not end after 100 pages/},
  {name: 'empty_page', mode: 'empty_page', state: 'online', probe: async (hub) => `${hub.statuses()[0]!.toolCount} tools over ${hub.statuses()[0]!.pages} pages`},
  {name: 'empty_cursor', mode: 'empty_cursor', state: 'online', probe: async (hub) => `${hub.statuses()[0]!.toolCount} tools over ${hub.statuses()[0]!.pages} pages`},
  {name: 'malformed_tools', mode: 'malformed_tools', state: 'online', probe: async (hub) => `${hub.statuses()[0]!.toolCount} tools kept, ${hub.droppedTools.filter((d) => d.alias === 'x').length} dropped with reasons; ${await call(hub, 'good_tool', {text: 'x'}, 5_000)}`},
  {name: 'server_request', mode: 'server_request', state: 'online', probe: async (hub) => {
    await waitFor(() => /answer 0 result/.test(stderr(hub)), 'answers');
    return stderr(hub).split('\n').filter((l) => l.startsWith('answer ')).map((l) => l.replace(/^answer (\S+) (\w+) .*"message":"([^"]*)".*$/, '$1 → $2 $3').replace(/^answer (\S+) result \{\}$/, '$1 → result {}')).join('; ');
  }},
  {name: 'notify_flood (10,000)', mode: 'notify_flood', state: 'online', probe: async (hub) => `${await call(hub, 'echo', {text: 'x'}, 5_000)}`},
  {name: 'escapes', mode: 'escapes', state: 'online', probe: async (hub) => {
    const dirty = hub.catalog.entries.filter((e) => /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(e.description + (e.title ?? '')));
    if (dirty.length) throw new Error(`control characters in ${dirty.map((e) => e.name).join(', ')}`);
    return `names ${hub.catalog.entries.filter((e) => e.alias === 'x').map((e) => e.name).join(', ')}; descriptions and titles clean`;
  }},
  {name: 'list_changed', mode: 'list_changed', state: 'online', probe: async (hub) => {
    await waitFor(() => hub.catalog.byName.has('mcp__x__added_later'), 're-list');
    return `re-listed after the notification: ${hub.catalog.byName.has('mcp__x__twice') ? 'twice still listed' : 'twice gone'}, added_later callable: ${await call(hub, 'added_later', {text: 'x'}, 5_000)}`;
  }},
  {name: 'tool hang', mode: 'ok', extra: {toolTimeouts: {hang: 400}}, state: 'online', probe: (hub) => call(hub, 'hang', {}, 3_400)},
  {name: 'tool die', mode: 'ok', state: 'online', probe: async (hub) => {
    const r = await call(hub, 'die', {}, 4_000);
    await waitFor(() => hub.statuses()[0]!.state === 'online' && hub.catalog.byName.has('mcp__x__echo'), 'restart');
    return `${r}; restarted`;
  }},
  {name: 'tool twice', mode: 'ok', state: 'online', probe: async (hub) => {
    const r = await call(hub, 'twice', {}, 5_000);
    await waitFor(() => conn(hub).stats.unknownResponses === 1, 'duplicate counted');
    return `${r}; second answer dropped and counted`;
  }},
  {name: 'tool wrong_id', mode: 'ok', state: 'online', probe: async (hub) => `${await call(hub, 'wrong_id', {}, 5_000)}; stray answers counted: ${conn(hub).stats.unknownResponses}`},
  {name: 'die_on_probe (exits, like rmcp)', mode: 'die_on_probe', state: 'online', probe: async (hub) => `era ${hub.statuses()[0]!.era} (${hub.statuses()[0]!.eraDecision}); ${await call(hub, 'echo', {text: 'x'}, 5_000)}`},
  {name: 'die_on_probe (closes stdout)', mode: 'die_on_probe', env: {CHAOS_PROBE_DEATH: 'close_stdout'}, state: 'online', probe: async (hub) => `era ${hub.statuses()[0]!.era} (${hub.statuses()[0]!.eraDecision}); ${await call(hub, 'echo', {text: 'x'}, 5_000)}`},
  {name: 'newer_version (only 2027-01-01)', mode: 'newer_version', state: 'offline', phase: 'handshake', reason: /offers only protocol version 2027-01-01; breakerbox speaks 2026-07-28/},
  {name: 'bom', mode: 'bom', state: 'online', probe: async (hub) => `${await call(hub, 'echo', {text: 'café'}, 5_000)}; noise lines: ${conn(hub).stats.noise}`},
  {name: 'close_stdout (mid-call)', mode: 'close_stdout', extra: {callTimeoutMs: 30_000}, state: 'online', probe: async (hub) => {
    const r = await call(hub, 'die', {}, 10_000);
    await waitFor(() => hub.statuses()[0]!.state === 'online' && hub.catalog.byName.has('mcp__x__echo'), 'restart');
    return `${r}; restarted`;
  }},
  {name: 'big_id (2^53 + 1)', mode: 'big_id', state: 'online', probe: async (hub) => {
    await waitFor(() => /raw-answer /.test(stderr(hub)), 'the raw answer');
    return stderr(hub).split('\n').find((l) => l.startsWith('raw-answer '))!;
  }},
  {name: 'mrtr_keys (__proto__, constructor…)', mode: 'mrtr_keys', state: 'online', probe: (hub) => call(hub, 'ask', {}, 5_000)},
  {name: 'setsid_helper', mode: 'setsid_helper', state: 'online', probe: async (hub) => {
    await waitFor(() => tagged(tagOf(hub)).some((p) => p.args.includes('setsid-helper')), 'the helper');
    return 'helper running in its own session; ended with the server (checked when the round closes)';
  }},
  ...(['id first', 'id last'] as const).map((order): Fault => ({
    name: `tool big (70 MB, over the line limit; ${order})`, mode: 'ok', env: order === 'id last' ? {CHAOS_ID_LAST: '1'} : {}, extra: {callTimeoutMs: 60_000}, state: 'online',
    probe: (hub) => call(hub, 'big', {bytes: 70_000_000}, 30_000),
  })),
  {name: 'tool big (8 MB)', mode: 'ok', state: 'online', probe: async (hub) => {
    const r = await hub.call('mcp__x__big', {bytes: 8 * 1024 * 1024});
    const n = textOf(r).length;
    if (n !== 8 * 1024 * 1024) throw new Error(`big returned ${n} characters`);
    return `ok: ${n} characters, whole`;
  }},
];

/** A reason without chaos's own "ready" line, cut at a word. */
function brief(reason: string): string {
  const text = reason.replace(/ready mode=\S+ era=\S+( \| )?/g, '').replace(/; stderr: $/, '');
  return text.length <= 150 ? text : `${text.slice(0, 150).replace(/\s\S*$/, '')} …`;
}

type Conn = import('../../src/connection/connection.js').Connection;
const conn = (hub: Hub): Conn => (hub as unknown as {byAlias: Map<string, {session?: {connection: Conn}}>}).byAlias.get('x')!.session!.connection;
const stderr = (hub: Hub): string => (conn(hub).transport as unknown as {stderr: {text(): string}}).stderr.text();
/** The tag on the faulty server's command line. */
const tagOf = (hub: Hub): string => {
  const args = (hub as unknown as {byAlias: Map<string, {config: {args: string[]}}>}).byAlias.get('x')!.config.args;
  return args[args.indexOf('--tag') + 1]!;
};

/** The outcome of all rounds of one fault. */
export interface FaultOutcome {
  name: string;
  rounds: number;
  survived: number;
  observed: string;
  failures: string[];
  ms: number;
}

/** Runs `rounds` rounds of each fault; never throws. */
export async function runFaults(rounds: number, log: (line: string) => void = () => {}): Promise<FaultOutcome[]> {
  const out: FaultOutcome[] = [];
  for (const fault of [...FAULTS, ...HUB_FAULTS]) {
    const outcome: FaultOutcome = {name: fault.name, rounds, survived: 0, observed: '', failures: [], ms: 0};
    const started = Date.now();
    for (let i = 0; i < rounds; i++) {
      try {
        outcome.observed = await round(fault);
        outcome.survived++;
      } catch (err) {
        outcome.failures.push(err instanceof Error ? err.message : String(err));
      }
    }
    outcome.ms = Date.now() - started;
    log(`  ${fault.name}: ${outcome.survived}/${rounds} (${outcome.ms} ms)${outcome.failures.length ? ` FAIL ${outcome.failures[0]}` : ''}`);
    out.push(outcome);
  }
  return out;
}

async function round(fault: Fault): Promise<string> {
  const tag = newTag(`soak-${fault.mode}`);
  const trap = trapProcessErrors();
  const {hub} = testHub([taggedChaos('x', fault.mode, tag, fault.env, {startupTimeoutMs: 5_000, callTimeoutMs: 5_000, ...(fault.extra as Partial<StdioHubServer>)}), taggedChaos('ok', 'ok', tag)], {listDebounceMs: 20, ...fault.hubOptions});
  try {
    await hub.start();
    const s: ServerStatus = hub.statuses()[0]!;
    if (s.state !== fault.state) throw new Error(`expected ${fault.state}, got ${s.state} (${s.phase}: ${s.reason})`);
    if (fault.phase && s.phase !== fault.phase) throw new Error(`expected phase ${fault.phase}, got ${s.phase}`);
    if (fault.reason && !fault.reason.test(s.reason ?? '')) throw new Error(`reason ${JSON.stringify(s.reason)} does not match ${fault.reason}`);
    const observed = fault.probe ? await fault.probe(hub) : `${s.state}, ${s.phase} failed: ${brief(s.reason ?? '')}`;
    const token = `alive-${Math.random()}`;
    const neighbour = await hub.call('mcp__ok__echo', {text: token});
    if (textOf(neighbour) !== token) throw new Error(`the neighbour answered ${JSON.stringify(textOf(neighbour))}`);
    await hub.close();
    await waitFor(() => tagged(tag).length === 0, 'every process of the round to end', 15_000);
    if (trap.errors.length) throw new Error(`escaped: ${String(trap.errors[0])}`);
    return fault.state === 'online' ? `online; ${observed}` : observed;
  } finally {
    trap.release();
    await hub.close();
    killTagged(tag);
  }
}
