import {execFileSync, spawn} from 'node:child_process';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {ConfigError, loadConfig, type StdioServerConfig} from '../../src/config/index.js';
import {parse, problems, writeConfig} from './helpers.js';

describe('loadConfig: valid files', () => {
  it('reads a Claude Desktop style file and applies every default', () => {
    const path = writeConfig(JSON.stringify({mcpServers: {notes: {command: 'npx', args: ['-y', 'notes-server'], env: {NOTES_DIR: '/tmp'}}}}));
    const config = loadConfig(path, {});
    expect(config.path).toBe(path);
    expect(config.servers).toEqual([
      {
        alias: 'notes', type: 'stdio', command: 'npx', args: ['-y', 'notes-server'], env: {NOTES_DIR: '/tmp'},
        disabled: false, trusted: false, autoApprove: [], startupTimeoutMs: 30000, installTimeoutMs: 600000, callTimeoutMs: 60000, toolTimeouts: {},
        excludeTools: [], roots: [], sampling: false, onToolChange: 'withhold', protocol: 'auto', extra: {},
      },
    ]);
  });

  it('reads every breakerbox key', () => {
    const [s] = parse({
      mcpServers: {
        t: {
          type: 'stdio', command: 'node', args: [], disabled: false, trusted: true, autoApprove: ['get.item'], startupTimeoutMs: 5000, installTimeoutMs: 90000,
          callTimeoutMs: 1000, toolTimeouts: {'slow.op': 120000}, includeTools: ['a'], excludeTools: ['b'], roots: ['/data'], sampling: true,
        },
      },
    }).servers;
    expect(s).toMatchObject({
      disabled: false, trusted: true, autoApprove: ['get.item'], startupTimeoutMs: 5000, installTimeoutMs: 90000, callTimeoutMs: 1000,
      toolTimeouts: {'slow.op': 120000}, includeTools: ['a'], excludeTools: ['b'], roots: ['/data'], sampling: true,
    });
  });

  it('protocol: "auto" by default; "legacy" and every version breakerbox speaks are accepted; anything else is named', () => {
    const server = (protocol: unknown) => ({mcpServers: {p: {command: 'x', ...(protocol === undefined ? {} : {protocol})}}});
    expect(parse(server(undefined)).servers[0]!.protocol).toBe('auto');
    for (const v of ['auto', 'legacy', '2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']) expect(parse(server(v)).servers[0]!.protocol).toBe(v);
    expect(problems(server('2027-01-01'))).toBe(
      'mcp.config.json: mcpServers.p.protocol: "2027-01-01" is not "auto" (detect, the default), "legacy" (the initialize handshake) or a version breakerbox speaks: 2026-07-28 (modern) and 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05 (legacy)',
    );
    expect(problems(server('modern'))).toMatch(/protocol: "modern" is not "auto"/);
    expect(problems(server(20261128))).toMatch(/protocol: expected "auto" .*, got a number/);
    expect(problems({mcpServers: {p: {command: 'x', protocolVersion: 'legacy'}}})).toMatch(/protocolVersion: unknown key; did you mean `protocol`\?/);
  });

  it('keeps file order, even for aliases that look like numbers', () => {
    const text = '{"mcpServers": {"zeta": {"command": "z"}, "2": {"command": "b"}, "alpha": {"command": "a"}, "1": {"command": "c"}}}';
    expect(parse(text).servers.map((s) => s.alias)).toEqual(['zeta', '2', 'alpha', '1']);
  });

  it('resolves a relative cwd and roots against the config file directory', () => {
    const path = writeConfig(JSON.stringify({mcpServers: {a: {command: 'x', cwd: 'srv', roots: ['docs', '/abs']}}}));
    const [s] = loadConfig(path, {}).servers as StdioServerConfig[];
    expect(s.cwd).toBe(join(dirname(path), 'srv'));
    expect(s.roots).toEqual([join(dirname(path), 'docs'), '/abs']);
  });

  it('keeps unknown keys (top level and per server) without complaint', () => {
    const config = parse({$schema: 'https://example/schema.json', other: 1, mcpServers: {a: {command: 'x', version: 30, tags: ['x']}}});
    expect(config.extra).toEqual({$schema: 'https://example/schema.json', other: 1});
    expect(config.servers[0].extra).toEqual({version: 30, tags: ['x']});
  });

  it('accepts an empty mcpServers object and a BOM', () => {
    expect(parse('\ufeff{"mcpServers": {}}').servers).toEqual([]);
  });
});

