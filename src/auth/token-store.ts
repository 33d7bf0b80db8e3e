// What a login leaves behind, per server alias and per issuer, in one 0600
// file under the state directory: never in the session file, a log or a trace.
import {chmodSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import type {AuthorizationServer} from 'oauth4webapi';
import {privateDir} from '../util/state-dir.js';

/** Token endpoint authentication (RFC 7591 §2) breakerbox can do. */
export type ClientAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post';

/** The OAuth client breakerbox is at one authorization server. */
export interface ClientRecord {
  clientId: string;
  /** Only for clients obtained by registration; a configured secret stays in the config. */
  clientSecret?: string;
  authMethod: ClientAuthMethod;
  source: 'config' | 'metadata-document' | 'registered';
  /** The redirect URI registered with it (registered clients only). */
  redirectUri?: string;
}

/** Tokens from one authorization, bound to the resource they were issued for. */
export interface TokenRecord {
  accessToken: string;
  tokenType: string;
  refreshToken?: string;
  /** Epoch ms; absent when the server gave no lifetime. */
  expiresAt?: number;
  /** What the login asked for (kept on step-up). */
  requestedScopes?: string[];
  /** The server URL the tokens may be sent to: nowhere else. */
  serverUrl: string;
  /** The `resource` indicator sent on the token requests. */
  resource: string;
  issuer: string;
}

/** Everything kept for one issuer. */
export interface IssuerRecord {
  /** The validated metadata, for refresh and revocation without discovery. */
  metadata?: AuthorizationServer;
  client?: ClientRecord;
}

/** The file of one server alias. */
export interface AuthRecord {
  version: 1;
  tokens?: TokenRecord;
  issuers: Record<string, IssuerRecord>;
}

/** Reads and writes the auth records of a state directory. */
export class TokenStore {
  constructor(private readonly stateDir: string) {}

  /** The file that holds `alias`'s tokens (aliases are file-name safe by config rules). */
  path(alias: string): string {
    return join(this.stateDir, 'auth', `${alias}.json`);
  }

  read(alias: string): AuthRecord {
    let text: string;
    try {
      text = readFileSync(this.path(alias), 'utf8');
    } catch {
      return empty();
    }
    try {
      const data = JSON.parse(text) as AuthRecord;
      if (data && data.version === 1 && typeof data.issuers === 'object' && data.issuers) return data;
    } catch {
      // A damaged file is as good as none: the user logs in again.
    }
    return empty();
  }

  write(alias: string, record: AuthRecord): void {
    const file = this.path(alias);
    privateDir(this.stateDir, 'auth');
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(record, null, 2) + '\n', {mode: 0o600});
    chmodSync(tmp, 0o600);
    renameSync(tmp, file);
  }

  remove(alias: string): void {
    rmSync(this.path(alias), {force: true});
  }
}

function empty(): AuthRecord {
  return {version: 1, issuers: {}};
}
