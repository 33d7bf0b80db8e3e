// Where other MCP clients keep their server lists, per operating system. Pure
// data: `breakerbox import` reads these files; the key table beside it
// (other-client-keys.ts) says what their keys mean in breakerbox's terms.
import {posix, win32} from 'node:path';

/** The clients whose configs breakerbox knows. */
export const CLIENT_IDS = ['claude-desktop', 'claude-code', 'cursor', 'vscode', 'windsurf', 'codex', 'gemini', 'cline'] as const;
/** One of {@link CLIENT_IDS}. */
export type ClientId = (typeof CLIENT_IDS)[number];

/** Names people know the clients by. */
export const CLIENT_NAMES: Readonly<Record<ClientId, string>> = {
  'claude-desktop': 'Claude Desktop',
  'claude-code': 'Claude Code',
  cursor: 'Cursor',
  vscode: 'VS Code',
  windsurf: 'Windsurf',
  codex: 'Codex',
  gemini: 'Gemini CLI',
  cline: 'Cline',
};

/** The operating systems the table covers (Node's `process.platform` names). */
export type Platform = 'linux' | 'darwin' | 'win32';

/** Where to look: injected so tests can point at a fixture home on any OS. */
export interface Places {
  platform: Platform;
  home: string;
  /** The project directory (for project files such as `.mcp.json`). */
  cwd: string;
  /** `%APPDATA%` on Windows; defaults to `<home>\AppData\Roaming`. */
  appData?: string;
  /** `$XDG_CONFIG_HOME` on Linux; defaults to `<home>/.config`. */
  xdgConfigHome?: string;
  /** `$CODEX_HOME`; defaults to `<home>/.codex`. */
  codexHome?: string;
}

/** How servers sit inside a file. */
export type Container =
  /** `{"mcpServers": {...}}` */
  | 'mcpServers'
  /** VS Code: `{"servers": {...}, "inputs": [...]}` */
  | 'servers'
  /** Codex TOML: `[mcp_servers.<name>]` */
  | 'mcp_servers'
  /** Claude Code's `~/.claude.json`: `projects["<cwd>"].mcpServers` (servers added for one project only) */
  | 'claude-project';

/** One well-known file of a client. */
export interface ClientFile {
  client: ClientId;
  scope: 'user' | 'project';
  path: string;
  format: 'json' | 'toml';
  container: Container;
}

/** Places from a real environment. */
export function placesFromEnv(env: NodeJS.ProcessEnv, home: string, cwd: string, platform: string): Places {
  const os: Platform = platform === 'darwin' || platform === 'win32' ? platform : 'linux';
  return {
    platform: os,
    home: (os === 'win32' ? env.USERPROFILE : undefined) || env.HOME || home,
    cwd,
    ...(env.APPDATA ? {appData: env.APPDATA} : {}),
    ...(env.XDG_CONFIG_HOME ? {xdgConfigHome: env.XDG_CONFIG_HOME} : {}),
    ...(env.CODEX_HOME ? {codexHome: env.CODEX_HOME} : {}),
  };
}

/** Every file `client` may keep servers in, user files first. */
export function clientFiles(client: ClientId, p: Places): ClientFile[] {
  const path = p.platform === 'win32' ? win32 : posix;
  const home = (...rest: string[]) => path.join(p.home, ...rest);
  const project = (...rest: string[]) => path.join(p.cwd, ...rest);
  // Electron apps keep settings in the OS's application-data folder.
  const appDir = (...rest: string[]): string => {
    if (p.platform === 'darwin') return home('Library', 'Application Support', ...rest);
    if (p.platform === 'win32') return path.join(p.appData ?? home('AppData', 'Roaming'), ...rest);
    return path.join(p.xdgConfigHome ?? home('.config'), ...rest);
  };
  const file = (scope: ClientFile['scope'], at: string, container: Container = 'mcpServers', format: ClientFile['format'] = 'json'): ClientFile => ({client, scope, path: at, format, container});
  switch (client) {
    case 'claude-desktop':
      return [file('user', appDir('Claude', 'claude_desktop_config.json'))];
    case 'claude-code':
      return [file('user', home('.claude.json')), file('user', home('.claude.json'), 'claude-project'), file('project', project('.mcp.json'))];
    case 'cursor':
      return [file('user', home('.cursor', 'mcp.json')), file('project', project('.cursor', 'mcp.json'))];
    case 'vscode':
      return [file('user', appDir('Code', 'User', 'mcp.json'), 'servers'), file('project', project('.vscode', 'mcp.json'), 'servers')];
    case 'windsurf':
      return [file('user', home('.codeium', 'windsurf', 'mcp_config.json'))];
    case 'codex':
      return [file('user', path.join(p.codexHome ?? home('.codex'), 'config.toml'), 'mcp_servers', 'toml'), file('project', project('.codex', 'config.toml'), 'mcp_servers', 'toml')];
    case 'gemini':
      return [file('user', home('.gemini', 'settings.json')), file('project', project('.gemini', 'settings.json'))];
    case 'cline':
      return [file('user', appDir('Code', 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'settings', 'cline_mcp_settings.json'))];
  }
}
