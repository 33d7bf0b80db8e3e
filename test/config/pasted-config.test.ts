// A config pasted from READMEs and other clients must come up: a problem of
// one entry keeps only that server offline (with the reason), keys other
// clients write are honoured or explained, and only a file that is not a JSON
// object of servers stops the app.
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {ConfigError, loadConfig, type HttpServerConfig, type StdioServerConfig} from '../../src/config/index.js';
import {parse, problems, reasonOf} from './helpers.js';

const ok = {command: 'node', args: ['server.mjs']};

describe('one broken entry keeps only that server offline', () => {
  it.each([
    ['a missing ${VAR} in env', {command: 'npx', env: {TOKEN: '${NOTION_TOKEN}'}}, /^mcpServers\.bad\.env\.TOKEN: \$\{NOTION_TOKEN\} is not set/],
    ['a missing ${VAR} in args', {command: 'npx', args: ['${ROOT}']}, /^mcpServers\.bad\.args\[0\]: \$\{ROOT\} is not set/],
    ['args as a string', {command: 'npx', args: '-y x'}, /^mcpServers\.bad\.args: expected an array of strings, got a string/],
    ['a misspelt key', {comand: 'npx'}, /^mcpServers\.bad\.comand: unknown key; did you mean `command`\?$/],
    ['headers on a local server', {command: 'npx', headers: {A: 'b'}}, /^mcpServers\.bad\.headers: does not apply to a local server/],
    ['both command and url', {command: 'npx', url: 'https://x.example/mcp'}, /^mcpServers\.bad\.url: a server has either "command"/],
    ['an unknown transport', {type: 'websocket', url: 'wss://x'}, /^mcpServers\.bad\.type: "websocket" is not a transport/],
    ['not an object', 'npx some-server', /^mcpServers\.bad: expected an object like/],
    ['a string where true or false goes', {command: 'npx', disabled: 'true'}, /disabled: expected true or false, got a string \(remove the quotes\)/],
  ])('%s', (_what, entry, reason) => {
    const config = parse({mcpServers: {good: ok, bad: entry, after: ok}});
    expect(config.servers.map((s) => s.alias)).toEqual(['good', 'bad', 'after']);
    expect(config.servers[0].cannotStart).toBeUndefined();
    expect(config.servers[2].cannotStart).toBeUndefined();
    expect(config.servers[1].cannotStart).toMatch(reason);
    expect(config.servers[1].disabled).toBe(false);
  });

  it('an alias breakerbox cannot use, or one defined twice, is offline with the fix', () => {
    expect(reasonOf({mcpServers: {'my__db': ok, good: ok}}, 'my__db')).toMatch(/alias must not contain "__".*try "my_db"/);
    const twice = '{"mcpServers": {"files": {"command": "a"}, "memory": {"command": "m"}, "files": {"command": "b"}}}';
    const config = parse(twice);
    expect(config.servers.find((s) => s.alias === 'files')!.cannotStart).toMatch(/^mcpServers: alias "files" is defined twice \(line 1, columns 17 and 72\); JSON keeps only the last, so rename or remove one$/);
    expect(config.servers.find((s) => s.alias === 'memory')!.cannotStart).toBeUndefined();
  });

  it('lists every problem of the entry in its reason', () => {
    const reason = reasonOf({mcpServers: {a: {command: 'x', args: 'y', env: {K: '${NOPE}'}, trusted: 'yes'}}}, 'a')!;
    expect(reason).toMatch(/args: expected an array/);
    expect(reason).toMatch(/trusted: expected true or false/);
  });

  it('the file itself still stops the app: malformed JSON, not an object, no servers object', () => {
    expect(() => parse('{"mcpServers": {"a": ')).toThrow(ConfigError);
    expect(() => parse('[]')).toThrow(ConfigError);
    expect(() => parse({mcpServers: []})).toThrow(/mcpServers: expected an object mapping aliases to servers/);
    expect(() => parse({servers: {}})).toThrow(/VS Code/);
  });

  it('a file saved as UTF-16 (Notepad\'s "Unicode") is refused naming the encoding, with or without a byte order mark', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bb-utf16-'));
    const json = '{"mcpServers": {"notes": {"command": "node"}}}';
    const withMark = join(dir, 'marked.json');
    writeFileSync(withMark, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(json, 'utf16le')]));
    expect(() => loadConfig(withMark, {})).toThrow(`${withMark}: is saved as UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8`);
    const bare = join(dir, 'bare.json');
    writeFileSync(bare, Buffer.from(json, 'utf16le'));
    expect(() => loadConfig(bare, {})).toThrow(/bare\.json: contains NUL bytes, so it is not UTF-8 text \(UTF-16, or not a config file at all\); save it as UTF-8$/);
  });

  it('a whole command line pasted into "command" is offline with the split written out, not "command not found"', () => {
    const PATH = '/usr/bin:/bin';
    expect(reasonOf({mcpServers: {mem: {command: 'npx -y @modelcontextprotocol/server-memory'}}}, 'mem', {PATH})).toBe(
      'mcpServers.mem.command: "npx -y @modelcontextprotocol/server-memory" is a whole command line, but breakerbox runs "command" without a shell; put the program in "command" and each argument in "args": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]}',
    );
    // Quotes would be split wrongly by hand: the fix is said without an example.
    expect(reasonOf({mcpServers: {q: {command: 'node "my server.js"'}}}, 'q', {PATH})).toMatch(/is a whole command line, but breakerbox runs "command" without a shell; put the program in "command" and each argument in "args"$/);
    // Spaces with args, or a program whose path really has spaces, are left alone.
    expect(reasonOf({mcpServers: {a: {command: 'npx -y', args: ['x']}}}, 'a', {PATH})).toBeUndefined();
    const dir = mkdtempSync(join(tmpdir(), 'bb-spaced-'));
    writeFileSync(join(dir, 'my server'), '');
    expect(reasonOf({mcpServers: {s: {command: join(dir, 'my server')}}}, 's', {PATH})).toBeUndefined();
    expect(reasonOf({mcpServers: {p: {command: 'my server'}}}, 'p', {PATH: `/usr/bin:${dir}`})).toBeUndefined();
  });

  it('the edit commands still refuse every problem (strict)', () => {
    expect(problems({mcpServers: {a: {command: 'x', env: {K: '${NOPE}'}}}})).toMatch(/^mcp\.config\.json: mcpServers\.a\.env\.K: \$\{NOPE\} is not set/);
  });
});

