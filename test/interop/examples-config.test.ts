// examples/official-servers.json is meant to be copied by users: it must load,
// expand as documented, and name the same packages this suite runs. Nothing
// here runs npx (no network in tests).
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {configFeatures, hubServers} from '../../src/cli/setup.js';
import {loadConfig, type StdioServerConfig} from '../../src/config/index.js';
import type {StdioHubServer} from '../../src/hub/hub.js';
import {ROOT} from './helpers.js';

const EXAMPLE = join(ROOT, 'examples', 'official-servers.json');
const HOME_ONLY = {HOME: '/home/ada', PATH: '/usr/bin:/bin'};

describe('examples/official-servers.json', () => {
  it('loads with loadConfig: four npx servers, in file order', () => {
    const config = loadConfig(EXAMPLE, HOME_ONLY) as {servers: StdioServerConfig[]};
    expect(config.servers.map((s) => s.alias)).toEqual(['filesystem', 'memory', 'sequential-thinking', 'everything']);
    for (const s of config.servers) {
      expect(s.command).toBe('npx');
      expect(s.args[0]).toBe('-y');
      expect(s.args[1]).toMatch(/^@modelcontextprotocol\/server-[a-z-]+@/);
      expect(s.disabled).toBe(false);
      expect(s.startupTimeoutMs).toBeGreaterThanOrEqual(20_000); // a first npx download is slow
    }
  });

  it('the filesystem directory is ${HOME}-based, with a ${VAR:-default} part', () => {
    const fallback = (loadConfig(EXAMPLE, HOME_ONLY).servers as StdioServerConfig[]).find((s) => s.alias === 'filesystem')!;
    expect(fallback.args[2]).toBe('/home/ada/mcp-files');
    const chosen = (loadConfig(EXAMPLE, {...HOME_ONLY, BREAKERBOX_FILES_DIR: 'projects'}).servers as StdioServerConfig[]).find((s) => s.alias === 'filesystem')!;
    expect(chosen.args[2]).toBe('/home/ada/projects');
    // Empty counts as unset for `:-`, as in sh.
    const empty = (loadConfig(EXAMPLE, {...HOME_ONLY, BREAKERBOX_FILES_DIR: ''}).servers as StdioServerConfig[]).find((s) => s.alias === 'filesystem')!;
    expect(empty.args[2]).toBe('/home/ada/mcp-files');
  });

  it('memory keeps its store under ${HOME}, not inside the npx cache', () => {
    const memory = (loadConfig(EXAMPLE, HOME_ONLY).servers as StdioServerConfig[]).find((s) => s.alias === 'memory')!;
    expect(memory.env).toEqual({MEMORY_FILE_PATH: '/home/ada/.breakerbox-memory.jsonl'});
  });

  it('without HOME each server that needs it is offline, saying which variable is missing', () => {
    const servers = loadConfig(EXAMPLE, {PATH: '/usr/bin'}).servers;
    expect(servers.find((s) => s.alias === 'filesystem')!.cannotStart).toMatch(/mcpServers\.filesystem\.args\[2\].*\$\{HOME\} is not set/);
    expect(servers.find((s) => s.alias === 'memory')!.cannotStart).toMatch(/mcpServers\.memory\.env\.MEMORY_FILE_PATH.*\$\{HOME\} is not set/);
    expect(servers.find((s) => s.alias === 'everything')!.cannotStart).toBeUndefined();
  });

  it('builds hub servers: the child gets PATH and HOME from the allowlist plus the config env, and no roots are declared', () => {
    const config = loadConfig(EXAMPLE, HOME_ONLY);
    const servers = hubServers(config, {...HOME_ONLY, ANTHROPIC_API_KEY: 'sk-secret'}) as StdioHubServer[];
    for (const s of servers) {
      expect(s.env.PATH).toBe('/usr/bin:/bin');
      expect(s.env.HOME).toBe('/home/ada');
      expect(s.env.ANTHROPIC_API_KEY).toBeUndefined();
    }
    expect(servers.find((s) => s.alias === 'sequential-thinking')!.env.DISABLE_THOUGHT_LOGGING).toBe('true');
    for (const s of config.servers) expect(configFeatures(s)).toEqual({});
  });

  it('pins the very versions this interop suite runs, each a package with a bin', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {devDependencies: Record<string, string>};
    for (const s of loadConfig(EXAMPLE, HOME_ONLY).servers as StdioServerConfig[]) {
      const [, name, version] = /^(@[^@]+)@(.+)$/.exec(s.args[1]!)!;
      expect(pkg.devDependencies[name!], name).toBe(version);
      const manifest = JSON.parse(readFileSync(join(ROOT, 'node_modules', name!, 'package.json'), 'utf8')) as {bin: Record<string, string>};
      const bins = Object.values(manifest.bin);
      expect(bins).toHaveLength(1); // npx -y <pkg> runs the only bin
      expect(existsSync(join(ROOT, 'node_modules', name!, bins[0]!))).toBe(true);
    }
  });
});
