// The server fingerprint: what makes "the same server" from one run to the
// next, so that what breakerbox remembers about a server (its protocol era,
// later a cached catalog or pinned tool definitions) is never applied to a
// different one. Change the command, an argument, the working directory, the
// URL or any env value, and it is a new server with a fresh record.
//
// Env values are secrets more often than not (tokens, keys): only a hash of
// them is kept, and the fingerprint never holds or prints a value.
import {maskUrl} from './mask-url.js';
import {nodeCrypto} from './node-crypto.js';

/** What identifies a server: its alias, how it is reached, and a hash of its env. */
export type FingerprintInput =
  | {
      kind: 'stdio';
      alias: string;
      command: string;
      args: readonly string[];
      /** The directory the server runs in (breakerbox's own when the config sets none). */
      cwd?: string;
      /** The env block of the config (after `${VAR}` expansion); only hashed. */
      env?: Readonly<Record<string, string>>;
    }
  | {
      kind: 'http';
      alias: string;
      url: string;
      /** Request headers (often credentials); only hashed. */
      headers?: Readonly<Record<string, string>>;
      env?: Readonly<Record<string, string>>;
    };

/** A server's identity across runs. Holds no secret. */
export interface ServerFingerprint {
  /** 32 hex characters of SHA-256 over everything below; the record's key. */
  readonly id: string;
  readonly alias: string;
  readonly kind: 'stdio' | 'http';
  /** The command line (JSON array) or the URL with its credentials masked, for people reading a record. */
  readonly target: string;
  /** 16 hex characters of SHA-256 over the env names and values (and HTTP headers); '' when there are none. */
  readonly secretsHash: string;
}

/** The fingerprint of one configured server. */
export function serverFingerprint(input: FingerprintInput): ServerFingerprint {
  const reached = input.kind === 'stdio' ? JSON.stringify([input.command, ...input.args]) : input.url;
  const where = input.kind === 'stdio' ? (input.cwd ?? '') : '';
  const secrets = {...sortedEntries(input.env, 'env'), ...(input.kind === 'http' ? sortedEntries(input.headers, 'header') : {})};
  const secretsHash = Object.keys(secrets).length === 0 ? '' : sha256(JSON.stringify(secrets)).slice(0, 16);
  // A JSON array of the parts: no separator a value could forge. The URL as
  // configured, credentials and all: a new key is a new server, and the ids of
  // records already on disk stay what they were.
  const id = sha256(JSON.stringify(['breakerbox-server/1', input.alias, input.kind, reached, where, secretsHash])).slice(0, 32);
  // What a person reads in the record: a URL's userinfo and secret-looking query values masked.
  const target = input.kind === 'stdio' ? reached : maskUrl(input.url);
  return {id, alias: input.alias, kind: input.kind, target, secretsHash};
}

function sortedEntries(map: Readonly<Record<string, string>> | undefined, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(map ?? {}).sort()) out[`${prefix}:${key}`] = map![key]!;
  return out;
}

function sha256(text: string): string {
  return nodeCrypto().createHash('sha256').update(text).digest('hex');
}
