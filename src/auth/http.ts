// The few plain GETs of discovery: bounded in time and size, JSON or nothing.
import type {Dispatcher} from 'undici';

/** The fetch the auth layer uses. */
export type Fetch = typeof fetch;

let agent: Promise<Dispatcher> | undefined;

/** Node's fetch through HTTP(S)_PROXY / NO_PROXY, as the HTTP transport reaches servers; undici loads on first use. */
export const proxyFetch: Fetch = async (input, init) => {
  agent ??= import('undici').then(({EnvHttpProxyAgent}) => new EnvHttpProxyAgent());
  const dispatcher = await agent;
  // @ts-expect-error undici's option, not in the DOM RequestInit type
  return fetch(input, {...init, dispatcher});
};

/** How the auth layer reaches the network. */
export interface AuthIo {
  fetch: Fetch;
  /** Per request (default 30 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Metadata documents are small; anything larger is not one. */
const MAX_BYTES = 512 * 1024;

/** The outcome of one metadata GET; `status` 0 when no HTTP answer came (network, timeout). */
export type JsonAnswer = {ok: true; json: Record<string, unknown>} | {ok: false; status: number; reason: string};

/** Whether a failed GET means "not here, try the next place": an HTTP 4xx. A timeout or a 5xx is no answer, and the next place would be a guess. */
export const notFound = (a: JsonAnswer): boolean => !a.ok && a.status >= 400 && a.status < 500;

/** GETs a JSON object; never throws for HTTP or parse failures, only for an aborted signal. */
export async function getJson(url: string, io: AuthIo): Promise<JsonAnswer> {
  const signal = requestSignal(io);
  let res: Response;
  try {
    res = await io.fetch(url, {headers: {accept: 'application/json'}, redirect: 'follow', signal});
  } catch (err) {
    if (io.signal?.aborted) throw io.signal.reason;
    return {ok: false, status: 0, reason: `${(err as Error).message}${(err as {cause?: Error}).cause ? `: ${(err as {cause: Error}).cause.message}` : ''}`};
  }
  if (res.status !== 200) {
    await res.body?.cancel().catch(() => {});
    return {ok: false, status: res.status, reason: `HTTP ${res.status}`};
  }
  const text = await readBounded(res);
  if (text === undefined) return {ok: false, status: res.status, reason: `larger than ${MAX_BYTES} bytes`};
  try {
    const json: unknown = JSON.parse(text);
    if (json && typeof json === 'object' && !Array.isArray(json)) return {ok: true, json: json as Record<string, unknown>};
  } catch {
    // falls through
  }
  return {ok: false, status: res.status, reason: 'not a JSON object'};
}

/** The caller's signal combined with the per-request timeout. */
export function requestSignal(io: AuthIo): AbortSignal {
  const timeout = AbortSignal.timeout(io.timeoutMs ?? 30_000);
  return io.signal ? AbortSignal.any([io.signal, timeout]) : timeout;
}

async function readBounded(res: Response): Promise<string | undefined> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const {done, value} = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
