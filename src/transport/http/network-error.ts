// One sentence for a fetch that never got a response: refused, DNS, TLS,
// connect timeout, reset. fetch reports all of them as "fetch failed"; the
// cause (sometimes an AggregateError of one error per address) has the code.

const TLS_CODES = /CERT|SSL|TLS|SELF_SIGNED|EPROTO|UNABLE_TO_VERIFY|ALTNAME/;

/** Why a request to `url` got no response, for a person. */
export function describeNetworkError(err: unknown, url: URL): string {
  const cause = rootCause(err);
  const code = String((cause as {code?: unknown})?.code ?? '');
  const message = (cause instanceof Error ? cause.message : String(cause)).slice(0, 200);
  const host = url.host;
  if (code === 'ECONNREFUSED') return `connection refused by ${host} (is the server running?)`;
  if (code === 'ENOTFOUND') return `DNS lookup of ${url.hostname} failed: no such host`;
  if (code === 'EAI_AGAIN') return `DNS lookup of ${url.hostname} failed for now (is the network up?)`;
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') return `could not connect to ${host}: connect timed out`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return `the connection to ${host} was closed unexpectedly (${code})`;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `${host} cannot be reached (${code})`;
  if (TLS_CODES.test(code)) {
    return `TLS error talking to ${host}: ${message}${/SELF_SIGNED|UNABLE_TO|ISSUER/.test(code) ? ' (for a private CA, point NODE_EXTRA_CA_CERTS at its certificate)' : ''}`;
  }
  return `request to ${host} failed: ${code ? `${code}: ` : ''}${message}`;
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
