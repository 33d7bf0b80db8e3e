// Finding the era of a server over Streamable HTTP (spec: basic/versioning,
// basic/transports/streamable-http "Backward Compatibility"). Unlike stdio,
// every HTTP request gets an answer, so there is no probe timer: send the
// modern `server/discover`, then look at what came back.
//  - a DiscoverResult: modern;
//  - a recognised modern error (-32022 with `supported`, -32020, -32021):
//    modern, so retry with a supported version or report, never fall back;
//  - any other JSON-RPC error, or a 4xx whose body is not a modern error
//    (an SDK server of 2025 answers 400 "Unsupported protocol version"):
//    legacy, so run `initialize`;
//  - 401/403, 5xx, the network, a timeout: no answer about the era at all;
//    the failure is the reason the server is offline.
import type {Connection} from '../connection/connection.js';
import {McpError, ProtocolViolationError} from '../connection/errors.js';
import {TransportRequestError} from '../transport/errors.js';
import {initialize, modernHandshake, retryAfterUnsupported, UNSUPPORTED_PROTOCOL_VERSION, type EraDecision, type Handshake, type HandshakeOptions} from './handshakes.js';
import {MODERN_VERSION, type Era} from './mcp-types.js';
import {withModernMeta} from './meta.js';

/** Errors only a modern server sends: HeaderMismatch, MissingRequiredClientCapability, UnsupportedProtocolVersion. */
const MODERN_ERRORS = new Set([-32020, -32021, UNSUPPORTED_PROTOCOL_VERSION]);
/** 4xx answers that say nothing about the era: authorization, proxies, rate limits. */
const NOT_ERA = new Set([401, 403, 407, 408, 429]);

/** Era detection over HTTP: the modern request first, `initialize` only on a non-modern refusal. */
export async function detectEraHttp(conn: Connection, o: HandshakeOptions, remembered?: Era): Promise<Handshake> {
  const decided = (era: Era): EraDecision => (era === remembered ? 'remembered' : 'probe');
  const started = Date.now();
  const remaining = () => Math.max(1, o.timeoutMs - (Date.now() - started));
  let why: string | undefined;
  try {
    const result = await conn.request('server/discover', withModernMeta({}, MODERN_VERSION, o.clientInfo, o.modernCapabilities), {timeoutMs: o.timeoutMs, signal: o.signal});
    try {
      return modernHandshake(result, MODERN_VERSION, 'server/discover answered', decided('modern'));
    } catch (err) {
      // A result that is no DiscoverResult (a legacy server answering `{}` to anything) is "anything else".
      if (!(err instanceof ProtocolViolationError)) throw err;
      why = `a result that is not a DiscoverResult (${err.message})`;
    }
  } catch (err) {
    const rpc = rpcError(err);
    if (rpc?.code === UNSUPPORTED_PROTOCOL_VERSION) return retryAfterUnsupported(conn, {...o, timeoutMs: remaining()}, rpc, MODERN_VERSION, decided);
    if (rpc && MODERN_ERRORS.has(rpc.code)) {
      throw new McpError(rpc.code, `server/discover: a modern server refused the request: ${rpc.message}`, rpc.data);
    }
    if (!fallsBack(err)) throw err;
    why ??= err instanceof TransportRequestError ? err.message : `error ${(err as McpError).code}: ${(err as McpError).message}`;
  }
  const legacy = await initialize(conn, {...o, timeoutMs: remaining()}, {}, decided('legacy'));
  return {...legacy, decision: `legacy: server/discover got ${(why ?? '').slice(0, 200)}; initialize agreed on ${legacy.protocolVersion}`};
}

/** The JSON-RPC error in an answer, whether it came as a response or inside an HTTP error body. */
function rpcError(err: unknown): McpError | undefined {
  if (err instanceof McpError) return err;
  if (err instanceof TransportRequestError && err.detail.rpcCode !== undefined) return new McpError(err.detail.rpcCode, err.detail.rpcMessage ?? '');
  return undefined;
}

/** Whether this refusal of `server/discover` means a legacy server. */
function fallsBack(err: unknown): boolean {
  if (err instanceof McpError) return true;
  if (!(err instanceof TransportRequestError) || err.code !== 'http-status') return false;
  const status = err.detail.status ?? 0;
  return status >= 400 && status < 500 && !NOT_ERA.has(status);
}
