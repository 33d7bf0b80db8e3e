// The headers of one POST. Modern requests mirror their body into headers
// (version, method, name, x-mcp-header arguments) so gateways can route
// without parsing; legacy ones carry the negotiated version and the session.
import {encodeHeaderValue, paramValue, type ParamHeader} from './param-headers.js';

/** The fields of a JSON-RPC message the transport looks at. */
export interface WireMessage {
  id?: string | number | null;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: unknown;
}

const VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';

/** The protocol version a modern message declares in its `_meta`. */
export function declaredVersion(m: WireMessage): string | undefined {
  const meta = m.params?._meta;
  const v = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>)[VERSION_KEY] : undefined;
  return typeof v === 'string' ? v : undefined;
}

/** What the headers depend on besides the message. */
export interface HeaderContext {
  /** From the config and the authorization layer; already checked not to clash with ours. */
  base: Record<string, string>;
  /** The version `initialize` agreed on (legacy only). */
  legacyVersion?: string;
  sessionId?: string;
  /** The x-mcp-header annotations of the tool a `tools/call` names. */
  toolHeaders?: readonly ParamHeader[];
}

/** Headers for POSTing `m`. */
export function requestHeaders(m: WireMessage, c: HeaderContext): Record<string, string> {
  const h: Record<string, string> = {...c.base, 'content-type': 'application/json', accept: 'application/json, text/event-stream'};
  const modern = declaredVersion(m);
  if (modern !== undefined) {
    h['mcp-protocol-version'] = modern;
    if (m.method !== undefined) h['mcp-method'] = m.method;
    const name = m.method === 'resources/read' ? m.params?.uri : m.method === 'tools/call' || m.method === 'prompts/get' ? m.params?.name : undefined;
    if (typeof name === 'string') h['mcp-name'] = encodeHeaderValue(name);
    if (m.method === 'tools/call') {
      for (const p of c.toolHeaders ?? []) {
        const value = paramValue(m.params?.arguments, p.path);
        if (value !== undefined) h[`mcp-param-${p.name.toLowerCase()}`] = value;
      }
    }
  } else if (c.legacyVersion !== undefined) {
    h['mcp-protocol-version'] = c.legacyVersion;
  }
  if (c.sessionId !== undefined) h['mcp-session-id'] = c.sessionId;
  return h;
}
