// MCP on top of the JSON-RPC plumbing: the two protocol eras and a method router.
//
// An "era" object owns what differs between protocol generations:
//   modern (2026-07-28): no handshake; every request names its version in
//     params._meta; results carry resultType; server/discover describes the server.
//   legacy (2025-11-25 and older): `initialize` first, then anything; no resultType.
// Servers pick one era (chaos picks by env) and share everything else.

import { serve, RpcError, ERR, KEEP_OPEN } from './stdio-server.mjs';
import { httpPort, serveHttp } from './http-server.mjs';

export const MODERN_VERSION = '2026-07-28';
export const LEGACY_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];
export const META = {
  version: 'io.modelcontextprotocol/protocolVersion',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
};

/** Freshness hints the modern era requires on discover and list results. */
export const CACHE_HINTS = { ttlMs: 60_000, cacheScope: 'public' };

export function modernEra({ versions = [MODERN_VERSION], serverInfo, capabilities, instructions }) {
  const unsupported = (message, requested) =>
    new RpcError(ERR.UNSUPPORTED_VERSION, message, { supported: versions, requested: requested ?? null });
  return {
    name: 'modern',
    // Runs before routing: the version check applies to every request, known or not.
    check(method, params) {
      if (method === 'initialize') {
        // A legacy-only client has no way forward, so this message is all its user sees.
        throw unsupported(
          `This server does not use the initialize handshake; it supports protocol version(s) ${versions.join(', ')} ` +
            `(send server/discover with params._meta["${META.version}"]).`,
          params?.protocolVersion,
        );
      }
      const requested = params?._meta?.[META.version];
      if (typeof requested !== 'string') {
        throw unsupported(`Missing params._meta["${META.version}"]; supported: ${versions.join(', ')}`, requested);
      }
      if (!versions.includes(requested)) {
        throw unsupported(`Unsupported protocol version ${requested}; supported: ${versions.join(', ')}`, requested);
      }
    },
    decorate: (result) => ({ resultType: 'complete', ...result }),
    methods: {
      'server/discover': () => ({
        supportedVersions: versions,
        capabilities,
        ...(instructions ? { instructions } : {}),
        ...CACHE_HINTS,
        _meta: { [META.serverInfo]: serverInfo },
      }),
    },
    notifications: {},
  };
}

export function legacyEra({ serverInfo, capabilities, instructions, onInitialized }) {
  let initialized = false;
  return {
    name: 'legacy',
    get initialized() { return initialized; },
    // Unknown methods fall through to -32601 (that is what a modern client's
    // server/discover probe must see); known ones wait for the handshake.
    check(method, _params, known) {
      if (known && !initialized && method !== 'initialize' && method !== 'ping') {
        throw new RpcError(ERR.NOT_INITIALIZED, `Server not initialized: send initialize before ${method}`);
      }
    },
    decorate: (result) => result,
    methods: {
      initialize(params) {
        const asked = params?.protocolVersion;
        initialized = true;
        return {
          protocolVersion: LEGACY_VERSIONS.includes(asked) ? asked : LEGACY_VERSIONS[0],
          capabilities,
          serverInfo,
          ...(instructions ? { instructions } : {}),
        };
      },
      ping: () => ({}),
    },
    notifications: { 'notifications/initialized': () => onInitialized?.() },
  };
}

// Own keys only: a method named "constructor" must not reach Object.prototype.
const pick = (map, key) => (Object.hasOwn(map, key) ? map[key] : undefined);

/**
 * Serve MCP: `methods` and `notifications` are maps of name -> handler(params, ctx).
 * Server methods override era methods of the same name (chaos wraps the handshake).
 * `beforeRequest(msg)` sees every request first (chaos: die on a request before initialize);
 * returning KEEP_OPEN leaves the request unanswered.
 */
export function serveMcp({ era, methods = {}, notifications = {}, beforeRequest, ...serveOpts }) {
  // `--http PORT`: the same handlers over Streamable HTTP, in this server's era.
  const port = httpPort();
  const start = port === undefined ? serve : (opts) => serveHttp(opts, port, era.name);
  return start({
    ...serveOpts,
    async onRequest(msg, ctx) {
      if (beforeRequest?.(msg) === KEEP_OPEN) return KEEP_OPEN;
      const params = msg.params ?? {};
      const handler = pick(methods, msg.method) ?? pick(era.methods, msg.method);
      era.check(msg.method, params, Boolean(handler));
      if (!handler) throw new RpcError(ERR.METHOD_NOT_FOUND, `Method not found: ${msg.method}`);
      const result = await handler(params, ctx);
      return result === KEEP_OPEN ? result : era.decorate(result ?? {});
    },
    onNotification(msg) {
      (pick(notifications, msg.method) ?? pick(era.notifications, msg.method))?.(msg.params ?? {});
    },
  });
}
