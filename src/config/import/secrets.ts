// Which literal values in another client's config are secrets. An import must
// never copy one: it writes a `${NAME}` reference instead and tells the user
// which variables to export. Judged by the name (API_KEY, Authorization, …)
// and by the value (known token prefixes, credentials in URLs, long random
// strings); when in doubt a value counts as secret, because a missed secret
// is copied while a false alarm only costs one export.

const SECRET_NAME = /(^|[^a-z])(api[-_]?key|key|token|secret|password|passwd|pass|pwd|credentials?|auth|authorization|pat|private|cookie|session|dsn|bearer|signature|sig)($|[^a-z])/i;
const TOKEN_PREFIX = /^(sk-|sk_|pk_|rk_|ghp_|gho_|ghu_|ghs_|ghr_|github_pat_|glpat-|xox[abprse]-|AKIA|ASIA|AIza|ya29\.|eyJ|shpat_|ntn_|secret_|lin_api_|SG\.|hf_|r8_|pplx-|tvly-|fc-|npm_|dop_v1_|sntrys_)/;

/** True for names like `GITHUB_TOKEN`, `X-Api-Key`, `Authorization`, `--password`. */
export function looksSecretName(name: string): boolean {
  return SECRET_NAME.test(name.replace(/([a-z])([A-Z])/g, '$1_$2'));
}

/** True for values with a known token prefix (`sk-`, `ghp_`, `xoxb-`, …). */
export function looksLikeToken(value: string): boolean {
  return TOKEN_PREFIX.test(value.trim());
}

/** True for values that look like credentials whatever they are called. */
export function looksSecretValue(value: string): boolean {
  const v = value.trim();
  if (v === '') return false;
  if (TOKEN_PREFIX.test(v)) return true;
  if (urlSecretParts(v).length > 0) return true;
  // Long, unbroken, mixed letters and digits: a key, not a word or a path.
  return v.length >= 24 && /^[A-Za-z0-9_\-.+=/]+$/.test(v) && /[A-Za-z]/.test(v) && /[0-9]/.test(v) && !/^[./~]/.test(v) && !v.includes('/');
}

/** A literal value that must not be copied. */
export function isSecret(name: string, value: string): boolean {
  return value.trim() !== '' && (looksSecretName(name) || looksSecretValue(value));
}

/** The credential parts of a URL: a password in its userinfo, query parameters named like keys. */
export function urlSecretParts(text: string): Array<{kind: 'password' | 'query'; name: string; value: string}> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return [];
  }
  const parts: Array<{kind: 'password' | 'query'; name: string; value: string}> = [];
  if (url.password) parts.push({kind: 'password', name: 'password', value: decodeURIComponent(url.password)});
  for (const [name, value] of url.searchParams) if (value && (looksSecretName(name) || TOKEN_PREFIX.test(value))) parts.push({kind: 'query', name, value});
  return parts;
}

/** A variable name from parts: `github` + `Authorization` → `GITHUB_AUTHORIZATION`. */
export function variableName(...parts: string[]): string {
  const name = parts.join('_').toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_+|_+$/g, '').replace(/_{2,}/g, '_');
  return /^[A-Z_]/.test(name) ? name : `MCP_${name}`;
}
