import {createHash} from 'node:crypto';
import {chmodSync} from 'node:fs';
import {basename, dirname, join, resolve} from 'node:path';
import {childEnv, type Config, type ServerConfig} from '../config/index.js';
import type {ClientFeatures} from '../session/server-requests.js';
import {configuredRoots} from '../agent/client-features.js';
import type {ApprovalRules} from '../agent/approvals.js';
import type {Model, ProviderName} from '../agent/model.js';
import {deferredModel} from '../agent/models/deferred.js';
import {anthropicFacts, OFFLINE_FACTS, openAIFacts, resolveAnthropicModel, resolveOpenAIModel} from '../agent/models/provider-facts.js';
import type {HubServer} from '../hub/hub.js';
import type {LoginPrompt} from '../auth/prompt.js';
import type {ServerAuth} from '../auth/server-auth.js';
import {openPinStore} from '../hub/trust/pin-file.js';
import {MemoryPinStore, type PinStore} from '../hub/trust/pins.js';
import {privateDir, stateDir} from '../util/state-dir.js';
import {serverFingerprint, type ServerFingerprint} from '../util/server-fingerprint.js';
import {ServerRecordStore} from '../util/server-record.js';
import {RecordPinStore} from '../hub/trust/record-pins.js';
import {UsageError, type CliOptions} from './args.js';

/** Config servers as the hub starts them: each with its finished child environment and its fingerprint, remote ones with their auth. */
export function hubServers(config: Config, parentEnv: NodeJS.ProcessEnv, auth?: ReadonlyMap<string, ServerAuth>): Array<ServerConfig & HubServer> {
  return config.servers.map((s) =>
    s.type === 'http'
      ? {...s, auth: auth?.get(s.alias), fingerprint: fingerprintOf(s)}
      : {...s, env: childEnv(s, parentEnv), fingerprint: fingerprintOf(s)},
  );
}

/** Every server eager or lazy whatever its config says (`--lazy`, the list modes); as configured when `force` is undefined. */
export function startPolicy<T extends {start?: 'eager' | 'lazy'}>(servers: T[], force: 'eager' | 'lazy' | undefined): T[] {
  return force ? servers.map((s) => ({...s, start: force})) : servers;
}

/** Who a configured server is across runs (keys its record). */
export function fingerprintOf(s: ServerConfig): ServerFingerprint {
  return s.type === 'http'
    ? serverFingerprint({kind: 'http', alias: s.alias, url: s.url, headers: s.headers})
    : // The config's own env (not PATH, HOME…), and the directory the server really runs in.
      serverFingerprint({kind: 'stdio', alias: s.alias, command: s.command, args: s.args, cwd: s.cwd ?? process.cwd(), env: s.env});
}

/**
 * OAuth for every remote server, unless its config brings its own credentials
 * (an Authorization header, or a user and password in the URL): then a 401 is
 * shown as it is. The auth layer loads only for a config with remote servers.
 */
export async function serverAuths(config: Config, env: NodeJS.ProcessEnv, prompt: LoginPrompt): Promise<Map<string, ServerAuth>> {
  const out = new Map<string, ServerAuth>();
  // An entry that cannot start (a URL that is not one) or a disabled one (its URL
  // is not even expanded) keeps its raw text: it is never connected, so it needs no login.
  const remote = config.servers.filter((s) => s.type === 'http' && !s.cannotStart && URL.canParse(s.url) && !Object.keys(s.headers).some((h) => h.toLowerCase() === 'authorization') && !new URL(s.url).username);
  if (remote.length === 0) return out;
  const [{ServerAuth}, {TokenStore}, {proxyFetch}] = await Promise.all([import('../auth/server-auth.js'), import('../auth/token-store.js'), import('../auth/http.js')]);
  const store = new TokenStore(stateDir(env));
  for (const s of remote) {
    if (s.type === 'http') out.set(s.alias, new ServerAuth({alias: s.alias, serverUrl: s.url, config: s.oauth, store, prompt, fetch: proxyFetch}));
  }
  return out;
}

/** The user's standing permissions from flags and config. */
export function approvalRules(opts: CliOptions, config: Config): ApprovalRules {
  return {yes: opts.yes, allow: opts.allow, autoApprove: Object.fromEntries(config.servers.map((s) => [s.alias, s.autoApprove]))};
}

/** `--provider`, else Anthropic when its key is set, else OpenAI when its key is, else offline. */
export function resolveProvider(flag: ProviderName | undefined, env: NodeJS.ProcessEnv): ProviderName {
  if (flag) return flag;
  if (env.ANTHROPIC_API_KEY) return 'anthropic';
  if (env.OPENAI_API_KEY) return 'openai';
  return 'offline';
}

