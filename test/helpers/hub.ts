import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {Hub, type HubOptions, type HubServer, type StdioHubServer} from '../../src/hub/hub.js';
import type {HubEvent} from '../../src/hub/hub-events.js';
import {serverPath} from './servers.js';

/** A server entry for one of our node scripts, with short test timeouts. */
export function nodeServer(alias: string, script: string, env: Record<string, string> = {}, extra: Partial<StdioHubServer> = {}): StdioHubServer {
  return {
    alias,
    command: process.execPath,
    args: [serverPath(script)],
    env: {PATH: process.env.PATH ?? '', ...env},
    startupTimeoutMs: 20_000,
    callTimeoutMs: 20_000,
    ...extra,
  };
}

export const chaos = (alias: string, mode: string, env: Record<string, string> = {}, extra: Partial<StdioHubServer> = {}) =>
  nodeServer(alias, 'chaos.mjs', {CHAOS_MODE: mode, ...env}, extra);

/** A hub that records every event, with fast restarts for tests. */
export function testHub(servers: HubServer[], options: Partial<HubOptions> = {}): {hub: Hub; events: HubEvent[]} {
  const events: HubEvent[] = [];
  const hub = new Hub({
    servers,
    onEvent: (e) => events.push(e),
    probeWaitMs: 500,
    restart: {baseMs: 100, maxMs: 1_000},
    ...options,
  });
  return {hub, events};
}

export const tempDir = (prefix = 'bb-') => mkdtempSync(join(tmpdir(), prefix));

export const textOf = (r: {content: Array<{type: string; text?: unknown}>}) => r.content.map((c) => (typeof c.text === 'string' ? c.text : '')).join('\n');
