// The authorization code flow with PKCE (S256), state, `resource` (RFC 8707)
// and issuer identification (RFC 9207) on a loopback redirect. oauth4webapi
// does the protocol; this file decides what to accept and says why not.
import * as oauth from 'oauth4webapi';
import {stripControlLine} from '../util/sanitize.js';
import {clientAuth, insecureFor} from './client.js';
import {AuthError} from './errors.js';
import {requestSignal, type AuthIo} from './http.js';
import type {CallbackAnswer, Loopback} from './loopback.js';
import type {LoginPrompt, LoginReason} from './prompt.js';
import type {ClientRecord} from './token-store.js';

/** Everything one interactive authorization needs. */
export interface AuthorizationInput {
  alias: string;
  as: oauth.AuthorizationServer;
  client: ClientRecord;
  secret?: string;
  resource: string;
  scopes?: string[];
  loopback: Loopback;
  prompt: LoginPrompt;
  reason: LoginReason;
  io: AuthIo;
  timeoutMs: number;
}

/** Sends the user to the authorization server and exchanges the code; resolves with the token response. */
export async function authorize(input: AuthorizationInput): Promise<oauth.TokenEndpointResponse> {
  const {as, client, loopback} = input;
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  const p = url.searchParams;
  p.set('response_type', 'code');
  p.set('client_id', client.clientId);
  p.set('redirect_uri', loopback.redirectUri);
  p.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  p.set('code_challenge_method', 'S256');
  p.set('state', state);
  p.set('resource', input.resource);
  if (input.scopes?.length) p.set('scope', input.scopes.join(' '));

  let settle!: {resolve: (t: oauth.TokenEndpointResponse) => void; reject: (e: Error) => void};
  const result = new Promise<oauth.TokenEndpointResponse>((resolve, reject) => (settle = {resolve, reject}));
  let answered = false;
  const judge = async (redirect: URL): Promise<CallbackAnswer> => {
    // Exact match of the redirect URI, then state: anything else is not our login and is ignored.
    if (`${redirect.origin}${redirect.pathname}` !== loopback.redirectUri) return {status: 400, page: `That is not the redirect breakerbox waits for (${loopback.redirectUri}).`};
    if (redirect.searchParams.get('state') !== state) return {status: 400, page: 'That redirect does not belong to the login breakerbox is waiting for (its state does not match); it was ignored.'};
    if (answered) return {status: 409, page: 'This login has already been answered.'};
    answered = true;
    try {
      settle.resolve(await exchange(input, redirect.searchParams, state, verifier));
      return {status: 200, page: `breakerbox is logged in to ${input.alias}. You can close this tab.`};
    } catch (err) {
      const failure = toAuthError(err, input);
      settle.reject(failure);
      return {status: 400, page: `breakerbox could not log in to ${input.alias}: ${failure.message}`};
    }
  };
  loopback.handle = judge;
  const over = new AbortController();
  const timer = setTimeout(() => settle.reject(new AuthError('login-timeout', `no answer from the browser within ${Math.round(input.timeoutMs / 1000)} s; log in again with /login ${input.alias} or \`breakerbox login ${input.alias}\``)), input.timeoutMs);
  const onAbort = (): void => settle.reject(new AuthError('login-cancelled', `the login to ${input.alias} was cancelled`));
  input.io.signal?.addEventListener('abort', onAbort, {once: true});
  try {
    input.prompt.show({
      alias: input.alias,
      url: url.href,
      redirectUri: loopback.redirectUri,
      issuer: as.issuer,
      ...(input.scopes ? {scopes: input.scopes} : {}),
      reason: input.reason,
      paste: async (text) => {
        let redirect: URL;
        try {
          redirect = new URL(text.trim());
        } catch {
          throw new AuthError('callback-invalid', `that is not a URL; paste the whole address the browser ended on (it starts with ${loopback.redirectUri})`);
        }
        const answer = await judge(redirect);
        if (answer.status !== 200) throw new AuthError('callback-invalid', answer.page);
      },
      cancel: onAbort,
      signal: over.signal,
    });
    return await result;
  } finally {
    clearTimeout(timer);
    input.io.signal?.removeEventListener('abort', onAbort);
    over.abort();
    loopback.handle = undefined;
  }
}

async function exchange(input: AuthorizationInput, params: URLSearchParams, state: string, verifier: string): Promise<oauth.TokenEndpointResponse> {
  const {as, client} = input;
  const oclient: oauth.Client = {client_id: client.clientId};
  // Checks `iss` against the recorded issuer by plain string comparison before anything else (RFC 9207 §2.4), then state and error.
  const checked = oauth.validateAuthResponse(as, oclient, params, state);
  const res = await oauth.authorizationCodeGrantRequest(as, oclient, clientAuth(client, input.secret), checked, input.loopback.redirectUri, verifier, {
    additionalParameters: {resource: input.resource},
    signal: requestSignal(input.io),
    [oauth.customFetch]: input.io.fetch,
    ...insecureFor(as.token_endpoint),
  });
  return oauth.processAuthorizationCodeResponse(as, oclient, res);
}

/** Turns oauth4webapi's errors into messages a user can act on. */
export function toAuthError(err: unknown, input: {alias: string; as: oauth.AuthorizationServer}): AuthError {
  if (err instanceof AuthError) return err;
  const issuer = input.as.issuer;
  if (err instanceof oauth.AuthorizationResponseError) {
    return new AuthError('authorization-denied', `${issuer} refused the authorization: ${describeOAuthError(err.error, err.error_description)}`, {cause: err});
  }
  if (err instanceof oauth.ResponseBodyError) {
    return new AuthError('token-failed', `${issuer}'s token endpoint answered ${err.status}: ${describeOAuthError(err.error, err.error_description)}`, {cause: err});
  }
  const message = (err as Error)?.message ?? String(err);
  if (/"iss"/.test(message)) {
    // RFC 9207: on a mismatch nothing else of the response is shown or used.
    return new AuthError('issuer-mismatch', `the authorization response did not come from ${issuer} (${message.includes('missing') ? 'its "iss" parameter is missing, though the server says it sends one' : 'its "iss" parameter names another issuer'}); the code was not used`, {cause: err});
  }
  return new AuthError('token-failed', `logging in to ${input.alias} failed: ${message}`, {cause: err});
}

/** `error: description`, as plain one-line text of bounded length (it comes from a server). */
export function describeOAuthError(error: string, description?: string): string {
  return stripControlLine(`${error}${description ? `: ${description}` : ''}`).slice(0, 300);
}
