import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {tempDir} from '../helpers/hub.js';
import {serverPath} from '../helpers/servers.js';

const state = () => ({XDG_STATE_HOME: tempDir('bb-state-')});

function config(servers: Record<string, unknown>): string {
  const path = join(tempDir(), 'mcp.config.json');
  writeFileSync(path, JSON.stringify({mcpServers: servers}, null, 2));
  return path;
}

describe('breakerbox --list-tools', () => {
  it('--json prints exactly one object with servers and tools', async () => {
    const r = await runCli(['--list-tools', '--json'], {env: state()});
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.servers.map((s: any) => [s.alias, s.state, s.era, s.protocolVersion, s.serverName, s.phase, s.reason])).toEqual([
      ['notes', 'online', 'modern', '2026-07-28', 'notes-server', null, null],
      ['tickets', 'online', 'legacy', '2025-11-25', 'tickets-server', null, null],
    ]);
    expect(out.servers[0]).toMatchObject({toolCount: 3, pages: 2});
    const search = out.tools.filter((t: any) => t.tool === 'search');
    expect(search.map((t: any) => [t.name, t.server])).toEqual([
      ['mcp__notes__search', 'notes'],
      ['mcp__tickets__search', 'tickets'],
    ]);
    expect(Object.keys(out.tools[0]).sort()).toEqual(['annotations', 'description', 'findings', 'inputSchema', 'name', 'pin', 'providerLosses', 'server', 'title', 'tool']);
  });

  it('exits 0 with offline servers listed, and prints a table for people', async () => {
    const path = config({
      notes: {command: process.execPath, args: [serverPath('notes.mjs')]},
      broken: {command: 'no-such-binary-bb'},
    });
    const r = await runCli(['--list-tools', '--config', path], {env: state()});
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/notes\s+online\s+modern 2026-07-28 \(era: probe\), reports itself as "notes-server", 3 tools over 2 pages/);
    expect(r.stdout).toMatch(/broken\s+offline\s+spawn failed: spawn no-such-binary-bb ENOENT/);
    expect(r.stdout).toMatch(/mcp__notes__search\s+→ notes \/ search/);
  });

  it.each([
    ['a duplicate alias', '{"mcpServers": {\n"a": {"command": "x"},\n"a": {"command": "y"}\n}}', 'a', /alias "a" is defined twice \(lines 2 and 3\)/],
    ['bad alias characters', '{"mcpServers": {"no spaces": {"command": "x"}}}', 'no spaces', /mcpServers\["no spaces"\]: alias may only use/],
    ['__ in an alias', '{"mcpServers": {"a__b": {"command": "x"}}}', 'a__b', /__/],
    ['a missing ${VAR}', '{"mcpServers": {"a": {"command": "${BB_SURELY_UNSET}"}}}', 'a', /BB_SURELY_UNSET/],
    ['a wrong type', '{"mcpServers": {"a": {"command": "node", "args": "servers/notes.mjs"}}}', 'a', /mcpServers\.a\.args/],
    ['a misspelled key', '{"mcpServers": {"a": {"comand": "node"}}}', 'a', /did you mean .?command/i],
  ])('%s keeps that one server offline (config failed) while the others start', async (_what, text, alias, pattern) => {
    const path = join(tempDir(), 'mcp.config.json');
    const good = `"notes": {"command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(serverPath('notes.mjs'))}]}`;
    writeFileSync(path, text.replace('{"mcpServers": {', `{"mcpServers": {${good}, `));
    const r = await runCli(['--list-tools', '--json', '--config', path], {env: state()});
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    const bad = out.servers.find((s: {alias: string}) => s.alias === alias);
    expect(bad).toMatchObject({state: 'offline', phase: 'config'});
    expect(bad.reason).toMatch(pattern);
    expect(out.servers.find((s: {alias: string}) => s.alias === 'notes')).toMatchObject({state: 'online'});
  });

  it.each([
    ['invalid JSON', '{"mcpServers": {', /invalid JSON/],
    ['not an object of servers', '{"mcpServers": ["notes"]}', /mcpServers: expected an object mapping aliases to servers/],
  ])('exits 2 on %s, naming the problem', async (_what, text, pattern) => {
    const path = join(tempDir(), 'mcp.config.json');
    writeFileSync(path, text);
    const r = await runCli(['--list-tools', '--config', path], {env: state()});
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(pattern);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });
});

describe('breakerbox --print', () => {
  it('answers with the offline model and reports calls on stderr', async () => {
    const r = await runCli(['--print', 'search my notes for pagination'], {env: state()});
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('notes/search received');
    expect(r.stderr).toContain('mcp__notes__search → notes/search: ok');
    expect(r.stderr).toContain('offline scripted model');
  });

  it('--json reports answer, stop reason, steps and calls', async () => {
    const script = join(tempDir(), 'script.json');
    writeFileSync(script, JSON.stringify({steps: [{tools: [{tool: 'mcp__notes__search', input: {query: 'pagination'}}, {tool: 'mcp__tickets__search', input: {query: 'login'}}]}, {text: 'done'}]}));
    const r = await runCli(['--print', 'both', '--json', '--script', script], {env: state()});
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({answer: 'done', stopReason: 'end_turn', steps: 2});
    expect(out.calls.map((c: any) => [c.name, c.server, c.tool, c.isError, c.protocolError])).toEqual([
      ['mcp__notes__search', 'notes', 'search', false, false],
      ['mcp__tickets__search', 'tickets', 'search', false, false],
    ]);
  });

  // Two runs of the CLI, each allowed runCli's 60 s: more than the default test timeout on a busy machine.
  it('denies calls that need approval and names the flag that would allow them', {timeout: 150_000}, async () => {
    const script = join(tempDir(), 'script.json');
    writeFileSync(script, JSON.stringify({steps: [{tool: 'mcp__tickets__close_ticket', input: {id: 'T-101'}}, {text: 'ok'}]}));
    const r = await runCli(['--print', 'close it', '--json', '--script', script], {env: state()});
    const out = JSON.parse(r.stdout);
    expect(out.calls[0].isError).toBe(true);
    expect(out.calls[0].text).toMatch(/--yes.*--allow mcp__tickets__close_ticket.*autoApprove/);
    const allowed = await runCli(['--print', 'close it', '--json', '--script', script, '--allow', 'mcp__tickets__*'], {env: state()});
    expect(JSON.parse(allowed.stdout).calls[0].isError).toBe(false);
  });

  it('exits 1 when the step limit stops the turn', async () => {
    const script = join(tempDir(), 'script.json');
    writeFileSync(script, JSON.stringify({repeat: true, steps: [{tool: 'mcp__notes__search', input: {query: 'a'}}]}));
    const r = await runCli(['--print', 'loop', '--json', '--script', script, '--max-steps', '3'], {env: state()});
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({stopReason: 'step_limit', steps: 3});
  });

  it('bad usage exits 2', async () => {
    expect((await runCli(['--print'])).code).toBe(2);
    expect((await runCli(['--max-steps', 'zero', '--print', 'x'])).code).toBe(2);
    expect((await runCli(['--bogus'])).stderr).toMatch(/Unknown option '--bogus'/);
  });
});

describe('without a terminal', () => {
  it('explains --print instead of crashing', async () => {
    const r = await runCli([], {env: state()});
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/needs an interactive terminal/);
    expect(r.stderr).toContain('--print');
  });

  it('--help and --version work', async () => {
    expect((await runCli(['--help'])).stdout).toContain('--list-tools');
    expect((await runCli(['--version'])).stdout).toMatch(/^breakerbox \d+\.\d+\.\d+/);
  });
});
