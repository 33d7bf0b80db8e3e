import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {parseConfig} from '../../src/config/index.js';
import {spawnEarly} from '../../src/cli/early-spawn.js';
import {killEarly, spawnServer, StdioTransport} from '../../src/transport/stdio.js';
import {alive} from '../helpers/processes.js';
import {waitFor} from '../helpers/wait.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, {recursive: true, force: true});
});

/** A server that writes its pid to `file`, then its first message and a stderr line at once, then `then`. */
const script = (file: string, then: string) =>
  `require('fs').writeFileSync(${JSON.stringify(file)}, String(process.pid));` +
  `process.stdout.write(JSON.stringify({jsonrpc:'2.0', method:'notifications/message', params:{early:true}})+'\\n');` +
  `process.stderr.write('early on stderr\\n');` +
  then;

function configOf(servers: Record<string, {args: string[]; env?: Record<string, string>; start?: 'lazy'}>) {
  const mcpServers = Object.fromEntries(Object.entries(servers).map(([alias, s]) => [alias, {command: process.execPath, ...s}]));
  return parseConfig(JSON.stringify({mcpServers}), 'mcp.config.json', {PATH: process.env.PATH ?? ''});
}

function tmp(): string {
  const d = mkdtempSync(join(tmpdir(), 'early-spawn-'));
  dirs.push(d);
  return d;
}

describe('early spawn', () => {
  it('hands the transport the running child with everything it wrote before adoption', async () => {
    const pidFile = join(tmp(), 'pid');
    // It writes, then exits: by adoption its output sits only in the pipes.
    const config = configOf({quick: {args: ['-e', script(pidFile, 'process.exit(3);')]}});
    const env = {PATH: process.env.PATH ?? ''};
    const early = spawnEarly(config, env, 'eager');
    const pid = Number(await waitFor(() => readFileSync(pidFile, 'utf8'), 'the server to start'));
    await waitFor(() => !alive(pid), 'the server to exit');
    const server = config.servers[0]!;
    if (server.type !== 'stdio') throw new Error('stdio expected');
    const options = {command: server.command, args: server.args, cwd: server.cwd, env: (await import('../../src/config/index.js')).childEnv(server, env)};
    const child = early.adopt({alias: 'quick', ...options});
    expect(child?.child.pid).toBe(pid);
    const t = new StdioTransport(options, child);
    const messages: unknown[] = [];
    t.onmessage = (m) => messages.push(m);
    let exit: unknown;
    t.onclose = (info) => (exit = info);
    await t.start();
    expect(t.pid).toBe(pid);
    await waitFor(() => exit, 'the exit to be reported');
    expect(messages).toEqual([{jsonrpc: '2.0', method: 'notifications/message', params: {early: true}}]);
    expect(exit).toMatchObject({code: 3});
    expect(t.diagnosticsTail(5)).toContain('early on stderr');
    early.dispose();
  });

  it('kills every child not adopted: one never asked for, one whose spawn no longer matches', async () => {
    const dir = tmp();
    const hold = 'setInterval(() => {}, 1000);';
    const config = configOf({
      unasked: {args: ['-e', script(join(dir, 'a'), hold)]},
      changed: {args: ['-e', script(join(dir, 'b'), hold)]},
    });
    const early = spawnEarly(config, {PATH: process.env.PATH ?? ''}, 'eager');
    const pids = await waitFor(() => ['a', 'b'].map((f) => Number(readFileSync(join(dir, f), 'utf8'))), 'both servers to start');
    expect(pids.every(alive)).toBe(true);
    // The config changed under it: another argument, so the hub would spawn it differently.
    expect(early.adopt({alias: 'changed', command: process.execPath, args: ['-e', hold], env: {}})).toBeUndefined();
    await waitFor(() => !alive(pids[1]!), 'the changed server to be killed');
    expect(alive(pids[0]!)).toBe(true);
    early.dispose();
    await waitFor(() => !alive(pids[0]!), 'the unasked server to be killed');
  });
});

describe('a transport given an early child', () => {
  it('ends that child when it is closed before it ever started', async () => {
    const pidFile = join(tmp(), 'pid');
    const options = {command: process.execPath, args: ['-e', script(pidFile, 'setInterval(() => {}, 1000);')], env: {PATH: process.env.PATH ?? ''}};
    const t = new StdioTransport(options, spawnServer(options));
    const pid = Number(await waitFor(() => readFileSync(pidFile, 'utf8'), 'the server to start'));
    await t.close();
    await waitFor(() => !alive(pid), 'the child to be killed');
  });
});

describe('which servers are spawned early', () => {
  it.each([
    [undefined, ['eager']],
    ['eager', ['eager', 'lazy']],
    ['lazy', []],
  ] as const)('start policy %s: %j', async (force, expected) => {
    const hold = 'setInterval(() => {}, 1000);';
    const config = configOf({eager: {args: ['-e', hold]}, lazy: {args: ['-e', hold], start: 'lazy'}});
    const env = {PATH: process.env.PATH ?? ''};
    const early = spawnEarly(config, env, force);
    const {childEnv} = await import('../../src/config/index.js');
    // What the hub would ask for each server: a child only where one was spawned.
    const adopted = config.servers.map((s) => {
      if (s.type !== 'stdio') throw new Error('stdio expected');
      return [s.alias, early.adopt({alias: s.alias, command: s.command, args: s.args, cwd: s.cwd, env: childEnv(s, env)})] as const;
    });
    for (const [, child] of adopted) if (child) killEarly(child);
    expect(adopted.filter(([, child]) => child).map(([alias]) => alias)).toEqual(expected);
  });
});
