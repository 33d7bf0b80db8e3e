import type {Implementation} from './mcp-types.js';

/** The `_meta` keys of the modern era. */
export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
} as const;

/**
 * Modern requests carry version, identity and capabilities every time. The
 * keys are written out, not computed from META and added after a spread of
 * the request's own `_meta`: that literal cost twice the client CPU per call,
 * and with 64 calls in flight it kept the young generation full until V8 grew
 * it to its maximum (peak RSS 90 MB instead of 60 MB on the yardstick's
 * concurrent run; BENCHMARKS.md). The request's own keys come after, never
 * over these.
 */
export function withModernMeta(
  params: Record<string, unknown> | undefined,
  version: string,
  clientInfo: Implementation,
  capabilities: Record<string, unknown>,
): Record<string, unknown> {
  const meta: Record<string, unknown> = {
    'io.modelcontextprotocol/protocolVersion': version,
    'io.modelcontextprotocol/clientInfo': clientInfo,
    'io.modelcontextprotocol/clientCapabilities': capabilities,
  };
  const own = params?._meta as Record<string, unknown> | undefined;
  if (own) {
    for (const key of Object.keys(own)) {
      if (Object.hasOwn(meta, key)) continue;
      // An own `__proto__` key stays a key (assigning it would set the prototype).
      if (key === '__proto__') Object.defineProperty(meta, key, {value: own[key], enumerable: true, writable: true, configurable: true});
      else meta[key] = own[key];
    }
  }
  return {...params, _meta: meta};
}
