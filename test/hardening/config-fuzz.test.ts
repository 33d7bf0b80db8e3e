// Config fuzz: in process, parseConfig only ever throws ConfigError (with
// every problem prefixed by the file name); through the CLI a handful of bad
// files each exit 2 with a message and never a stack trace.
import {chmodSync, mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {ConfigError, loadConfig, MAX_CONFIG_BYTES, parseConfig} from '../../src/config/index.js';
import {runCli} from '../helpers/cli.js';
import {tempDir} from '../helpers/hub.js';
import {anyConfigText, anyEnv, classifyParse, mutatedSeed, randomText, SEED, structuredConfig} from './config-arbitraries.js';

const onlyConfigErrors = (text: string, env: NodeJS.ProcessEnv = {}) => {
  const r = classifyParse(text, env);
  if (r.kind === 'other') throw r.error;
};

describe('parseConfig fuzz', () => {
  it('the seed parses', () => {
    expect(parseConfig(SEED, '/tmp/fuzz/mcp.config.json', {}).servers.map((s) => s.alias)).toEqual(['notes', 'tickets', 'gh-2']);
  });

  it('structurally plausible configs with wrong types and hostile keys', () => {
    fc.assert(fc.property(structuredConfig, anyEnv, onlyConfigErrors), {numRuns: 1_000});
  });

  it('truncated and mutated real configs', () => {
    fc.assert(fc.property(mutatedSeed, anyEnv, onlyConfigErrors), {numRuns: 1_500});
  });

  it('random text and random JSON', () => {
    fc.assert(fc.property(randomText, (text) => onlyConfigErrors(text)), {numRuns: 1_000});
  });

  it('a mix of everything produces both valid configs and errors (the generators reach both)', () => {
    const kinds = fc.sample(anyConfigText, {numRuns: 600, seed: 42}).map((t) => classifyParse(t).kind);
    expect(kinds).toContain('ok');
    expect(kinds).toContain('config-error');
    expect(kinds).not.toContain('other');
  });

  it('text over 4 MiB is refused before parsing, as is a file over 4 MiB before reading', () => {
    const huge = `{"mcpServers": {"a": {"command": "x", "pad": "${'x'.repeat(MAX_CONFIG_BYTES)}"}}}`;
    const started = Date.now();
    expect(() => parseConfig(huge, 'big.json', {})).toThrow(ConfigError);
    expect(() => parseConfig(huge, 'big.json', {})).toThrow(/is larger than 4194304 characters/);
    const path = join(tempDir('bb-cfg-'), 'big.json');
    writeFileSync(path, huge);
    expect(() => loadConfig(path, {})).toThrow(/is \d+ bytes; a config file is at most 4194304/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('files that are not configs: a directory, binary bytes, a BOM, invalid UTF-8', () => {
    const dir = tempDir('bb-cfg-');
    const sub = join(dir, 'sub');
    mkdirSync(sub);
    expect(() => loadConfig(sub, {})).toThrow(/is a directory/);
    expect(() => loadConfig(join(dir, 'missing.json'), {})).toThrow(/no such file/);
    for (const bytes of [Buffer.from([0xff, 0xfe, 0x00, 0x7b]), Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), Buffer.from('{"mcpServers": {"a": {"command": "\xc3\x28"}}}', 'latin1'), Buffer.alloc(1000, 0)]) {
      const path = join(dir, 'f.json');
      writeFileSync(path, bytes);
      try {
        loadConfig(path, {});
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
      }
    }
  });

  // Found here: the problem list used to be spread into push(), which overflows the stack
  // for a few hundred thousand problems; and it was never capped for printing.
  it('300,000 unset ${VAR}s are reported as problems (one screen of them, a short offline reason), not as an internal error', () => {
    const text = JSON.stringify({mcpServers: {a: {command: '${UNSET_BB}'.repeat(300_000)}}});
    expect(text.length).toBeLessThan(4 * 1024 * 1024); // under the size limit, so the problems are what is reported
    // At startup that one server is offline, its reason naming the first few.
    const reason = parseConfig(text, 'vars.json', {}).servers[0]!.cannotStart!;
    expect(reason).toMatch(/^mcpServers\.a\.command: \$\{UNSET_BB\} is not set/);
    expect(reason).toMatch(/; … and 299995 more problems in this entry$/);
    let message = '';
    try {
      parseConfig(text, 'vars.json', {}, {strict: true});
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^vars\.json: mcpServers\.a\.command: \$\{UNSET_BB\} is not set/);
    expect(message.split('\n')).toHaveLength(31);
    expect(message).toMatch(/… and 299970 more problems$/);
  });
});

describe('breakerbox --list-tools with bad config files', () => {
  // Nine CLI runs at once: on a busy two-core machine one may need more than runCli's default 60 s.
  it('exits 2 with a one-screen message, never a stack trace', async () => {
    const dir = tempDir('bb-cfg-cli-');
    const huge = join(dir, 'huge.json');
    writeFileSync(huge, `{"mcpServers": {"a": {"command": "x"}}, "pad": "${'x'.repeat(5 * 1024 * 1024)}"}`);
    const unreadable = join(dir, 'unreadable.json');
    writeFileSync(unreadable, '{}');
    chmodSync(unreadable, 0o000);
    const cases: Array<[string, string | Buffer | null]> = [
      ['truncated.json', SEED.slice(0, SEED.length / 2)],
      ['random.json', Buffer.from(Array.from({length: 3000}, (_, i) => (i * 7919 + 13) % 256))],
      ['deep.json', '['.repeat(100_000)],
      ['empty.json', ''],
      ['not-an-object.json', '[1, 2, 3]'],
      ['huge.json', null],
      ['unreadable.json', null],
    ];
    const results = await Promise.all(
      cases.map(async ([name, content]) => {
        const path = join(dir, name);
        if (content !== null) writeFileSync(path, content);
        return [name, await runCli(['--list-tools', '--config', path], {env: {XDG_STATE_HOME: tempDir('bb-state-')}, timeoutMs: 180_000})] as const;
      }),
    );
    for (const [name, r] of results) {
      expect(r.code, `${name}: ${r.stderr}`).toBe(2);
      expect(r.stderr, name).toMatch(/^breakerbox: \S/);
      expect(r.stderr, name).not.toMatch(/\n\s+at |unexpected error|RangeError|TypeError/);
      expect(r.stdout, name).toBe('');
      expect(r.stderr.length, name).toBeLessThan(20_000);
    }
    const byName = Object.fromEntries(results);
    expect(byName['huge.json']!.stderr).toMatch(/a config file is at most 4194304/);
    expect(byName['deep.json']!.stderr).toMatch(/nested more than 200 levels deep/);
    // Root reads anything; otherwise the permission problem is named.
    if (process.getuid?.() !== 0) expect(byName['unreadable.json']!.stderr).toMatch(/permission denied/);
  }, 200_000);

  it('entries with wrong types or hostile aliases are offline with their reasons; the app goes on', async () => {
    const dir = tempDir('bb-cfg-cli-');
    const path = join(dir, 'mixed.json');
    writeFileSync(path, '{"mcpServers": {"notes": {"command": 42, "args": "x", "env": [], "startupTimeoutMs": "5", "trusted": "yes"}, "__proto__": {"command": "x"}, "constructor": {"command": "x"}, "a__b": {"command": "x"}}}');
    const r = await runCli(['--list-tools', '--json', '--config', path], {env: {XDG_STATE_HOME: tempDir('bb-state-')}});
    expect(r.code, r.stderr).toBe(0);
    const servers = JSON.parse(r.stdout).servers as Array<{alias: string; state: string; phase: string; reason: string}>;
    expect(servers.map((s) => s.alias)).toEqual(['notes', '__proto__', 'constructor', 'a__b']);
    expect(servers[0]).toMatchObject({state: 'offline', phase: 'config'});
    expect(servers[0]!.reason).toMatch(/mcpServers\.notes\.command: expected a string, got a number/);
    expect(servers[1]!.reason).toMatch(/alias must not contain "__"/);
    expect(servers[3]!.reason).toMatch(/alias must not contain "__"/);
    // "constructor" is a fine alias: it starts (and fails to spawn "x"), nothing more.
    expect(servers[2]).toMatchObject({state: 'offline', phase: 'spawn'});
  }, 60_000);
});
