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

/**
 * What an inbound value turned out to be. A bare string, not a `{kind, message}`
 * object: every response of every call goes through here, and the message is the
 * value itself, so an object per message would be garbage made for nothing.
 */
export type MessageKind = 'request' | 'notification' | 'result' | 'error' | 'invalid';

const isId = (v: unknown): v is RequestId => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Sorts a parsed JSON value into a JSON-RPC message kind; `invalidReason` says why when it is 'invalid'. */
export function classify(value: unknown): MessageKind {
  return judge(value, false) as MessageKind;
}

/** Why `classify` called a value 'invalid' (undefined when it did not). */
export function invalidReason(value: unknown): string | undefined {
  const verdict = judge(value, true);
  return verdict === 'request' || verdict === 'notification' || verdict === 'result' || verdict === 'error' ? undefined : verdict;
}

// No closure over `why` inside `judge`: it would be made on every message.
const refused = (why: boolean, reason: string): string => (why ? reason : 'invalid');

// One set of rules for both: the kind, or, when `why`, the reason a value is not a message.
function judge(value: unknown, why: boolean): string {
  if (!isObject(value)) return refused(why, 'not a JSON object');
  if (value.jsonrpc !== '2.0') return refused(why, 'missing "jsonrpc": "2.0"');
  if (value.params !== undefined && !isObject(value.params) && !Array.isArray(value.params)) {
    return refused(why, 'params is neither an object nor an array');
  }
  if (typeof value.method === 'string') {
    if ('id' in value && value.id !== undefined) return isId(value.id) ? 'request' : refused(why, 'request id is not a string or number');
    return 'notification';
  }
  if ('result' in value) {
    if (!isId(value.id)) return refused(why, 'response id is not a string or number');
    if (!isObject(value.result)) return refused(why, 'result is not an object');
    return 'result';
  }
  if (isObject(value.error)) {
    const e = value.error;
    if (typeof e.code !== 'number' || typeof e.message !== 'string') return refused(why, 'error without a numeric code and a message');
    if (!isId(value.id) && value.id !== null) return refused(why, 'error response id is not a string, number or null');
    return 'error';
  }
  return refused(why, 'neither a request, a notification nor a response');
}
