// Shared plumbing for the interop suite: real servers, started the way a user
// would start them (a config file on disk, loaded and expanded by breakerbox).
import {execFileSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {configFeatures, hubServers} from '../../src/cli/setup.js';
import {loadConfig, type Config} from '../../src/config/index.js';
import type {HubEvent, TraceLine} from '../../src/hub/hub-events.js';
import {Hub, type HubOptions, type HubServer, type StdioHubServer} from '../../src/hub/hub.js';
import type {ClientFeatures} from '../../src/session/server-requests.js';

export const ROOT = resolve(import.meta.dirname, '../..');
export const BIN = (name: string) => join(ROOT, 'node_modules', '.bin', name);
export const PKG = (name: string, ...rest: string[]) => join(ROOT, 'node_modules', '@modelcontextprotocol', name, ...rest);

/** A scratch directory removed by `cleanup()`. */
export function scratch(prefix: string): {dir: string; cleanup: () => void} {
  const dir = mkdtempSync(join(tmpdir(), `bb-interop-${prefix}-`));
  return {dir, cleanup: () => rmSync(dir, {recursive: true, force: true})};
}

/** Writes `mcp.config.json` into `dir` and loads it with breakerbox's own loader. */
export function writeConfig(dir: string, mcpServers: Record<string, unknown>, env: NodeJS.ProcessEnv = process.env): {path: string; config: Config} {
  const path = join(dir, 'mcp.config.json');
  writeFileSync(path, JSON.stringify({mcpServers}, null, 2));
  return {path, config: loadConfig(path, env)};
}

/** Everything a test wants to look at after the fact. */
export interface Recorder {
  events: HubEvent[];
  trace: Map<string, TraceLine[]>;
  /** Raw JSON-RPC messages per alias, in and out. */
  raw: Map<string, Array<{direction: string; message: Record<string, unknown>}>>;
}

export interface StartedHub {
  hub: Hub;
  servers: HubServer[];
  rec: Recorder;
}

/** Builds a hub from a loaded config exactly as the CLI does (hubServers + configFeatures), recording traffic. */
export function hubFromConfig(config: Config, options: Partial<HubOptions> & {features?: (s: HubServer) => ClientFeatures} = {}, env: NodeJS.ProcessEnv = process.env): StartedHub {
  const servers = hubServers(config, env);
  const rec: Recorder = {events: [], trace: new Map(), raw: new Map()};
  const byAlias = new Map(config.servers.map((s) => [s.alias, s] as const));
  const hub = new Hub({
    servers,
    features: options.features ?? ((s) => configFeatures(byAlias.get(s.alias)!)),
    trace: true,
    rawTrace: (alias, event) => {
      if (event.direction === 'noise' || event.direction === 'transport') return;
      const list = rec.raw.get(alias) ?? [];
      list.push({direction: event.direction, message: event.message});
      rec.raw.set(alias, list);
    },
    onEvent: (event) => {
      rec.events.push(event);
      if (event.type === 'trace/recorded') {
        const list = rec.trace.get(event.alias) ?? [];
        list.push(event.entry);
        rec.trace.set(event.alias, list);
      }
    },
    ...withoutFeatures(options),
  });
  return {hub, servers, rec};
}

function withoutFeatures(o: Partial<HubOptions>): Partial<HubOptions> {
  const {features: _f, ...rest} = o;
  return rest;
}

/** The model-facing name of `alias`'s tool `tool`, or undefined when it is not in the catalog. */
export function modelName(hub: Hub, alias: string, tool: string): string | undefined {
  return hub.catalog.entries.find((e) => e.alias === alias && e.tool === tool)?.name;
}

/** Original tool names of one server, in catalog order. */
export function toolsOf(hub: Hub, alias: string): string[] {
  return hub.catalog.entries.filter((e) => e.alias === alias).map((e) => e.tool);
}

/** Raw messages of one alias whose method is `method`. */
export function rawMessages(rec: Recorder, alias: string, method: string) {
  return (rec.raw.get(alias) ?? []).filter((m) => m.message.method === method);
}

export interface Proc {
  pid: number;
  ppid: number;
  args: string;
}

/** The process table, from `ps -eo pid,ppid,args`. */
export function processTable(): Proc[] {
  const out = execFileSync('ps', ['-eo', 'pid,ppid,args'], {encoding: 'utf8'});
  return out
    .split('\n')
    .slice(1)
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({pid: Number(m[1]), ppid: Number(m[2]), args: m[3]!}));
}

/** Every live descendant of `root` (default: this test process), excluding the `ps` that looked. */
export function descendants(root = process.pid): Proc[] {
  // Not ps itself, and not breakerbox's reaper (one per process, it outlives the hub on purpose).
  const table = processTable().filter((p) => !/^ps -eo/.test(p.args) && !/breakerbox-reaper/.test(p.args));
  const out: Proc[] = [];
  const frontier = [root];
  while (frontier.length) {
    const parent = frontier.pop()!;
    for (const p of table) {
      if (p.ppid === parent && !out.some((o) => o.pid === p.pid)) {
        out.push(p);
        frontier.push(p.pid);
      }
    }
  }
  return out;
}

/** Live processes (by pid) out of `procs`. */
export function stillAlive(procs: Proc[]): Proc[] {
  const live = new Set(processTable().filter((p) => !p.args.includes('<defunct>')).map((p) => p.pid));
  return procs.filter((p) => live.has(p.pid));
}

/** A 1×1 PNG, for read_media_file. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The tool names the official TypeScript SDK client sees from the same server
 * with the same client capabilities: an independent oracle for "every tool".
 */
export async function sdkToolNames(server: StdioHubServer, capabilities: Record<string, unknown>): Promise<string[]> {
  const {Client} = await import('@modelcontextprotocol/sdk/client/index.js');
  const {StdioClientTransport} = await import('@modelcontextprotocol/sdk/client/stdio.js');
  const client = new Client({name: 'oracle', version: '0'}, {capabilities});
  const transport = new StdioClientTransport({command: server.command, args: server.args, cwd: server.cwd, env: server.env, stderr: 'ignore'});
  await client.connect(transport);
  try {
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : {cursor});
      names.push(...page.tools.map((t) => t.name));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return names;
  } finally {
    await client.close();
  }
}
