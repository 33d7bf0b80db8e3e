// The command-line grammar: actions are subcommands from one dispatch table,
// modes are flags; bad numbers and repeated single-valued flags are refused;
// a reader that stops early (`| head -1`) ends the run quietly.
import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {parseCli, UsageError} from '../../src/cli/args.js';
import {runCommand, type CommandEntry} from '../../src/cli/commands/index.js';
import type {CliIo} from '../../src/cli/commands/io.js';
import {runCli, runCliFirstLine} from '../helpers/cli.js';
import {tempDir} from '../helpers/hub.js';
import {ROOT} from '../helpers/servers.js';

function memoryIo(): CliIo & {out: string; err: string} {
  const io = {env: {}, cwd: '/', stdin: process.stdin, out: '', err: '', stdout: {write: (t: string) => (io.out += t)}, stderr: {write: (t: string) => (io.err += t)}};
  return io;
}

describe('subcommands', () => {
  it('runs the named command with the arguments after its name', async () => {
    const seen: string[][] = [];
    const table: Record<string, CommandEntry> = {
      greet: {summary: 'says hello', load: async () => ({run: async (argv, io) => (seen.push(argv), io.stdout.write('hello\n'), 3)})},
    };
    const io = memoryIo();
    expect(await runCommand(['greet', '--loud', 'x'], io, table)).toBe(3);
    expect(seen).toEqual([['--loud', 'x']]);
    expect(io.out).toBe('hello\n');
  });

  it('an unknown command exits 2 and lists the known ones', async () => {
    const table: Record<string, CommandEntry> = {greet: {summary: 'says hello', load: async () => ({run: async () => 0})}};
    const io = memoryIo();
    expect(await runCommand(['toString'], io, table)).toBe(2);
    expect(io.err).toContain('unknown command "toString"');
    expect(io.err).toMatch(/greet\s+says hello/);
  });

  it('breakerbox with an unknown command exits 2 without starting anything', async () => {
    const r = await runCli(['frobnicate', '--json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown command "frobnicate"');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('flags', () => {
  it.each(['99999999999999999999', '1001', '0', '1e3', '0x10', ' 5'])('--max-steps %j is refused, naming the bounds', (value) => {
    expect(() => parseCli(['--print', 'q', '--max-steps', value])).toThrow(new UsageError(`--max-steps needs a whole number from 1 to 1000, got ${JSON.stringify(value)}`));
  });

  it('--max-steps at the bounds is taken', () => {
    expect(parseCli(['--print', 'q', '--max-steps', '1000']).maxSteps).toBe(1000);
    expect(parseCli(['--print', 'q', '--max-steps', '1']).maxSteps).toBe(1);
  });

  it('--result-cap is bounded the same way', () => {
    expect(() => parseCli(['--result-cap', '99999999999999999999'])).toThrow(/--result-cap needs a whole number from 1 to 10000000/);
  });

  it.each([
    [['-p', 'first', '-p', 'second']],
    [['--print', 'first', '--print', 'second']],
    [['-p', 'first', '--print=second']],
  ])('a repeated question (%j) is refused, not silently replaced', (argv) => {
    expect(() => parseCli(argv)).toThrow(/--print was given 2 times \("first", "second"\); give it once/);
  });

  it('a repeated --config is refused too; a repeated --allow is a list', () => {
    expect(() => parseCli(['--config', 'a.json', '--config', 'b.json'])).toThrow(/--config was given 2 times/);
    expect(parseCli(['--allow', 'a', '--allow', 'b']).allow).toEqual(['a', 'b']);
  });

  it('the real command line exits 2 on a repeated -p', async () => {
    const r = await runCli(['-p', 'one', '-p', 'two']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--print was given 2 times');
  });
});

describe('a reader that stops after one line (| head -1)', () => {
  it('--print with a long answer exits quietly', async () => {
    const dir = tempDir('bb-pipe-');
    const script = join(dir, 'long.json');
    writeFileSync(script, JSON.stringify({steps: [{text: Array.from({length: 20_000}, (_, i) => `line ${i} of a long answer`).join('\n')}]}));
    const r = await runCliFirstLine(['--print', 'long', '--script', script], {env: {XDG_STATE_HOME: dir}});
    expect(r.stdout).toBe('line 0 of a long answer');
    expect(r.stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect(r.code).toBe(0);
  });

  it('--list-tools with 10,000 tools exits quietly after closing its servers', async () => {
    const dir = tempDir('bb-pipe-');
    const config = join(dir, 'mcp.config.json');
    writeFileSync(config, JSON.stringify({mcpServers: {many: {command: process.execPath, args: [join(ROOT, 'test/fixtures/many-tools.mjs')]}}}));
    const r = await runCliFirstLine(['--list-tools', '--config', config], {env: {XDG_STATE_HOME: dir}});
    expect(r.stdout).toBe('Servers');
    expect(r.stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect(r.code).toBe(0);
  });

  it('--sessions with thousands of sessions exits quietly', async () => {
    const dir = tempDir('bb-pipe-');
    const sessions = join(dir, 'breakerbox', 'sessions');
    mkdirSync(sessions, {recursive: true});
    for (let i = 0; i < 3_000; i++) {
      const id = `2026-01-01T00-00-00-${i.toString(16).padStart(4, '0')}`;
      writeFileSync(join(sessions, `${id}.jsonl`), `{"type":"user","at":"2026-01-01T00:00:00.000Z","text":"question number ${i} about something long enough to fill a pipe"}\n`);
    }
    const r = await runCliFirstLine(['--sessions'], {env: {XDG_STATE_HOME: dir}});
    expect(r.stdout).toMatch(/^ID\s+STARTED/);
    expect(r.stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect(r.code).toBe(0);
  });
});
