// A remote server's `oauth` block, with variables expanded and the checks the
// schema cannot make: a secret needs an id, a metadata document URL is https
// with a path (the Client ID Metadata Document draft requires both).
import type {RawHttpServer} from './schema.js';
import type {Expander, OAuthConfig} from './types.js';

/** The expanded block; problems go to `problems` under their JSON path. */
export function oauthConfig(raw: NonNullable<RawHttpServer['oauth']>, expand: Expander, problems: string[], at: (...p: Array<string | number>) => string): OAuthConfig {
  const out: OAuthConfig = {};
  if (raw.clientId !== undefined) out.clientId = expand(raw.clientId, 'oauth', 'clientId');
  if (raw.clientSecret !== undefined) out.clientSecret = expand(raw.clientSecret, 'oauth', 'clientSecret');
  if (raw.clientMetadataUrl !== undefined) out.clientMetadataUrl = expand(raw.clientMetadataUrl, 'oauth', 'clientMetadataUrl');
  if (raw.scopes) out.scopes = raw.scopes;
  if (raw.callbackPort !== undefined) out.callbackPort = raw.callbackPort;
  if (out.clientSecret !== undefined && !out.clientId) problems.push(`${at('oauth', 'clientSecret')}: needs "clientId" beside it`);
  if (out.clientMetadataUrl !== undefined && !httpsWithPath(out.clientMetadataUrl)) {
    problems.push(`${at('oauth', 'clientMetadataUrl')}: must be an https URL with a path, e.g. "https://example.com/breakerbox-client.json"`);
  }
  return out;
}

function httpsWithPath(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.pathname !== '/';
  } catch {
    return false;
  }
}