/** The model of this run: a script, the offline model, or a provider's API (UsageError when its key is missing). */
export async function chooseModel(opts: CliOptions, env: NodeJS.ProcessEnv, {defer = false}: {defer?: boolean} = {}): Promise<Model> {
  // The script's checks (zod schemas, built as the module loads) only for a run with a script.
  if (opts.script) {
    const [{createScriptedModel}, {loadScript}] = await Promise.all([import('../agent/models/scripted.js'), import('../agent/models/script.js')]);
    return createScriptedModel({script: await loadScript(opts.script)});
  }
  const provider = opts.model === 'scripted' ? 'offline' : resolveProvider(opts.provider, env);
  // SDKs are loaded only when used: they are the heaviest imports we have.
  // `defer` (the TUI): not even before the servers start, but at the model's first use.
  if (provider === 'anthropic') {
    const apiKey = env.ANTHROPIC_API_KEY;
    if (!apiKey) throw new UsageError('--provider anthropic needs ANTHROPIC_API_KEY');
    apiBaseUrl('ANTHROPIC_BASE_URL', env.ANTHROPIC_BASE_URL, 'https://api.anthropic.com');
    const model = resolveAnthropicModel(opts.model, env);
    const load = async () => (await import('../agent/models/anthropic.js')).createAnthropicModel({apiKey, model});
    return defer ? deferredModel(anthropicFacts(model), true, load) : load();
  }
  if (provider === 'openai') {
    if (!env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) throw new UsageError('--provider openai needs OPENAI_API_KEY (or OPENAI_BASE_URL for a local server that needs no key)');
    const model = resolveOpenAIModel(opts.model, env);
    const baseURL = apiBaseUrl('OPENAI_BASE_URL', env.OPENAI_BASE_URL, 'http://localhost:11434/v1');
    const load = async () => (await import('../agent/models/openai.js')).createOpenAIModel({apiKey: env.OPENAI_API_KEY, baseURL, model});
    return defer ? deferredModel(openAIFacts(model, baseURL), false, load) : load();
  }
  return offlineModel(defer);
}

/**
 * A model API's root from the environment, refused before any request when it
 * is not an http(s) URL: `localhost:11434/v1` (the scheme left out, a common
 * slip) would otherwise fail each turn with "unknown scheme".
 */
function apiBaseUrl(name: string, value: string | undefined, example: string): string | undefined {
  if (!value) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url?.protocol === 'http:' || url?.protocol === 'https:') return value;
  throw new UsageError(`${name} must be an http:// or https:// URL, got ${JSON.stringify(value)} (e.g. ${example})`);
}

/**
 * The offline model without a script. Its module (the word matching it routes
 * questions by) loads at its first answer when `defer`red: the list modes never
 * ask it anything, and the TUI not before the servers are up (issue #18).
 */
export async function offlineModel(defer: boolean): Promise<Model> {
  const load = async () => (await import('../agent/models/scripted.js')).createScriptedModel();
  return defer ? deferredModel(OFFLINE_FACTS, false, load) : load();
}

/**
 * Where per-server stderr logs go (0700): one folder per config file, so two
 * configs that both name a server `filesystem` never write into one log. The
 * folder is named by the config's folder and a hash of its whole path.
 */
export function logDir(env: NodeJS.ProcessEnv, configPath: string): string | undefined {
  try {
    const logs = privateDir(join(stateDir(env), 'logs'));
    const dir = privateDir(join(logs, configLogName(configPath)));
    // mkdir's mode applies only to directories it creates: tighten ones that existed looser.
    chmodSync(logs, 0o700);
    chmodSync(dir, 0o700);
    return dir;
  } catch {
    return undefined;
  }
}

/** `<folder of the config>-<8 hex of its path's hash>`, safe as a file name. */
export function configLogName(configPath: string): string {
  const abs = resolve(configPath);
  const folder = basename(dirname(abs)).replace(/[^\w.-]+/g, '_').slice(0, 40) || 'root';
  return `${folder}-${createHash('sha256').update(abs).digest('hex').slice(0, 8)}`;
}

/** Roots from the config only (for tools and tests that run without a UI or a model). */
export function configFeatures(server: ServerConfig): ClientFeatures {
  return server.roots.length ? {roots: configuredRoots(server)} : {};
}

/**
 * Where tool pins are kept: `mcp.pins.json` beside the config for the servers
 * it lists (the team's reference), else each server's record (its `pins`
 * section, keyed by the fingerprint); memory for this run only when no state
 * directory can be made.
 */
export function pinStore(config: Config, env: NodeJS.ProcessEnv, records: ServerRecordStore | undefined = ServerRecordStore.open(env), servers?: ReadonlyArray<{alias: string; fingerprint?: ServerFingerprint}>): PinStore {
  // The hub's servers carry their fingerprints already (hubServers): each is worked out once per run.
  const fingerprints = new Map(servers ? servers.map((s) => [s.alias, s.fingerprint] as const) : config.servers.map((s) => [s.alias, fingerprintOf(s)] as const));
  const fallback = records ? new RecordPinStore(records, (alias) => fingerprints.get(alias)) : new MemoryPinStore();
  return openPinStore(config.path, fallback);
}
