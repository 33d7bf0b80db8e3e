/** Why logging in to a server did not work; each code has one fix the user can act on. */
export type AuthErrorCode =
  | 'login-required' // no usable token, and this run may not ask the user now
  | 'login-cancelled'
  | 'login-timeout'
  | 'discovery-failed' // no Protected Resource or Authorization Server Metadata found
  | 'metadata-invalid'
  | 'resource-mismatch' // the metadata describes another resource (RFC 8707 / RFC 9728)
  | 'issuer-mismatch' // metadata `issuer` or the response `iss` is not the recorded issuer
  | 'pkce-unsupported'
  | 'insecure-endpoint' // plain http to a host other than this machine
  | 'no-client' // neither pre-registered, nor CIMD, nor Dynamic Client Registration
  | 'registration-failed'
  | 'authorization-denied' // the authorization server answered with an error
  | 'callback-invalid'
  | 'token-failed'
  | 'token-rejected' // the server refused a token it had just been given
  | 'insufficient-scope' // step-up cannot help (same scopes again, or retry limit)
  | 'callback-port-busy';

/** A failure of authorization, with a message written for the user. */
export class AuthError extends Error {
  override readonly name = 'AuthError';
  constructor(
    readonly code: AuthErrorCode,
    message: string,
    options?: {cause?: unknown},
  ) {
    super(message, options);
  }

  /** The user must log in (or log in again): what the HTTP transport reports as `needs-login`. */
  get needsLogin(): boolean {
    return needsLogin(this);
  }
}

/** True when the error means "log in first", which the Servers pane shows as "needs login". */
export function needsLogin(err: unknown): boolean {
  return err instanceof AuthError && (err.code === 'login-required' || err.code === 'login-cancelled' || err.code === 'login-timeout');
}
