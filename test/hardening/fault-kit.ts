// What every fault test does: start the faulty server next to a healthy one,
// watch for errors escaping to the process, prove the healthy one still
// serves, and leave no process behind.
import {afterEach, beforeEach, expect} from 'vitest';
import type {Hub, HubOptions, StdioHubServer} from '../../src/hub/hub.js';
import type {HubEvent} from '../../src/hub/hub-events.js';
import type {ServerStatus} from '../../src/hub/types.js';
import {testHub, textOf} from '../helpers/hub.js';
import {killTagged, newTag, taggedChaos, trapProcessErrors, waitTagGone} from './helpers.js';

/** Per-test state the kit hands out. */
export interface FaultRun {
  hub: Hub;
  events: HubEvent[];
  /** The tag on the faulty server's command line. */
  tag: string;
  status: () => ServerStatus;
  /** Milliseconds `hub.start()` took. */
  startMs: number;
}

const hubs: Hub[] = [];
const tags: string[] = [];
let trap: ReturnType<typeof trapProcessErrors> | undefined;

/** Installs the hooks; call once at the top of a test file. */
export function useFaultKit(): void {
  beforeEach(() => {
    trap = trapProcessErrors();
  });
  afterEach(async () => {
    await Promise.all(hubs.splice(0).map((h) => h.close()));
    // Every server the test started is gone once the hub is closed.
    for (const tag of tags.splice(0)) {
      try {
        await waitTagGone(tag, 10_000);
      } finally {
        killTagged(tag);
      }
    }
    const errors = trap?.errors ?? [];
    trap?.release();
    expect(errors, 'errors that escaped to the process').toEqual([]);
  });
}

/** Starts `mode` as alias `x` beside a healthy chaos server `ok`. */
export async function startFault(
  mode: string,
  env: Record<string, string> = {},
  extra: Partial<StdioHubServer> = {},
  options: Partial<HubOptions> = {},
): Promise<FaultRun> {
  const tag = newTag(`fault-${mode}`);
  tags.push(tag);
  const {hub, events} = testHub([taggedChaos('x', mode, tag, env, {startupTimeoutMs: 5_000, callTimeoutMs: 5_000, ...extra}), taggedChaos('ok', 'ok', tag)], {
    listDebounceMs: 20,
    ...options,
  });
  hubs.push(hub);
  const started = Date.now();
  await hub.start();
  const startMs = Date.now() - started;
  return {hub, events, tag, startMs, status: () => hub.statuses()[0]!};
}

/** The healthy neighbour answers, with its own text. */
export async function expectNeighbourServes(hub: Hub): Promise<void> {
  const token = `alive-${Math.random().toString(36).slice(2)}`;
  const r = await hub.call('mcp__ok__echo', {text: token});
  expect(r.isError, textOf(r)).toBeFalsy();
  expect(textOf(r)).toBe(token);
  expect(hub.statuses()[1]!.state).toBe('online');
}

/** Tools the hub offers for alias `x`. */
export const toolsOf = (hub: Hub, alias = 'x'): string[] => hub.catalog.entries.filter((e) => e.alias === alias).map((e) => e.tool);

/** The connection of a slot (white-box: stats and stderr). */
export function connectionOf(hub: Hub, alias = 'x') {
  const slot = (hub as unknown as {byAlias: Map<string, {session?: {connection: import('../../src/connection/connection.js').Connection}}>}).byAlias.get(alias);
  return slot?.session?.connection;
}

/** The stderr tail a server wrote (its transport keeps the last 64 KiB). */
export function stderrOf(hub: Hub, alias = 'x'): string {
  const transport = connectionOf(hub, alias)?.transport as {stderr?: {text(): string}} | undefined;
  return transport?.stderr?.text() ?? '';
}

export const BASE_TOOLS = ['echo', 'slow', 'hang', 'die', 'twice', 'wrong_id', 'structured', 'big'];
/** Model API tool names. */
export const MODEL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
