// A non-2xx answer to a POST. A JSON-RPC error for the very request (a modern
// server's 400 + -32022, 404 + -32601) is the protocol's answer and goes to
// the connection like any response; anything else fails the request with the
// status and the first line of the body, which is what a person needs to see.
import {TransportRequestError} from '../errors.js';
import type {WireMessage} from './request-headers.js';
import {preview} from './response.js';
import {readBounded} from './sse.js';

const MAX_ERROR_BODY = 64 * 1024;

/** The JSON-RPC error response to hand on, or the error to fail the request with. */
export async function statusFailure(res: Response, m: WireMessage, url: URL): Promise<Record<string, unknown> | TransportRequestError> {
  const text = (await readBounded(res.body, MAX_ERROR_BODY).catch(() => '')) ?? '';
  let rpc: {id?: unknown; error?: {code?: unknown; message?: unknown}} | undefined;
  try {
    const value = JSON.parse(text) as typeof rpc;
    if (value && typeof value === 'object' && typeof value.error?.code === 'number') rpc = value;
  } catch {
    /* not JSON: the first line is the message */
  }
  if (rpc && rpc.id === m.id && m.id !== undefined && m.id !== null) return rpc as Record<string, unknown>;
  const status = res.status;
  const what = rpc ? `${String(rpc.error!.code)} ${String(rpc.error!.message ?? '').slice(0, 200)}` : text.trim() ? preview(text) : '';
  const head = `HTTP ${status}${res.statusText ? ` ${res.statusText}` : ''}`;
  const detail = {status, rpcCode: rpc?.error?.code as number | undefined, rpcMessage: rpc ? String(rpc.error!.message ?? '') : undefined};
  if (status === 401 || status === 403) {
    const www = res.headers.get('www-authenticate') ?? undefined;
    return new TransportRequestError('unauthorized', `needs authorization: ${url.host} answered ${head}${what ? `: ${what}` : ''}${www ? ` (WWW-Authenticate: ${www.slice(0, 200)})` : ''}`, false, {...detail, wwwAuthenticate: www});
  }
  return new TransportRequestError('http-status', `${head}${what ? `: ${what}` : ''}`, status >= 500, detail);
}
