// JSON-RPC 2.0 message shapes and the one classifier every inbound line goes
// through. Ids from a peer may be 0 or strings; we never assume numbers.

/** A JSON-RPC request id. */
export type RequestId = string | number;

/** A request: expects exactly one response. */
export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: RequestId;
  method: string;
  params?: Record<string, unknown>;
}

/** A notification: no id, no response. */
export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params?: Record<string, unknown>;
}

/** A successful response. */
export interface JsonRpcResult {
  jsonrpc: '2.0';
  id: RequestId;
  result: Record<string, unknown>;
}

/** An error response; `id` is null when the peer could not read ours. */
export interface JsonRpcErrorResponse {
  jsonrpc: '2.0';
  id: RequestId | null;
  error: {code: number; message: string; data?: unknown};
}

/** Any message on the wire. */
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResult | JsonRpcErrorResponse;

/** What an inbound value turned out to be. */
export type Classified =
  | {kind: 'request'; message: JsonRpcRequest}
  | {kind: 'notification'; message: JsonRpcNotification}
  | {kind: 'result'; message: JsonRpcResult}
  | {kind: 'error'; message: JsonRpcErrorResponse}
  | {kind: 'invalid'; reason: string};

const isId = (v: unknown): v is RequestId => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Sorts a parsed JSON value into a JSON-RPC message kind, or says why it is not one. */
export function classify(value: unknown): Classified {
  if (!isObject(value)) return {kind: 'invalid', reason: 'not a JSON object'};
  if (value.jsonrpc !== '2.0') return {kind: 'invalid', reason: 'missing "jsonrpc": "2.0"'};
  if (value.params !== undefined && !isObject(value.params) && !Array.isArray(value.params)) {
    return {kind: 'invalid', reason: 'params is neither an object nor an array'};
  }
  if (typeof value.method === 'string') {
    if ('id' in value && value.id !== undefined) {
      return isId(value.id) ? {kind: 'request', message: value as unknown as JsonRpcRequest} : {kind: 'invalid', reason: 'request id is not a string or number'};
    }
    return {kind: 'notification', message: value as unknown as JsonRpcNotification};
  }
  if ('result' in value) {
    if (!isId(value.id)) return {kind: 'invalid', reason: 'response id is not a string or number'};
    if (!isObject(value.result)) return {kind: 'invalid', reason: 'result is not an object'};
    return {kind: 'result', message: value as unknown as JsonRpcResult};
  }
  if (isObject(value.error)) {
    const e = value.error;
    if (typeof e.code !== 'number' || typeof e.message !== 'string') return {kind: 'invalid', reason: 'error without a numeric code and a message'};
    if (!isId(value.id) && value.id !== null) return {kind: 'invalid', reason: 'error response id is not a string, number or null'};
    return {kind: 'error', message: value as unknown as JsonRpcErrorResponse};
  }
  return {kind: 'invalid', reason: 'neither a request, a notification nor a response'};
}
