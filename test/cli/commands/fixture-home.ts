// A home directory with one MCP config of each kind other clients write, as
// they write them (comments in VS Code's JSON, TOML for Codex, a Claude Code
// server scoped to one project), plus a project directory. Every literal
// secret is listed so tests can prove none is copied.
import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {PassThrough} from 'node:stream';
import type {CliIo} from '../../../src/cli/commands/io.js';

/** Values that must never appear in an imported file or in what import prints. */
export const SECRETS = ['ghp_FAKE1234567890abcdefFAKE1234567890ab', 'notes-secret-value-123', 'lin_api_FAKEFAKE123', 'tok-12345678901234567890abcd', 'wx-LITERAL-abc123', 'BSAfakefakefake123456', 'sk-other-github-token-000111'];

/** Builds the fixture; `home` and `project` are fresh temporary directories. */
export function fixtureHome(): {home: string; project: string; env: NodeJS.ProcessEnv} {
  const root = mkdtempSync(join(tmpdir(), 'bb-import-'));
  const home = join(root, 'home');
  const project = join(root, 'project');
  mkdirSync(project, {recursive: true});
  const put = (path: string, text: string) => {
    mkdirSync(dirname(path), {recursive: true});
    writeFileSync(path, text);
  };
  put(join(home, '.config/Claude/claude_desktop_config.json'), JSON.stringify({
    mcpServers: {
      filesystem: {command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/home/u/Documents']},
      github: {command: 'docker', args: ['run', '-i', '--rm', '-e', 'GITHUB_PERSONAL_ACCESS_TOKEN', 'ghcr.io/github/github-mcp-server'], env: {GITHUB_PERSONAL_ACCESS_TOKEN: SECRETS[0]}},
    },
    globalShortcut: 'Ctrl+Space',
  }, null, 2));
  put(join(home, '.claude.json'), JSON.stringify({
    numStartups: 12,
    mcpServers: {sentry: {type: 'http', url: 'https://mcp.sentry.dev/mcp', headers: {Authorization: 'Bearer ${SENTRY_TOKEN}'}}},
    projects: {
      [project]: {mcpServers: {'local-db': {type: 'stdio', command: 'uvx', args: ['mcp-server-sqlite', '--db-path', './data.db'], env: {}, timeout: 45000}}},
      '/some/other/project': {mcpServers: {elsewhere: {command: 'nope'}}},
    },
  }));
  put(join(project, '.mcp.json'), JSON.stringify({mcpServers: {filesystem: {command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/home/u/Documents']}}}));
  put(join(home, '.cursor/mcp.json'), JSON.stringify({
    mcpServers: {
      'My Notes!': {command: 'node', args: ['${userHome}/notes-server.js'], env: {NOTES_API_KEY: SECRETS[1], NOTES_DIR: '${env:NOTES_DIR}'}},
      linear: {url: 'https://mcp.linear.app/mcp', headers: {Authorization: `Bearer ${SECRETS[2]}`}},
    },
  }));
  put(join(project, '.vscode/mcp.json'), `{
  // VS Code asks for the key when it starts the server
  "inputs": [{"type": "promptString", "id": "perplexity-key", "description": "Perplexity API Key", "password": true}],
  "servers": {
    "perplexity": {"type": "stdio", "command": "npx", "args": ["-y", "server-perplexity-ask"], "env": {"PERPLEXITY_API_KEY": "\${input:perplexity-key}"}},
    "memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"], "envFile": "\${workspaceFolder}/.env", "env": {"MEMORY_FILE_PATH": "\${workspaceFolder}/memory.json"}},
  },
}
`);
  put(join(home, '.codeium/windsurf/mcp_config.json'), JSON.stringify({
    mcpServers: {
      context7: {serverUrl: 'https://mcp.context7.com/mcp', headers: {CONTEXT7_API_KEY: '${env:CONTEXT7_API_KEY}'}},
      github: {command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], env: {GITHUB_PERSONAL_ACCESS_TOKEN: SECRETS[6]}, disabled: true, disabledTools: ['delete_repository']},
    },
  }));
  put(join(home, '.codex/config.toml'), `model = "gpt-5"

[mcp_servers.docs]
command = "npx"
args = ["-y", "mcp-docs"]
env = { DOCS_TOKEN = "${SECRETS[3]}", LOG_LEVEL = "debug" }
startup_timeout_sec = 20
tool_timeout_sec = 90

[mcp_servers.figma]
url = "https://mcp.figma.com/mcp"
bearer_token_env_var = "FIGMA_TOKEN"

[mcp_servers.figma.http_headers]
X-Team = "design"
`);
  put(join(home, '.gemini/settings.json'), JSON.stringify({
    theme: 'dark',
    mcpServers: {
      weather: {httpUrl: 'https://weather.example.com/mcp', headers: {'X-API-Key': SECRETS[4]}, timeout: 30000, trust: true},
      'legacy-sse': {url: 'http://localhost:8080/sse'},
      local: {command: 'python', args: ['-m', 'my_server'], cwd: './server', env: {API_BASE: '$API_BASE_URL'}},
    },
  }));
  put(join(home, '.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json'), JSON.stringify({
    mcpServers: {brave: {command: 'npx', args: ['-y', '@modelcontextprotocol/server-brave-search'], env: {BRAVE_API_KEY: SECRETS[5]}, alwaysAllow: ['brave_web_search'], disabled: false, timeout: 120}},
  }));
  return {home, project, env: {HOME: home, PATH: process.env.PATH}};
}

/** An in-process io for a subcommand, with its output collected. */
export function testIo(cwd: string, env: NodeJS.ProcessEnv, o: {stdin?: string; tty?: boolean} = {}): CliIo & {out: () => string; err: () => string} {
  let out = '';
  let err = '';
  const stdin = new PassThrough() as PassThrough & {isTTY?: boolean};
  stdin.end(o.stdin ?? '');
  if (o.tty) stdin.isTTY = true;
  return {
    stdout: {write: (t: string) => (out += t), isTTY: o.tty},
    stderr: {write: (t: string) => (err += t)},
    stdin,
    env,
    cwd,
    platform: 'linux',
    out: () => out,
    err: () => err,
  };
}
