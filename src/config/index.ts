// The config layer: reading mcp.config.json and what a server process gets.
export {loadConfig, parseConfig, MAX_CONFIG_BYTES} from './load.js';
export {ConfigError} from './config-error.js';
export {childEnv, INHERITED_ENV} from './child-env.js';
export {ALIAS_RE, MAX_ALIAS_LENGTH} from './aliases.js';
export {MAX_TIMEOUT_MS, SERVER_DEFAULTS} from './schema.js';
export type {Config, HttpServerConfig, ServerConfig, StdioServerConfig, TransportType} from './types.js';
