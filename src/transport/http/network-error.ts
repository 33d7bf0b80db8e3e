// One sentence for a fetch that never got a response: refused, DNS, TLS,
// connect timeout, reset. fetch reports all of them as "fetch failed"; the
// cause (sometimes an AggregateError of one error per address) has the code,
// and names the address it failed on: with HTTP_PROXY/HTTPS_PROXY set that is
// the proxy's, and blaming the server for it sent users to check a server that was up.

/** An IPv4 or IPv6 address written as the URL's host (compared with the address connected to as it is). */
const IP_LITERAL = /^[\d.]+$|:/;
const TLS_CODES = /CERT|SSL|TLS|SELF_SIGNED|EPROTO|UNABLE_TO_VERIFY|ALTNAME/;

/** Why a request to `url` got no response, for a person. */
export function describeNetworkError(err: unknown, url: URL): string {
  const cause = rootCause(err);
  const code = String((cause as {code?: unknown})?.code ?? '');
  const message = (cause instanceof Error ? cause.message : String(cause)).slice(0, 200);
  const proxy = proxyOf(cause, url);
  const host = proxy ? `the proxy ${proxy} (HTTP_PROXY/HTTPS_PROXY) on the way to ${url.host}` : url.host;
  const lookedUp = proxy ? `the proxy ${proxy} (HTTP_PROXY/HTTPS_PROXY)` : url.hostname;
  if (code === 'ECONNREFUSED') return `connection refused by ${host} (is ${proxy ? 'the proxy' : 'the server'} running?)`;
  if (code === 'ENOTFOUND') return `DNS lookup of ${lookedUp} failed: no such host`;
  if (code === 'EAI_AGAIN') return `DNS lookup of ${lookedUp} failed for now (is the network up?)`;
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') return `could not connect to ${host}: connect timed out`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return `the connection to ${host} was closed unexpectedly (${code})`;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `${host} cannot be reached (${code})`;
  if (TLS_CODES.test(code)) {
    return `TLS error talking to ${host}: ${message}${/SELF_SIGNED|UNABLE_TO|ISSUER/.test(code) ? ' (for a private CA, point NODE_EXTRA_CA_CERTS at its certificate)' : ''}`;
  }
  return `request to ${host} failed: ${code ? `${code}: ` : ''}${message}`;
}

/**
 * Where the failed connection went when that was not the server's endpoint
 * (a proxy from the environment), as the error names it; undefined when it
 * was the server, or the error does not say.
 */
function proxyOf(cause: unknown, url: URL): string | undefined {
  const {address, port, hostname} = (cause ?? {}) as {address?: unknown; port?: unknown; hostname?: unknown};
  const server = url.hostname.replace(/^\[|\]$/g, '');
  if (typeof address === 'string' && typeof port === 'number') {
    const elsewhere = port !== Number(url.port || (url.protocol === 'https:' ? 443 : 80)) || (IP_LITERAL.test(server) && address !== server);
    return elsewhere ? `${address.includes(':') ? `[${address}]` : address}:${port}` : undefined;
  }
  // A failed DNS lookup names the host it looked up.
  return typeof hostname === 'string' && hostname !== server ? hostname : undefined;
}

function rootCause(err: unknown): unknown {
  let e: unknown = err;
  for (let i = 0; i < 5; i++) {
    if (e instanceof AggregateError && e.errors.length > 0) e = e.errors[0];
    else if (e instanceof Error && e.cause !== undefined) e = e.cause;
    else break;
  }
  return e;
}
