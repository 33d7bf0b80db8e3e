import {describe, expect, it} from 'vitest';
import {otherClientKey} from '../../src/config/other-client-keys.js';
import {CLIENT_IDS, clientFiles, placesFromEnv, type Places} from '../../src/config/other-clients.js';

const paths = (p: Places) => Object.fromEntries(CLIENT_IDS.map((c) => [c, clientFiles(c, p).filter((f) => f.scope === 'user').map((f) => f.path)[0]]));

describe('where other clients keep their servers', () => {
  it('on Linux (XDG_CONFIG_HOME honoured)', () => {
    expect(paths({platform: 'linux', home: '/home/u', cwd: '/w', xdgConfigHome: '/cfg'})).toEqual({
      'claude-desktop': '/cfg/Claude/claude_desktop_config.json',
      'claude-code': '/home/u/.claude.json',
      cursor: '/home/u/.cursor/mcp.json',
      vscode: '/cfg/Code/User/mcp.json',
      windsurf: '/home/u/.codeium/windsurf/mcp_config.json',
      codex: '/home/u/.codex/config.toml',
      gemini: '/home/u/.gemini/settings.json',
      cline: '/cfg/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
    });
  });

  it('on macOS', () => {
    const p = paths({platform: 'darwin', home: '/Users/u', cwd: '/w'});
    expect(p['claude-desktop']).toBe('/Users/u/Library/Application Support/Claude/claude_desktop_config.json');
    expect(p.vscode).toBe('/Users/u/Library/Application Support/Code/User/mcp.json');
    expect(p.cursor).toBe('/Users/u/.cursor/mcp.json');
  });

  it('on Windows (APPDATA, backslashes)', () => {
    const p = paths({platform: 'win32', home: 'C:\\Users\\u', cwd: 'C:\\w', appData: 'C:\\Users\\u\\AppData\\Roaming'});
    expect(p['claude-desktop']).toBe('C:\\Users\\u\\AppData\\Roaming\\Claude\\claude_desktop_config.json');
    expect(p['claude-code']).toBe('C:\\Users\\u\\.claude.json');
    expect(p.codex).toBe('C:\\Users\\u\\.codex\\config.toml');
    expect(clientFiles('vscode', {platform: 'win32', home: 'C:\\Users\\u', cwd: 'C:\\w'}).map((f) => f.path)).toEqual([
      'C:\\Users\\u\\AppData\\Roaming\\Code\\User\\mcp.json',
      'C:\\w\\.vscode\\mcp.json',
    ]);
  });

  it('project files and CODEX_HOME', () => {
    const places = placesFromEnv({HOME: '/h', CODEX_HOME: '/c'}, '/x', '/proj', 'linux');
    expect(clientFiles('claude-code', places).map((f) => [f.path, f.container])).toEqual([
      ['/h/.claude.json', 'mcpServers'],
      ['/h/.claude.json', 'claude-project'],
      ['/proj/.mcp.json', 'mcpServers'],
    ]);
    expect(clientFiles('codex', places)[0]!.path).toBe('/c/config.toml');
  });
});

describe('other clients\' keys', () => {
  it('timeout means milliseconds to Claude Code and Gemini CLI, seconds to Cline', () => {
    const rows = otherClientKey('timeout');
    expect(rows.map((r) => [r.clients, r.breakerboxKey, r.unit])).toEqual([
      [['claude-code', 'gemini'], 'callTimeoutMs', 'ms'],
      [['cline'], 'callTimeoutMs', 's'],
    ]);
    expect(otherClientKey('timeout', 'cline')[0]!.convert!(90)).toBe(90_000);
    expect(otherClientKey('timeout', 'gemini')[0]!.convert!(30000)).toBe(30_000);
  });

  it('Codex seconds become milliseconds; nonsense is not converted', () => {
    const [startup] = otherClientKey('startup_timeout_sec');
    expect(startup!.breakerboxKey).toBe('startupTimeoutMs');
    expect(startup!.convert!(20)).toBe(20_000);
    expect(startup!.convert!(0.5)).toBe(500);
    expect(startup!.convert!(-1)).toBeUndefined();
    expect(startup!.convert!('soon')).toBeUndefined();
    expect(otherClientKey('tool_timeout_sec')[0]!.convert!(90)).toBe(90_000);
  });

  it('maps synonyms and says when there is no equivalent', () => {
    expect(otherClientKey('alwaysAllow')[0]).toMatchObject({clients: ['cline'], breakerboxKey: 'autoApprove'});
    expect(otherClientKey('httpUrl')[0]).toMatchObject({clients: ['gemini'], breakerboxKey: 'url'});
    expect(otherClientKey('serverUrl')[0]).toMatchObject({clients: ['windsurf'], breakerboxKey: 'url'});
    expect(otherClientKey('enabled')[0]!.convert!(false)).toBe(true);
    expect(otherClientKey('bearer_token_env_var')[0]!.convert!('TOK')).toEqual({Authorization: 'Bearer ${TOK}'});
    expect(otherClientKey('env_vars')[0]!.convert!(['A', 'B'])).toEqual({A: '${A}', B: '${B}'});
    const trust = otherClientKey('trust')[0]!;
    expect(trust.breakerboxKey).toBeUndefined();
    expect(trust.note).toMatch(/autoApprove/);
    expect(otherClientKey('command')).toEqual([]);
  });
});
