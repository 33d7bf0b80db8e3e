import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {run} from '../../../src/cli/commands/import.js';
import {parseChoice} from '../../../src/cli/commands/pick.js';
import {fixtureHome, SECRETS, testIo} from './fixture-home.js';

/** What `import --all` must write from the fixture home (project paths filled in). */
function expected(project: string) {
  return {
    mcpServers: {
      filesystem: {command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/home/u/Documents']},
      github: {command: 'docker', args: ['run', '-i', '--rm', '-e', 'GITHUB_PERSONAL_ACCESS_TOKEN', 'ghcr.io/github/github-mcp-server'], env: {GITHUB_PERSONAL_ACCESS_TOKEN: '${GITHUB_PERSONAL_ACCESS_TOKEN}'}},
      sentry: {type: 'http', url: 'https://mcp.sentry.dev/mcp', headers: {Authorization: 'Bearer ${SENTRY_TOKEN}'}},
      'local-db': {command: 'uvx', args: ['mcp-server-sqlite', '--db-path', './data.db'], env: {}, callTimeoutMs: 45000},
      'My-Notes': {command: 'node', args: ['${HOME}/notes-server.js'], env: {NOTES_API_KEY: '${NOTES_API_KEY}', NOTES_DIR: '${NOTES_DIR}'}},
      linear: {type: 'http', url: 'https://mcp.linear.app/mcp', headers: {Authorization: 'Bearer ${LINEAR_TOKEN}'}},
      perplexity: {command: 'npx', args: ['-y', 'server-perplexity-ask'], env: {PERPLEXITY_API_KEY: '${PERPLEXITY_KEY}'}},
      memory: {command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: {MEMORY_FILE_PATH: `${project}/memory.json`}},
      context7: {type: 'http', url: 'https://mcp.context7.com/mcp', headers: {CONTEXT7_API_KEY: '${CONTEXT7_API_KEY}'}},
      'github-windsurf': {command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], env: {GITHUB_PERSONAL_ACCESS_TOKEN: '${GITHUB_WINDSURF_GITHUB_PERSONAL_ACCESS_TOKEN}'}, disabled: true, excludeTools: ['delete_repository']},
      docs: {command: 'npx', args: ['-y', 'mcp-docs'], env: {DOCS_TOKEN: '${DOCS_TOKEN}', LOG_LEVEL: 'debug'}, startupTimeoutMs: 20000, callTimeoutMs: 90000},
      figma: {type: 'http', url: 'https://mcp.figma.com/mcp', headers: {'X-Team': 'design', Authorization: 'Bearer ${FIGMA_TOKEN}'}},
      weather: {type: 'http', url: 'https://weather.example.com/mcp', headers: {'X-API-Key': '${WEATHER_X_API_KEY}'}, callTimeoutMs: 30000},
      'legacy-sse': {type: 'sse', url: 'http://localhost:8080/sse'},
      local: {command: 'python', args: ['-m', 'my_server'], env: {API_BASE: '${API_BASE_URL}'}, cwd: './server'},
      brave: {command: 'npx', args: ['-y', '@modelcontextprotocol/server-brave-search'], env: {BRAVE_API_KEY: '${BRAVE_API_KEY}'}, autoApprove: ['brave_web_search'], disabled: false, callTimeoutMs: 120000},
    },
  };
}

