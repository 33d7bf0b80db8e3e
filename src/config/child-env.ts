// A server gets a minimal environment, never a copy of ours: our process may
// hold API keys (ANTHROPIC_API_KEY and friends) that no tool server should see.
import type {StdioServerConfig} from './types.js';

/**
 * Variables passed through from the parent; everything else must be set in
 * the config. The proxy and certificate ones are here because a server
 * started by `npx`/`uvx` downloads itself first: behind a corporate proxy or
 * a TLS-inspecting firewall it cannot install without them.
 */
export const INHERITED_ENV = [
  'HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER', 'LANG', 'LC_ALL', 'TMPDIR', 'TZ',
  'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy', 'NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE',
] as const;

/** The environment to spawn `server` with: the allowlist from `parentEnv`, then the config's `env` (config wins). */
export function childEnv(server: Pick<StdioServerConfig, 'env'>, parentEnv: NodeJS.ProcessEnv): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of INHERITED_ENV) {
    const value = parentEnv[name];
    // A value starting with "()" is a bash exported function (the Shellshock vector).
    if (value !== undefined && !value.startsWith('()')) env[name] = value;
  }
  for (const [name, value] of Object.entries(server.env)) {
    Object.defineProperty(env, name, {value, enumerable: true, writable: true, configurable: true});
  }
  return env;
}