describe('a disabled entry is validated only for its shape', () => {
  it('an unset variable, a wrong type or an unknown key in it is no problem', () => {
    const config = parse({mcpServers: {off: {command: 'npx', args: ['${UNSET}'], env: {T: '${TOKEN}'}, timeoutt: 3, cwd: 5, disabled: true}, on: ok}});
    expect(config.servers[0]).toMatchObject({alias: 'off', disabled: true});
    expect(config.servers[0].cannotStart).toBeUndefined();
    expect(config.servers[1].disabled).toBe(false);
  });

  it('Codex\'s "enabled": false disables the entry too', () => {
    expect(parse({mcpServers: {off: {command: 'npx', args: ['${UNSET}'], enabled: false}}}).servers[0]).toMatchObject({disabled: true});
  });
});

describe('keys pasted from other clients', () => {
  const one = (entry: Record<string, unknown>) => parse({mcpServers: {s: {command: 'npx', ...entry}}}).servers[0] as StdioServerConfig;

  it.each([
    ['Claude Code / Gemini CLI timeout in ms', {timeout: 120000}, 120000, /"timeout": 120000 read as 120000 ms \(Claude Code and Gemini CLI's unit; Cline writes seconds\): write "callTimeoutMs": 120000/],
    ['Cline timeout in seconds', {timeout: 60}, 60000, /"timeout": 60 read as 60 s \(Cline's unit; Claude Code and Gemini CLI write milliseconds\): write "callTimeoutMs": 60000/],
    ['a large timeout beside Cline\'s alwaysAllow is seconds', {timeout: 3600, alwaysAllow: []}, 3_600_000, /read as 3600 s/],
    ['a small timeout beside Gemini\'s trust is milliseconds', {timeout: 500, trust: true}, 500, /read as 500 ms/],
    ['Codex tool_timeout_sec', {tool_timeout_sec: 45}, 45000, /"tool_timeout_sec": 45 read as 45000 ms \(Codex writes seconds\): write "callTimeoutMs": 45000/],
  ])('%s', (_what, entry, callTimeoutMs, warning) => {
    const s = one(entry);
    expect(s.callTimeoutMs).toBe(callTimeoutMs);
    expect(s.warning).toMatch(warning);
    expect(s.cannotStart).toBeUndefined();
  });

  it('Codex startup_timeout_sec and startup_timeout_ms set the startup timeout', () => {
    expect(one({startup_timeout_sec: 20}).startupTimeoutMs).toBe(20000);
    expect(one({startup_timeout_ms: 15000}).startupTimeoutMs).toBe(15000);
  });

  it('a value that cannot be read is refused with a hint, never ignored', () => {
    expect(one({timeout: 'soon'}).cannotStart).toMatch(/^mcpServers\.s\.timeout: "soon" cannot be read as .*"timeout": .*callTimeoutMs/);
    expect(one({startup_timeout_sec: -1}).cannotStart).toMatch(/startup_timeout_sec: -1 cannot be read as Codex's "startup_timeout_sec": seconds: write "startupTimeoutMs" in milliseconds/);
  });

  it('breakerbox\'s own key wins, and the other one is named as ignored', () => {
    const s = one({timeout: 60, callTimeoutMs: 5000});
    expect(s.callTimeoutMs).toBe(5000);
    expect(s.warning).toMatch(/"timeout" ignored: "callTimeoutMs" is set too/);
  });

  it('alwaysAllow is a synonym of autoApprove (both lists count)', () => {
    const s = one({alwaysAllow: ['read_file'], autoApprove: ['list_directory']});
    expect(s.autoApprove).toEqual(['list_directory', 'read_file']);
    expect(s.warning).toBeUndefined();
    expect(one({alwaysAllow: 'read_file'}).cannotStart).toMatch(/alwaysAllow: "read_file" cannot be read/);
  });

  it('tool lists and enabled are honoured with a warning naming the breakerbox key', () => {
    const s = one({disabledTools: ['delete'], enabled_tools: ['read']});
    expect(s.excludeTools).toEqual(['delete']);
    expect(s.includeTools).toEqual(['read']);
    expect(s.warning).toMatch(/write "excludeTools": \["delete"\]/);
  });

  it('keys without an equivalent get a warning that says so', () => {
    expect(one({trust: true}).warning).toMatch(/"trust" \(Gemini CLI\) has no breakerbox equivalent: .*autoApprove/);
    expect(one({envFile: '.env'}).warning).toMatch(/"envFile" \(VS Code and Cursor\) has no breakerbox equivalent: .*export the variables/);
  });

  it('a key that says where the server is cannot be skipped: that server is offline with the breakerbox spelling', () => {
    const s = parse({mcpServers: {g: {httpUrl: 'https://x.example/mcp'}}}).servers[0] as HttpServerConfig;
    expect(s.cannotStart).toMatch(/mcpServers\.g\.httpUrl: "httpUrl" is Gemini CLI's key: a Streamable HTTP server: write "url" with "type": "http"/);
  });
});

describe('a missing config file', () => {
  it('says where it looked and how to pass --config', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bb-missing-'));
    let message = '';
    try {
      loadConfig(join(dir, 'mcp.config.json'), {});
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain(`looked for ${join(dir, 'mcp.config.json')}`);
    expect(message).toMatch(/--config PATH/);
    expect(message).toMatch(/breakerbox add <alias> -- <command>/);
  });
});
