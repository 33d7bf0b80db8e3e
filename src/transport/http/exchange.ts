// One HTTP exchange with the server's endpoint: the proxy-aware agent, the
// headers every request carries (config, authorization, URL credentials), the
// trace line, and a network failure turned into one sentence.
import type {Dispatcher} from 'undici';
import {maskUrl} from '../../util/mask-url.js';
import {TransportRequestError} from '../errors.js';
import type {HttpAuth} from '../http-auth.js';
import {describeNetworkError} from './network-error.js';

/** What an exchanger needs from the transport's options. */
export interface ExchangeOptions {
  url: string;
  headers?: Record<string, string>;
  auth?: Pick<HttpAuth, 'headers'>;
  onexchange?: (line: string) => void;
  connectTimeoutMs?: number;
}

/** Sends requests to one endpoint; knows nothing of MCP. */
export class Exchanger {
  /** The endpoint, without credentials (fetch refuses them in URLs). */
  readonly url: URL;
  readonly shownUrl: string;
  private readonly base: Record<string, string>;
  /** Made on first use: undici is loaded only by configs that have a remote server. */
  private agent?: Promise<Dispatcher>;

  constructor(private readonly o: ExchangeOptions) {
    this.url = new URL(o.url);
    this.shownUrl = maskUrl(this.url);
    this.base = {...o.headers};
    // Credentials in the URL travel as Basic authorization (as curl sends them), unless the config sets its own.
    if (this.url.username || this.url.password) {
      const own = Object.keys(this.base).some((h) => h.toLowerCase() === 'authorization');
      if (!own) this.base.authorization = `Basic ${Buffer.from(`${decodeURIComponent(this.url.username)}:${decodeURIComponent(this.url.password)}`).toString('base64')}`;
      this.url.username = this.url.password = '';
    }
  }

  /** Headers every request carries; the caller adds the protocol's own. */
  async headers(signal?: AbortSignal): Promise<Record<string, string>> {
    return {...this.base, ...(await this.o.auth?.headers(signal))};
  }

  /**
   * Resolves undefined when `signal` aborted the exchange (the caller gave
   * up). A network failure throws TransportRequestError('unreachable');
   * a redirect throws too (it is not followed: headers could go elsewhere).
   */
  async send(method: string, headers: Record<string, string>, body: string | undefined, signal: AbortSignal, what: string, note: (res: Response) => string = () => ''): Promise<Response | undefined> {
    const started = performance.now();
    const dispatcher = await (this.agent ??= this.makeAgent());
    let res: Response;
    try {
      // @ts-expect-error `dispatcher` is undici's option, not in the DOM RequestInit type
      res = await fetch(this.url, {method, headers, body, signal, redirect: 'manual', dispatcher});
    } catch (err) {
      if (signal.aborted) return undefined;
      const reason = describeNetworkError(err, this.url);
      this.o.onexchange?.(`${what} → failed: ${reason}`);
      throw new TransportRequestError('unreachable', reason, true);
    }
    const type = (res.headers.get('content-type') ?? '').split(';')[0];
    this.o.onexchange?.(`${what} → ${res.status}${type ? ` ${type}` : ''}${note(res)} (${Math.round(performance.now() - started)} ms)`);
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel().catch(() => {});
      const to = res.headers.get('location');
      throw new TransportRequestError('http-status', `the server redirected (HTTP ${res.status}) to ${to ? maskUrl(new URL(to, this.url)) : 'another URL'}; put the final URL in the config`, false, {status: res.status});
    }
    return res;
  }

  close(): void {
    void this.agent?.then((a) => a.destroy()).catch(() => {});
  }

  private makeAgent(): Promise<Dispatcher> {
    // Node's fetch ignores HTTP(S)_PROXY/NO_PROXY; this agent honours them. No
    // headers or body timeouts here: each request has its own timeout above.
    return import('undici').then(({EnvHttpProxyAgent}) => new EnvHttpProxyAgent({connect: {timeout: this.o.connectTimeoutMs ?? 10_000}, headersTimeout: 0, bodyTimeout: 0}));
  }
}
