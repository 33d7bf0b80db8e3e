// A URL as it may be shown or logged: credentials never leave in it. Remote
// MCP servers are often configured with a key in the URL itself
// (`https://user:pass@host/mcp`, `…/mcp?api_key=…`), and a URL is shown in
// the Servers pane, `--list-tools`, traces and error messages.

/** Query parameter names that carry secrets, matched on the name without case, `-` or `_`. */
const SECRET_PARAM = /(key|token|secret|passw|pwd|auth|credential|signature|^sig$|^code$|session|jwt|bearer)/;

/** The URL with userinfo and secret-looking query values replaced by `***`; unparsable text is masked whole. */
export function maskUrl(url: string | URL): string {
  let u: URL;
  try {
    u = new URL(String(url));
  } catch {
    return '<invalid URL>';
  }
  if (u.username || u.password) {
    u.username = '***';
    u.password = '';
  }
  const names = [...new Set(u.searchParams.keys())];
  for (const name of names) {
    if (SECRET_PARAM.test(name.toLowerCase().replace(/[-_]/g, ''))) u.searchParams.set(name, '***');
  }
  // URLSearchParams percent-encodes the stars; they read better plain.
  return u.toString().replace(/%2A%2A%2A/g, '***');
}

/** Whether a hostname is this machine (plain http there is fine). */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}