describe('breakerbox import from a home with one config of each kind', () => {
  it('--all merges every server into a new mcp.config.json exactly as expected', async () => {
    const f = fixtureHome();
    const io = testIo(f.project, f.env);
    expect(await run(['--all'], io)).toBe(0);
    const written = JSON.parse(readFileSync(join(f.project, 'mcp.config.json'), 'utf8'));
    expect(written).toEqual(expected(f.project));
    // Same order as found: Claude Desktop, Claude Code, Cursor, VS Code, Windsurf, Codex, Gemini CLI, Cline.
    expect(Object.keys(written.mcpServers)).toEqual(Object.keys(expected(f.project).mcpServers));
    const out = io.out();
    expect(out).toMatch(/Found 17 servers in 9 files/);
    expect(out).toMatch(/My-Notes ← My Notes! \(Cursor, stdio\): renamed, "My Notes!" is not a valid alias/);
    expect(out).toMatch(/github-windsurf ← github \(Windsurf, stdio\): renamed, "github" is already taken/);
    expect(out).toMatch(/filesystem \(Claude Code\): the same server as "filesystem" from Claude Desktop/);
    expect(out).toMatch(/brave: timeout 120 \(seconds\) → callTimeoutMs 120000/);
    expect(out).toMatch(/docs: startup_timeout_sec 20 \(seconds\) → startupTimeoutMs 20000/);
    expect(out).toMatch(/weather: trust: breakerbox never skips/);
    expect(out).toMatch(/memory: envFile: breakerbox reads no \.env files/);
    expect(out).toMatch(/export PERPLEXITY_KEY=… {3}# VS Code asks for it \(input "perplexity-key": Perplexity API Key\)/);
    expect(out).toMatch(/export DOCS_TOKEN=… {3}# the value is in ~\/\.codex\/config\.toml at mcp_servers\.docs\.env\.DOCS_TOKEN/);
    expect(out).toMatch(/Variables the servers read from your environment: API_BASE_URL, CONTEXT7_API_KEY, FIGMA_TOKEN, HOME, NOTES_DIR, SENTRY_TOKEN/);
    expect(io.err()).toBe('');
  });

  it('never copies a secret: not into the file, not into what it prints', async () => {
    const f = fixtureHome();
    const io = testIo(f.project, f.env);
    expect(await run(['--all'], io)).toBe(0);
    const text = readFileSync(join(f.project, 'mcp.config.json'), 'utf8');
    for (const secret of SECRETS) {
      expect(text).not.toContain(secret);
      expect(io.out()).not.toContain(secret);
    }
    for (const name of ['GITHUB_PERSONAL_ACCESS_TOKEN', 'NOTES_API_KEY', 'LINEAR_TOKEN', 'GITHUB_WINDSURF_GITHUB_PERSONAL_ACCESS_TOKEN', 'DOCS_TOKEN', 'WEATHER_X_API_KEY', 'BRAVE_API_KEY']) {
      expect(io.out()).toContain(`export ${name}=…`);
    }
  });

  it('--dry-run prints the result and writes nothing', async () => {
    const f = fixtureHome();
    const io = testIo(f.project, f.env);
    expect(await run(['--dry-run', '--from', 'codex'], io)).toBe(0);
    expect(existsSync(join(f.project, 'mcp.config.json'))).toBe(false);
    const shown = io.out().split('would become (--dry-run: nothing written):\n')[1]!.split('\n\n')[0]!;
    expect(JSON.parse(shown)).toEqual({mcpServers: {docs: expected(f.project).mcpServers.docs, figma: expected(f.project).mcpServers.figma}});
    expect(io.out()).toMatch(/Would add 2 servers to mcp\.config\.json/);
  });

  it('--from and --only choose; an existing file keeps its bytes and gains the servers at the end', async () => {
    const f = fixtureHome();
    const before = '{\n    "$schema": "x",\n    "mcpServers": {\n        "notes": {"command": "node", "args": ["servers/notes.mjs"]}\n    }\n}\n';
    writeFileSync(join(f.project, 'mcp.config.json'), before);
    const io = testIo(f.project, f.env);
    expect(await run(['--from', 'gemini,cline', '--only', 'weather,brave'], io)).toBe(0);
    const after = readFileSync(join(f.project, 'mcp.config.json'), 'utf8');
    expect(after.startsWith(before.slice(0, before.indexOf('}\n    }') + 1))).toBe(true);
    expect(after).toContain('\n        "weather": {\n            "type": "http",');
    expect(Object.keys(JSON.parse(after).mcpServers)).toEqual(['notes', 'weather', 'brave']);
  });

  it('a server already in the file is not added twice; a different one with the same name is renamed', async () => {
    const f = fixtureHome();
    writeFileSync(join(f.project, 'mcp.config.json'), JSON.stringify({mcpServers: {docs: expected(f.project).mcpServers.docs, figma: {command: 'other'}}}, null, 2));
    const io = testIo(f.project, f.env);
    expect(await run(['--from', 'codex', '--all'], io)).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(join(f.project, 'mcp.config.json'), 'utf8')).mcpServers)).toEqual(['docs', 'figma', 'figma-codex']);
    expect(io.out()).toMatch(/docs \(Codex\): already in the config as "docs"/);
  });

  it('without a terminal and without --all/--only it lists and asks for a choice (exit 2)', async () => {
    const f = fixtureHome();
    const io = testIo(f.project, f.env);
    expect(await run(['--from', 'cursor'], io)).toBe(2);
    expect(io.out()).toMatch(/Found 2 servers in 1 file/);
    expect(io.err()).toMatch(/choose what to import: --all, or --only NAME,NAME/);
    expect(existsSync(join(f.project, 'mcp.config.json'))).toBe(false);
  });

  it('in a terminal it asks; a wrong answer is asked again; pasted lines pick by range', async () => {
    const f = fixtureHome();
    const io = testIo(f.project, f.env, {tty: true, stdin: '9\n1-2\n'});
    expect(await run(['--from', 'cursor,codex'], io)).toBe(0);
    expect(io.out()).toMatch(/9: choose numbers from 1 to 4/);
    expect(Object.keys(JSON.parse(readFileSync(join(f.project, 'mcp.config.json'), 'utf8')).mcpServers)).toEqual(['My-Notes', 'linear']);
  });

  it('refuses an unknown client and an unknown --only name with the list to pick from', async () => {
    const f = fixtureHome();
    const io = testIo(f.project, f.env);
    expect(await run(['--from', 'zed'], io)).toBe(2);
    expect(io.err()).toMatch(/--from "zed": not a client breakerbox knows; use one of claude-desktop, claude-code, cursor, vscode, windsurf, codex, gemini, cline/);
    const io2 = testIo(f.project, f.env);
    expect(await run(['--from', 'codex', '--only', 'nope'], io2)).toBe(2);
    expect(io2.err()).toMatch(/--only: no server named "nope" was found; found: docs, figma/);
  });

  it('says where it looked when nothing is found, and reports an unreadable file without stopping', async () => {
    const f = fixtureHome();
    writeFileSync(join(f.home, '.gemini/settings.json'), '{"mcpServers": {');
    const io = testIo(f.project, f.env);
    expect(await run(['--from', 'gemini'], io)).toBe(0);
    expect(io.err()).toMatch(/~\/\.gemini\/settings\.json: invalid JSON at line 1: .*; skipped/);
    expect(io.out()).toMatch(/No MCP servers found\. Looked in:\n {2}~\/\.gemini\/settings\.json/);
  });
});

describe('the numbered choice', () => {
  const names = ['a', 'b', 'My Notes!', 'd'];
  it.each([
    ['1,3', [0, 2]],
    ['2-4', [1, 2, 3]],
    ['all', [0, 1, 2, 3]],
    ['', []],
    ['My-Notes d', [2, 3]],
  ])('%j picks %j', (answer, picked) => expect(parseChoice(answer, names)).toEqual({picked}));
  it('says what is wrong', () => {
    expect(parseChoice('0', names)).toEqual({error: '0: choose numbers from 1 to 4'});
    expect(parseChoice('zz', names)).toEqual({error: 'zz: no such number or server name'});
  });
});
