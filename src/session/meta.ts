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

/** Modern requests carry version, identity and capabilities every time. */
export function withModernMeta(
  params: Record<string, unknown> | undefined,
  version: string,
  clientInfo: Implementation,
  capabilities: Record<string, unknown>,
): Record<string, unknown> {
  const own = (params?._meta ?? {}) as Record<string, unknown>;
  return {
    ...params,
    _meta: {...own, [META.protocolVersion]: version, [META.clientInfo]: clientInfo, [META.clientCapabilities]: capabilities},
  };
}

/** A version string in the modern era's date form, at or after 2026-07-28. */
export function isModernVersion(v: unknown): v is string {
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= '2026-07-28';
}
