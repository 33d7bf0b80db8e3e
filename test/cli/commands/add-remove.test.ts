import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {run as add} from '../../../src/cli/commands/add.js';
import {run as remove} from '../../../src/cli/commands/remove.js';
import {ConfigError, parseConfig} from '../../../src/config/index.js';
import {runCli} from '../../helpers/cli.js';
import {testIo} from './fixture-home.js';

// Four-space indent, a compact entry, an unusual key order and a top-level key after the block.
const ORIGINAL = `{
    "mcpServers": {
        "notes": {"command": "node", "args": ["servers/notes.mjs"]},
        "tickets": {
            "args": ["servers/tickets.mjs"],
            "command": "node",
            "trusted": true
        },
        "chaos": {"command": "node", "args": ["servers/chaos.mjs"]}
    },
    "$schema": "./schema.json"
}
`;

function project(text = ORIGINAL): {dir: string; file: string; read: () => string} {
  const dir = mkdtempSync(join(tmpdir(), 'bb-add-'));
  const file = join(dir, 'mcp.config.json');
  writeFileSync(file, text);
  return {dir, file, read: () => readFileSync(file, 'utf8')};
}

describe('breakerbox add', () => {
  it('appends a stdio server after the last one, in the file\'s own indentation, and changes nothing else', async () => {
    const p = project();
    const io = testIo(p.dir, {});
    expect(await add(['memory', '--env', 'MEMORY_FILE_PATH=${HOME}/memory.json', '--', 'npx', '-y', '@modelcontextprotocol/server-memory'], io)).toBe(0);
    expect(p.read()).toBe(ORIGINAL.replace(
      '"args": ["servers/chaos.mjs"]}\n',
      '"args": ["servers/chaos.mjs"]},\n        "memory": {\n            "command": "npx",\n            "args": ["-y", "@modelcontextprotocol/server-memory"],\n            "env": {\n                "MEMORY_FILE_PATH": "${HOME}/memory.json"\n            }\n        }\n',
    ));
    expect(io.out()).toBe('Added "memory" to mcp.config.json: npx -y @modelcontextprotocol/server-memory\n');
  });

  it('adds a remote server as {"type": "http", "url", "headers"}', async () => {
    const p = project('{"mcpServers": {}}');
    const io = testIo(p.dir, {});
    await add(['api', '--url', 'https://mcp.example.com/mcp', '--header', 'Authorization=Bearer ${API_TOKEN}'], io);
    // Written only when this build's loader accepts remote servers; otherwise refused with the loader's text.
    const text = p.read();
    if (io.err() === '') expect(JSON.parse(text).mcpServers.api).toEqual({type: 'http', url: 'https://mcp.example.com/mcp', headers: {Authorization: 'Bearer ${API_TOKEN}'}});
    else expect(io.err()).toMatch(/^breakerbox: mcp\.config\.json: mcpServers\.api\.(type|url): /);
  });

  it('creates the file when there is none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bb-add-'));
    expect(await add(['notes', '--', 'node', 'servers/notes.mjs'], testIo(dir, {}))).toBe(0);
    expect(readFileSync(join(dir, 'mcp.config.json'), 'utf8')).toBe('{\n  "mcpServers": {\n    "notes": {\n      "command": "node",\n      "args": ["servers/notes.mjs"]\n    }\n  }\n}\n');
  });

  it.each([
    [['bad__alias', '--', 'node', 'x.mjs'], {command: 'node', args: ['x.mjs']}],
    [['way-too-long-alias-for-any-model-tool-name', '--', 'node'], {command: 'node'}],
    [['blank', '--', '  '], {command: '  '}],
    [['weird', '--env', 'A=${NOT A VAR}', '--', 'node'], {command: 'node', env: {A: '${NOT A VAR}'}}],
  ])('refuses %j with the text startup prints for the same file', async (argv, entry) => {
    const p = project();
    const io = testIo(p.dir, {});
    expect(await add(argv as string[], io)).toBe(2);
    expect(p.read()).toBe(ORIGINAL);
    const alias = (argv as string[])[0]!;
    const asIfWritten = JSON.stringify({mcpServers: {...JSON.parse(ORIGINAL).mcpServers, [alias]: entry}});
    let strict = '';
    try {
      parseConfig(asIfWritten, 'mcp.config.json', {HOME: '/h'}, {strict: true});
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      strict = (err as Error).message;
    }
    expect(strict).not.toBe('');
    expect(io.err()).toBe(`breakerbox: ${strict}\n`);
    // Startup keeps such an entry offline with the very same words as its reason.
    const offline = parseConfig(asIfWritten, 'mcp.config.json', {HOME: '/h'}).servers.find((s) => s.alias === alias);
    expect(offline?.cannotStart).toBe(strict.split('\n').map((line) => line.replace(/^mcp\.config\.json: /, '')).join('; '));
  });

  it('refuses an alias that exists, and usage mistakes, with exit 2', async () => {
    const p = project();
    const io = testIo(p.dir, {});
    expect(await add(['notes', '--', 'node'], io)).toBe(2);
    expect(io.err()).toMatch(/mcpServers\.notes: already exists/);
    const io2 = testIo(p.dir, {});
    expect(await add(['x', 'node'], io2)).toBe(2);
    expect(io2.err()).toMatch(/the server's command goes after --/);
    expect(p.read()).toBe(ORIGINAL);
  });

  it.each([
    ['--type sse, a transport that would never start', ['old', '--url', 'https://x.example/sse', '--type', 'sse'], '--type sse: breakerbox does not speak the HTTP+SSE transport of 2024-11-05; if the server also offers Streamable HTTP (often at /mcp rather than /sse), add that URL'],
    ['an --env name given twice (the last would win unseen)', ['x', '--env', 'A=1', '--env', 'A=2', '--', 'node'], '--env "A" is given twice; give each name once'],
    ['a header given twice in another case (one header)', ['x', '--url', 'https://x.example/mcp', '--header', 'X-Key=1', '--header', 'x-key=2'], '--header "x-key" is given twice; give each name once'],
  ])('refuses %s with exit 2 and writes nothing', async (_what, argv, message) => {
    const p = project();
    const io = testIo(p.dir, {});
    expect(await add(argv, io)).toBe(2);
    expect(io.err()).toContain(`breakerbox: ${message}`);
    expect(p.read()).toBe(ORIGINAL);
  });

  it('writes a name as given, "__proto__" included (not dropped by an assignment)', async () => {
    const p = project('{"mcpServers": {}}\n');
    expect(await add(['x', '--env', '__proto__=v', '--env', 'B=1', '--', 'node'], testIo(p.dir, {}))).toBe(0);
    expect(p.read()).toContain('"__proto__": "v"');
    expect(Object.keys(JSON.parse(p.read()).mcpServers.x.env)).toEqual(['__proto__', 'B']);
  });

  it('warns when a literal secret goes into the file', async () => {
    const p = project();
    const io = testIo(p.dir, {});
    expect(await add(['gh', '--env', 'GITHUB_TOKEN=ghp_abcdefabcdef1234567890', '--', 'github-mcp-server', 'stdio'], io)).toBe(0);
    expect(io.err()).toMatch(/warning: env\.GITHUB_TOKEN looks like a secret .* write "\$\{GITHUB_TOKEN\}" instead/);
  });
});