describe('loadConfig: unreadable files', () => {
  it('reports a missing file, a directory and a huge file as ConfigError', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bb-config-'));
    expect(() => loadConfig(join(dir, 'nope.json'), {})).toThrow(/nope\.json: cannot read the config file: no such file/);
    expect(() => loadConfig(dir, {})).toThrow(ConfigError);
    const huge = writeConfig(`{"mcpServers": {}, "pad": "${'x'.repeat(5 * 1024 * 1024)}"}`);
    expect(() => loadConfig(huge, {})).toThrow(/at most/);
  });

  it('reads a pipe (no size to go by) whole, past the first buffer, multi-byte text intact', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bb-config-'));
    const fifo = join(dir, 'config.pipe');
    execFileSync('mkfifo', [fifo]);
    const text = JSON.stringify({mcpServers: {notes: {command: 'node', args: ['é'.repeat(20_000)]}}});
    const source = join(dir, 'source.json');
    writeFileSync(source, text);
    // The writer runs on its own: opening the pipe for reading blocks until it opens it for writing.
    const writer = spawn('sh', ['-c', 'cat "$0" > "$1"', source, fifo], {stdio: 'ignore'});
    try {
      const [server] = loadConfig(fifo, {}).servers as StdioServerConfig[];
      expect(server!.args).toEqual(['é'.repeat(20_000)]);
    } finally {
      writer.kill();
    }
  });

  it('reports empty files and non-object tops', () => {
    expect(problems('')).toMatch(/^mcp\.config\.json: the file is empty/);
    expect(problems('  \n ')).toMatch(/the file is empty/);
    expect(problems('[]')).toMatch(/^mcp\.config\.json: expected a JSON object at the top level, got an array/);
    expect(problems('null')).toMatch(/got null/);
    expect(problems('"x"')).toMatch(/got a string/);
  });

  it('reports invalid JSON with line:column', () => {
    expect(problems('{\n  "mcpServers": {\n    "a": {"command": "x" "args": []}\n  }\n}')).toBe(
      `mcp.config.json:3:26: invalid JSON: expected ',' or '}' after a property value, found '"'`,
    );
    expect(problems('{"mcpServers": {"a": {"command": "x",}}}')).toMatch(/^mcp\.config\.json:1:38: invalid JSON: trailing comma/);
    expect(problems('{\n // note\n "mcpServers": {}}')).toMatch(/^mcp\.config\.json:2:2: invalid JSON: comments are not allowed/);
    expect(problems('{"mcpServers": {"a": {"command": "x')).toMatch(/unterminated string/);
    expect(problems('{"mcpServers": {}} x')).toMatch(/after the end of the JSON value/);
  });

  it('asks for mcpServers when it is missing or misspelt', () => {
    expect(problems({})).toMatch(/^mcp\.config\.json: missing "mcpServers"/);
    expect(problems({servers: {}})).toMatch(/VS Code/);
    expect(problems({mcpServer: {}})).toBe('mcp.config.json: mcpServer: unknown key; did you mean `mcpServers`?');
    expect(problems({mcp_servers: {}})).toMatch(/did you mean `mcpServers`/);
    expect(problems({mcpServers: []})).toMatch(/^mcp\.config\.json: mcpServers: expected an object mapping aliases to servers, got an array/);
  });
});

