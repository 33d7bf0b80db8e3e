// What the checks run against: the bundled servers (as the config launches
// them, so a broken config shows), purpose-built servers, and hubs over them.
// Every hub starts at once, in parallel; each check awaits only what it uses.
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {childEnv, loadConfig, type StdioServerConfig} from '../config/index.js';
import {Driver} from '../driver/driver.js';
import type {HubEvent} from '../hub/hub-events.js';
import {Hub, type HubOptions, type HubServer, type StdioHubServer} from '../hub/hub.js';
import type {PageRecord} from '../session/list-tools.js';
import {initialState, type ServerView} from '../state/app-state.js';
import {createStore, type Store} from '../state/store.js';
import {RUN_ALL, NO_MODEL} from './loop-probe.js';

/** The package's `servers/` directory (the same from `src/` under tsx and from `dist/`). */
export const SERVERS_DIR = fileURLToPath(new URL('../../servers/', import.meta.url));
const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The self-check never waits longer than this for a server to start. */
export const STARTUP_CAP_MS = 10_000;
/** The per-tool timeout of chaos `hang` in check 10. */
export const HANG_TIMEOUT_MS = 500;
/** Alias of the server that cannot start (check 8). */
export const GHOST = 'ghost';

/** A hub, the store its events build, and what it reported. */
export interface Observed {
  hub: Hub;
  /** The app's store, fed by the hub's events through a driver: what the checks read of a server. */
  store: Store;
  /** The server row of `alias` in the store. */
  row(alias: string): ServerView | undefined;
  /** tools/list pages per alias, of the latest listing. */
  pages: Map<string, PageRecord[]>;
  /** Every event the hub emitted, in order. */
  events: HubEvent[];
  /** Every tools/call sent on the wire: JSON-RPC id and original tool name. */
  sentCalls: Array<{alias: string; id: unknown; tool: unknown}>;
  ready: Promise<void>;
}

/** Everything the checks share. */
export interface Fixtures {
  notes: StdioHubServer;
  tickets: StdioHubServer;
  /** Where the notes and tickets definitions came from, for the header line. */
  source: string;
  /** notes + tickets + a server whose command does not exist. */
  main: Promise<Observed>;
  /** check-names.mjs: names the model API refuses. */
  names: Promise<Observed>;
  /** chaos `ok` with a short `hang` timeout and a cancellation log. */
  chaos: Promise<Observed>;
  /** chaos `ok` that checks 11 may crash; restarts after 200 ms. */
  crashy: Promise<Observed>;
  chaosLog: string;
  close(): Promise<void>;
}

/** Starts every fixture; `configPath` supplies notes and tickets when it exists (throws ConfigError when invalid). */
export function startFixtures(configPath: string | undefined, env: NodeJS.ProcessEnv): Fixtures {
  const {notes, tickets, source} = bundledServers(configPath, env);
  const tmp = mkdtempSync(join(tmpdir(), 'breakerbox-self-check-'));
  const chaosLog = join(tmp, 'chaos-cancelled.log');
  const server = (alias: string, file: string, extraEnv: Record<string, string> = {}, patch: Partial<StdioHubServer> = {}): StdioHubServer => ({
    ...defaults(alias, env),
    args: [join(SERVERS_DIR, file)],
    env: childEnv({env: extraEnv}, env),
    ...patch,
  });
  // A bare name, looked up in PATH like any configured command, that no one has installed.
  const ghost: StdioHubServer = {...defaults(GHOST, env), command: 'breakerbox-self-check-no-such-command', args: []};
  const hubs = {
    main: observe([notes, tickets, ghost]),
    names: observe([server('names', 'check-names.mjs')]),
    chaos: observe([server('chaos', 'chaos.mjs', {CHAOS_MODE: 'ok', CHAOS_LOG_FILE: chaosLog}, {toolTimeouts: {hang: HANG_TIMEOUT_MS}})], {circuit: {threshold: 1_000}}),
    crashy: observe([server('chaos', 'chaos.mjs', {CHAOS_MODE: 'ok'})], {restart: {baseMs: 200, maxTries: 3}}),
  };
  return {
    notes,
    tickets,
    source,
    main: hubs.main.ready.then(() => hubs.main),
    names: hubs.names.ready.then(() => hubs.names),
    chaos: hubs.chaos.ready.then(() => hubs.chaos),
    crashy: hubs.crashy.ready.then(() => hubs.crashy),
    chaosLog,
    async close() {
      await Promise.all(Object.values(hubs).map((o) => o.hub.close().catch(() => {})));
      rmSync(tmp, {recursive: true, force: true});
    },
  };
}

function observe(servers: HubServer[], extra: Partial<HubOptions> = {}): Observed {
  const pages = new Map<string, PageRecord[]>();
  const events: HubEvent[] = [];
  const sentCalls: Observed['sentCalls'] = [];
  let driver: Driver | undefined;
  const hub = new Hub({
    servers,
    ...extra,
    rawTrace(alias, event) {
      if (event.direction === 'out' && event.message.method === 'tools/call') {
        sentCalls.push({alias, id: event.message.id, tool: (event.message.params as {name?: unknown} | undefined)?.name});
      }
    },
    onEvent(event) {
      events.push(event);
      if (event.type === 'server/page-listed') pages.set(event.alias, [...(event.page.index === 1 ? [] : (pages.get(event.alias) ?? [])), event.page]);
      driver?.hubEvent(event);
    },
  });
  const store = createStore(initialState({servers: hub.statuses()}));
  driver = new Driver({store, hub, model: NO_MODEL, maxSteps: 1, rules: RUN_ALL, interactive: false});
  const row = (alias: string) => (Object.hasOwn(store.getState().servers.byAlias, alias) ? store.getState().servers.byAlias[alias] : undefined);
  return {hub, store, row, pages, events, sentCalls, ready: driver.start()};
}

function defaults(alias: string, env: NodeJS.ProcessEnv): StdioHubServer {
  return {alias, command: process.execPath, args: [], cwd: PACKAGE_ROOT, env: childEnv({env: {}}, env), startupTimeoutMs: STARTUP_CAP_MS, callTimeoutMs: 30_000, toolTimeouts: {}, excludeTools: []};
}

/** notes and tickets as the config launches them, else as bundled. */
function bundledServers(configPath: string | undefined, env: NodeJS.ProcessEnv): {notes: StdioHubServer; tickets: StdioHubServer; source: string} {
  const config = configPath && existsSync(configPath) ? loadConfig(configPath, env) : undefined;
  const pick = (alias: string, file: string): StdioHubServer => {
    // The checks spawn processes, so only local entries qualify.
    const local = config?.servers.filter((x): x is StdioServerConfig => x.type === 'stdio') ?? [];
    const s = local.find((x) => x.alias === alias) ?? local.find((x) => x.args.some((a) => a.endsWith(file)));
    return s ? fromConfig(s, env) : {...defaults(alias, env), args: [join(SERVERS_DIR, file)]};
  };
  return {notes: pick('notes', 'notes.mjs'), tickets: pick('tickets', 'tickets.mjs'), source: config ? config.path : 'the bundled servers (no config file)'};
}

function fromConfig(s: StdioServerConfig, env: NodeJS.ProcessEnv): StdioHubServer {
  return {...s, env: childEnv(s, env), startupTimeoutMs: Math.min(s.startupTimeoutMs, STARTUP_CAP_MS)};
}