describe('breakerbox remove', () => {
  it.each([
    ['notes', '        "notes": {"command": "node", "args": ["servers/notes.mjs"]},\n'],
    ['tickets', '        "tickets": {\n            "args": ["servers/tickets.mjs"],\n            "command": "node",\n            "trusted": true\n        },\n'],
  ])('removes %s with its line and comma, nothing else', async (alias, lines) => {
    const p = project();
    expect(await remove([alias], testIo(p.dir, {}))).toBe(0);
    expect(p.read()).toBe(ORIGINAL.replace(lines, ''));
  });

  it('an entry sharing its line with the next one goes alone: the next keeps its indentation', async () => {
    const p = project('{"mcpServers": {\n    "a": {"command": "x"}, "b": {"command": "y"}\n  }}\n');
    expect(await remove(['a'], testIo(p.dir, {}))).toBe(0);
    expect(p.read()).toBe('{"mcpServers": {\n    "b": {"command": "y"}\n  }}\n');
  });

  it('removes the last server and the comma before it', async () => {
    const p = project();
    expect(await remove(['chaos'], testIo(p.dir, {}))).toBe(0);
    expect(p.read()).toBe(ORIGINAL.replace('},\n        "chaos": {"command": "node", "args": ["servers/chaos.mjs"]}\n', '}\n'));
  });

  it('removing every server leaves an empty block; add then fills it again', async () => {
    const p = project('{"mcpServers": {"a": {"command": "x"}}}\n');
    expect(await remove(['a'], testIo(p.dir, {}))).toBe(0);
    expect(p.read()).toBe('{"mcpServers": {}}\n');
    expect(await add(['b', '--', 'y'], testIo(p.dir, {}))).toBe(0);
    expect(JSON.parse(p.read())).toEqual({mcpServers: {b: {command: 'y'}}});
  });

  it('refuses an alias defined twice (JSON keeps the last: removing the first would leave it running)', async () => {
    const text = '{"mcpServers": {"a": {"command": "x"}, "a": {"command": "y"}}}\n';
    const p = project(text);
    const io = testIo(p.dir, {});
    expect(await remove(['a'], io)).toBe(2);
    expect(io.err()).toBe('breakerbox: mcp.config.json: mcpServers: alias "a" is defined twice; remove or rename one by hand (nothing was changed)\n');
    expect(p.read()).toBe(text);
  });

  it.each([
    ['add', ['c', '--', 'node']],
    ['remove', ['a']],
  ])('%s refuses a file the loader cannot parse, naming the place in the file as it is', async (command, argv) => {
    const text = '{\n  "mcpServers": {\n    "a": {"command": "x"}, // the old one\n    "b": {"command": "y"}\n  }\n}\n';
    const p = project(text);
    const io = testIo(p.dir, {});
    expect(await (command === 'add' ? add : remove)(argv, io)).toBe(2);
    expect(io.err()).toBe('breakerbox: mcp.config.json:3:28: invalid JSON: comments are not allowed in JSON\nmcp.config.json: nothing was changed; fix the file first\n');
    expect(p.read()).toBe(text);
  });

  it('names the servers there are when the alias is unknown', async () => {
    const p = project();
    const io = testIo(p.dir, {});
    expect(await remove(['nope'], io)).toBe(2);
    expect(io.err()).toBe('breakerbox: mcp.config.json: mcpServers.nope: no such server; the servers are: notes, tickets, chaos\n');
  });
});

describe('the subcommands through the real CLI', () => {
  it('add, remove and import run from bin/breakerbox.cjs', async () => {
    const p = project('{"mcpServers": {}}\n');
    const home = mkdtempSync(join(tmpdir(), 'bb-home-'));
    expect((await runCli(['add', 'notes', '--', 'node', 'servers/notes.mjs'], {cwd: p.dir})).code).toBe(0);
    expect((await runCli(['remove', 'notes'], {cwd: p.dir})).code).toBe(0);
    const r = await runCli(['import', '--dry-run'], {cwd: p.dir, env: {HOME: home}});
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/No MCP servers found\. Looked in:/);
    expect(p.read()).toBe('{"mcpServers": {}}\n');
  });
});