describe('loadConfig: wrong shapes', () => {
  it('names the file, the JSON path and the fix', () => {
    expect(problems({mcpServers: {notes: {command: 'x', args: 'x'}}})).toMatch(
      /^mcp\.config\.json: mcpServers\.notes\.args: expected an array of strings, got a string \(write \["x"\]\)$/,
    );
    expect(problems({mcpServers: {notes: {command: 'x', args: ['a', 2]}}})).toBe('mcp.config.json: mcpServers.notes.args[1]: expected a string, got a number');
    expect(problems({mcpServers: {notes: {args: []}}})).toMatch(/mcpServers\.notes\.command: is required/);
    expect(problems({mcpServers: {notes: {command: ' '}}})).toMatch(/command: must not be empty/);
    expect(problems({mcpServers: {notes: 'npx notes'}})).toMatch(/mcpServers\.notes: expected an object like/);
    expect(problems({mcpServers: {notes: {command: 'x', env: {PORT: 3000}}}})).toMatch(/mcpServers\.notes\.env\.PORT: expected a string \(quote numbers/);
    expect(problems({mcpServers: {notes: {command: 'x', disabled: 'true'}}})).toMatch(/disabled: expected true or false, got a string \(remove the quotes\)/);
  });

  it('lists every problem, one per line', () => {
    const msg = problems({mcpServers: {a: {command: 1, args: 'x'}, b: {command: 'x', trusted: 'yes', toolTimeouts: {t: -1}}}});
    const lines = msg.split('\n');
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line.startsWith('mcp.config.json: mcpServers.')).toBe(true);
    expect(msg).toMatch(/toolTimeouts\.t: expected a whole number of milliseconds/);
  });

  it('bounds timeouts to what setTimeout can honour', () => {
    for (const bad of [0, -5, 1.5, 2 ** 31, '30000']) {
      expect(problems({mcpServers: {a: {command: 'x', startupTimeoutMs: bad}}})).toMatch(/startupTimeoutMs: expected a whole number of milliseconds/);
    }
    expect(parse({mcpServers: {a: {command: 'x', callTimeoutMs: 2 ** 31 - 1}}}).servers[0].callTimeoutMs).toBe(2 ** 31 - 1);
  });

  it('refuses NUL characters that would make spawn throw later', () => {
    expect(problems({mcpServers: {a: {command: 'x', args: ['a\0b']}}})).toMatch(/args\[0\]: must not contain a NUL/);
    expect(problems({mcpServers: {a: {command: 'x', env: {'A=B': 'v'}}}})).toMatch(/not a valid environment variable name/);
  });

  it('names the transports it knows when "type" is something else', () => {
    expect(problems({mcpServers: {remote: {type: 'websocket', url: 'wss://x'}}})).toBe(
      'mcp.config.json: mcpServers.remote.type: "websocket" is not a transport breakerbox knows: use "stdio" (with a "command") or "http" (with a "url"), or leave "type" out',
    );
  });
});

describe('loadConfig: did you mean', () => {
  it.each([
    ['comand', 'command'],
    ['arg', 'args'],
    ['enviroment', 'env'],
    ['environment', 'env'],
    ['disable', 'disabled'],
    ['autoapprove', 'autoApprove'],
    ['auto_approve', 'autoApprove'],
    ['excludeTool', 'excludeTools'],
    ['trustd', 'trusted'],
  ])('%s → %s', (typo, meant) => {
    const server: Record<string, unknown> = {command: 'x', [typo]: typo === 'arg' ? ['a'] : true};
    if (typo === 'comand') delete server.command;
    const msg = problems({mcpServers: {notes: server}});
    expect(msg).toContain(`mcp.config.json: mcpServers.notes.${typo}: unknown key; did you mean \`${meant}\`?`);
    // The misspelt `comand` does not also produce "command is required".
    expect(msg.split('\n')).toHaveLength(1);
  });

  it('leaves unrelated unknown keys alone', () => {
    for (const key of ['tags', 'description', 'name', 'notes']) {
      const [s] = parse({mcpServers: {a: {command: 'x', [key]: 1}}}).servers;
      expect(s.cannotStart).toBeUndefined();
      expect(s.warning).toBeUndefined();
    }
  });
});

describe('loadConfig: hostile names', () => {
  it('never lets a tool name find Object.prototype members in toolTimeouts or env', () => {
    const [s] = parse('{"mcpServers": {"constructor": {"command": "x", "toolTimeouts": {"slow": 5}, "env": {"A": "b"}}}}').servers;
    expect(s.alias).toBe('constructor');
    expect(s.toolTimeouts.toString).toBeUndefined();
    expect(s.toolTimeouts.constructor).toBeUndefined();
    expect(s.toolTimeouts.slow).toBe(5);
    expect((s as StdioServerConfig).env.hasOwnProperty).toBeUndefined();
    expect({...(s as StdioServerConfig).env}).toEqual({A: 'b'});
  });
});
