// Who breakerbox is to an authorization server, in the spec's order:
// a client pre-registered in the config, a Client ID Metadata Document URL,
// then Dynamic Client Registration (RFC 7591, deprecated but common).
import * as oauth from 'oauth4webapi';
import type {OAuthConfig} from '../config/types.js';
import {AuthError} from './errors.js';
import {requestSignal, type AuthIo} from './http.js';
import type {ClientAuthMethod, ClientRecord} from './token-store.js';
import {isLoopback} from './urls.js';

/** The client from the config or a metadata document; undefined when registration is needed. */
export function configuredClient(config: OAuthConfig | undefined, as: oauth.AuthorizationServer): ClientRecord | undefined {
  if (config?.clientId) {
    return {clientId: config.clientId, authMethod: chooseAuthMethod(as, config.clientSecret !== undefined), source: 'config'};
  }
  if (config?.clientMetadataUrl && as.client_id_metadata_document_supported === true) {
    return {clientId: config.clientMetadataUrl, authMethod: 'none', source: 'metadata-document'};
  }
  return undefined;
}

/**
 * The method the server advertises for a client with or without a secret.
 * RFC 8414 §2: an absent list means client_secret_basic.
 */
export function chooseAuthMethod(as: oauth.AuthorizationServer, hasSecret: boolean): ClientAuthMethod {
  const supported = as.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  if (!hasSecret) return 'none';
  if (supported.includes('client_secret_basic')) return 'client_secret_basic';
  if (supported.includes('client_secret_post')) return 'client_secret_post';
  return 'client_secret_basic';
}

/** Registers breakerbox as a native public client (or confidential, if the server only allows that). */
export async function registerClient(as: oauth.AuthorizationServer, redirectUri: string, scopes: string[] | undefined, io: AuthIo): Promise<ClientRecord> {
  if (!as.registration_endpoint) {
    throw new AuthError(
      'no-client',
      `${as.issuer} supports neither Client ID Metadata Documents nor Dynamic Client Registration: register a client there and put its id (and secret) in this server's "oauth": {"clientId": …} config`,
    );
  }
  const supported = as.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  const wanted: ClientAuthMethod = supported.includes('none') ? 'none' : supported.includes('client_secret_basic') ? 'client_secret_basic' : supported.includes('client_secret_post') ? 'client_secret_post' : 'none';
  const metadata = {
    client_name: 'breakerbox',
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: wanted,
    // A CLI on this machine with a loopback redirect is a native application (SEP-837).
    application_type: 'native',
    ...(scopes?.length ? {scope: scopes.join(' ')} : {}),
  };
  let json: Record<string, unknown>;
  try {
    const res = await oauth.dynamicClientRegistrationRequest(as, metadata, {...insecureFor(as.registration_endpoint), signal: requestSignal(io), [oauth.customFetch]: io.fetch});
    json = await readRegistration(res);
  } catch (err) {
    if (err instanceof AuthError) throw err;
    throw new AuthError('registration-failed', `registering with ${as.issuer} failed: ${(err as Error).message}`, {cause: err});
  }
  const clientId = json.client_id;
  if (typeof clientId !== 'string' || clientId === '') throw new AuthError('registration-failed', `${as.issuer} answered the registration without a client_id`);
  const secret = typeof json.client_secret === 'string' && json.client_secret !== '' ? json.client_secret : undefined;
  const given = json.token_endpoint_auth_method;
  // The answer's method wins (RFC 7591 §3.2.1); a method needing a secret without one falls back to none.
  const method: ClientAuthMethod = given === 'none' || given === 'client_secret_basic' || given === 'client_secret_post' ? given : wanted;
  return {clientId, ...(secret ? {clientSecret: secret} : {}), authMethod: secret ? method : 'none', source: 'registered', redirectUri};
}

// oauth4webapi's response check insists on client_secret_expires_at, which
// many servers (and the conformance suite's) leave out; RFC 7591 §3.2.1 answers
// are read here instead, leniently on that one field.
async function readRegistration(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const body = json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
  if (res.status !== 201 && res.status !== 200) {
    const detail = body?.error ? `${String(body.error)}${body.error_description ? `: ${String(body.error_description)}` : ''}` : `HTTP ${res.status}`;
    throw new AuthError('registration-failed', `the registration was refused (${detail.slice(0, 300)})`);
  }
  if (!body) throw new AuthError('registration-failed', 'the registration answer is not a JSON object');
  return body;
}

/** The client authentication oauth4webapi applies on the token endpoint. */
export function clientAuth(client: ClientRecord, secret: string | undefined): oauth.ClientAuth {
  if (client.authMethod === 'none' || secret === undefined) return oauth.None();
  return client.authMethod === 'client_secret_post' ? oauth.ClientSecretPost(secret) : clientSecretBasic(secret);
}

// RFC 6749 §2.3.1: id and secret form-urlencoded, then Basic. oauth4webapi's
// own version also escapes "-", "." and "_", which servers that compare the
// decoded header without unescaping (the conformance suite's among them) refuse.
function clientSecretBasic(secret: string): oauth.ClientAuth {
  const encode = (s: string) => new URLSearchParams({s}).toString().slice(2);
  return (_as, client, _body, headers) => {
    headers.set('authorization', `Basic ${Buffer.from(`${encode(client.client_id)}:${encode(secret)}`).toString('base64')}`);
  };
}

/** oauth4webapi refuses plain http; this allows it for endpoints on this machine only (the rest were refused at discovery). */
export function insecureFor(endpoint: string | undefined): {[oauth.allowInsecureRequests]?: boolean} {
  return endpoint && isLoopback(new URL(endpoint)) ? {[oauth.allowInsecureRequests]: true} : {};
}
