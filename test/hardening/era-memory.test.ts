// Era memory: a server that died on the probe is remembered as legacy in its
// per-server record, so the next start goes straight to initialize; a stale
// memory falls back to the probe; a corrupt record is a warning. Through the
// hub, then through `--list-tools` (text and JSON `eraDecision`).
import {readFileSync, readdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import type {StdioHubServer} from '../../src/hub/hub.js';
import {StdioTransport} from '../../src/transport/stdio.js';
import {serverFingerprint} from '../../src/util/server-fingerprint.js';
import {ServerRecordStore} from '../../src/util/server-record.js';
import {runCli} from '../helpers/cli.js';
import {tempDir, testHub, textOf} from '../helpers/hub.js';
import {serverPath} from '../helpers/servers.js';
import {killTagged, newTag, taggedChaos} from './helpers.js';

const tags: string[] = [];
afterEach(() => {
  for (const t of tags.splice(0)) killTagged(t);
});

/** Starts `server` once with `store`; returns its status, its era notes and how many processes it took. */
async function startOnce(server: StdioHubServer, store: ServerRecordStore) {
  let spawned = 0;
  const {hub, events} = testHub([server], {
    records: store,
    trace: true,
    makeTransport: (s) => (spawned++, new StdioTransport({command: s.command!, args: (s as StdioHubServer).args, env: (s as StdioHubServer).env, closeGraceMs: 500})),
  });
  try {
    await hub.start();
    const echo = hub.statuses()[0]!.state === 'online' ? textOf(await hub.call(`mcp__${server.alias}__echo`, {text: 'ok'})) : '';
    const notes = events.flatMap((e) => (e.type === 'trace/recorded' && e.entry.direction === 'note' ? [e.entry.summary] : []));
    return {status: hub.statuses()[0]!, notes, spawned, echo};
  } finally {
    await hub.close();
  }
}

function server(mode: string, env: Record<string, string> = {}): StdioHubServer {
  const tag = newTag(`mem-${mode}`);
  tags.push(tag);
  return taggedChaos('x', mode, tag, env, {startupTimeoutMs: 10_000});
}

describe('era memory through the hub', () => {
  it('a server that died on the probe is started once, in legacy, the next time', async () => {
    const store = new ServerRecordStore(tempDir('bb-mem-'));
    const s = server('die_on_probe');
    const first = await startOnce(s, store);
    expect(first).toMatchObject({status: {state: 'online', eraDecision: 'respawned-after-probe'}, spawned: 2, echo: 'ok'});
    const record = JSON.parse(readFileSync(join(store.dir, readdirSync(store.dir)[0]!), 'utf8'));
    expect(record.sections.era).toMatchObject({era: 'legacy', protocolVersion: '2025-11-25', decidedBy: 'respawned-after-probe'});
    const second = await startOnce(s, store);
    expect(second).toMatchObject({status: {state: 'online', era: 'legacy', eraDecision: 'remembered'}, spawned: 1, echo: 'ok'});
    expect(second.notes).toEqual(expect.arrayContaining(['legacy: initialize agreed on 2025-11-25', 'remembered from the last start']));
  });

  it('a remembered era that is stale falls back to the probe, and the record is corrected', async () => {
    const store = new ServerRecordStore(tempDir('bb-mem-'));
    const s = server('ok', {CHAOS_ERA: 'modern'});
    const record = store.record(serverFingerprint({kind: 'stdio', alias: 'x', command: s.command, args: s.args, cwd: s.cwd, env: s.env}));
    record.set('era', {era: 'legacy', protocolVersion: '2025-11-25', decidedBy: 'probe', at: new Date(0).toISOString()});
    const run = await startOnce(s, store);
    expect(run).toMatchObject({status: {state: 'online', era: 'modern', eraDecision: 'probe'}, spawned: 1, echo: 'ok'});
    expect(record.get('era')).toMatchObject({era: 'modern', protocolVersion: '2026-07-28', decidedBy: 'probe'});
  });

  it('a corrupt record is a warning in the trace, the probe decides, and the record is rewritten', async () => {
    const store = new ServerRecordStore(tempDir('bb-mem-'));
    const s = server('ok');
    const record = store.record(serverFingerprint({kind: 'stdio', alias: 'x', command: s.command, args: s.args, cwd: s.cwd, env: s.env}));
    writeFileSync(record.path, '{"format": 1, "sections": {"era": ');
    const run = await startOnce(s, store);
    expect(run).toMatchObject({status: {state: 'online', era: 'legacy', eraDecision: 'probe'}, echo: 'ok'});
    expect(run.notes.some((n) => n.startsWith(`${record.path}: not valid JSON`))).toBe(true);
    expect(record.get('era')).toMatchObject({era: 'legacy'});
  });
});

describe('era memory through the CLI', () => {
  // Two runs of the CLI, each allowed runCli's 60 s: more than the default test timeout on a busy machine.
  it('--list-tools shows how the era was decided: respawned after the probe, then remembered', {timeout: 150_000}, async () => {
    const tag = newTag('mem-cli');
    tags.push(tag);
    const dir = tempDir('bb-mem-cli-');
    const path = join(dir, 'mcp.config.json');
    writeFileSync(path, JSON.stringify({mcpServers: {rusty: {command: process.execPath, args: [serverPath('chaos.mjs'), '--tag', tag], env: {CHAOS_MODE: 'die_on_probe'}}}}));
    const env = {XDG_STATE_HOME: join(dir, 'state')};
    const first = await runCli(['--list-tools', '--json', '--config', path], {env});
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout).servers[0]).toMatchObject({alias: 'rusty', state: 'online', era: 'legacy', eraDecision: 'respawned-after-probe'});
    const second = await runCli(['--list-tools', '--config', path], {env});
    expect(second.stdout).toMatch(/rusty\s+online\s+legacy 2025-11-25 \(era: remembered\), reports itself as "chaos-server"/);
    const records = readdirSync(join(dir, 'state', 'breakerbox', 'servers'));
    expect(records).toEqual([expect.stringMatching(/^rusty-[0-9a-f]{32}\.json$/)]);
  });
});
