import {chmodSync} from 'node:fs';
import {join} from 'node:path';
import {childEnv, type Config, type ServerConfig} from '../config/index.js';
import type {ClientFeatures} from '../session/server-requests.js';
import {configuredRoots} from '../agent/client-features.js';
import type {ApprovalRules} from '../agent/approvals.js';
import type {Model} from '../agent/model.js';
import {createScriptedModel} from '../agent/models/scripted.js';
import {loadScript} from '../agent/models/script.js';
import type {HubServer} from '../hub/hub.js';
import {privateDir, stateDir} from '../util/state-dir.js';
import {serverFingerprint} from '../util/server-fingerprint.js';
import type {CliOptions} from './args.js';

/** Config servers as the hub starts them: each with its finished child environment and its fingerprint. */
export function hubServers(config: Config, parentEnv: NodeJS.ProcessEnv): HubServer[] {
  return config.servers.map((s) => ({
    ...s,
    env: childEnv(s, parentEnv),
    // The config's own env (not PATH, HOME…), and the directory the server really runs in.
    fingerprint: serverFingerprint({kind: 'stdio', alias: s.alias, command: s.command, args: s.args, cwd: s.cwd ?? process.cwd(), env: s.env}),
  }));
}

/** The user's standing permissions from flags and config. */
export function approvalRules(opts: CliOptions, config: Config): ApprovalRules {
  return {yes: opts.yes, allow: opts.allow, autoApprove: Object.fromEntries(config.servers.map((s) => [s.alias, s.autoApprove]))};
}

/** The scripted model offline (default without a key), else Anthropic. */
export async function chooseModel(opts: CliOptions, env: NodeJS.ProcessEnv): Promise<Model> {
  if (opts.script) return createScriptedModel({script: await loadScript(opts.script)});
  if (opts.model === 'scripted' || !env.ANTHROPIC_API_KEY) return createScriptedModel();
  // Loaded only when used: the SDK is the heaviest import we have.
  const {createAnthropicModel, resolveAnthropicModel} = await import('../agent/models/anthropic.js');
  return createAnthropicModel({apiKey: env.ANTHROPIC_API_KEY, model: resolveAnthropicModel(opts.model, env)});
}

/** Where per-server stderr logs go (0700). */
export function logDir(env: NodeJS.ProcessEnv): string | undefined {
  try {
    const dir = privateDir(join(stateDir(env), 'logs'));
    // mkdir's mode applies only to directories it creates: tighten one that existed looser.
    chmodSync(dir, 0o700);
    return dir;
  } catch {
    return undefined;
  }
}

/** Roots from the config only (for tools and tests that run without a UI or a model). */
export function configFeatures(server: ServerConfig): ClientFeatures {
  return server.roots.length ? {roots: configuredRoots(server)} : {};
}
