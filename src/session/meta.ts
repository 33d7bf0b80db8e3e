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
