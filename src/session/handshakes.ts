// The two handshakes, each on its own: `server/discover` at one modern version
// and `initialize` at one legacy version. Era detection (era.ts) and the
// direct plans (remembered, pinned, after a respawn) are built from these.
import type {Connection} from '../connection/connection.js';
import {McpError, ProtocolViolationError} from '../connection/errors.js';
import {isLegacyVersion, LEGACY_VERSIONS} from '../config/protocol.js';
import type {Era, Implementation, ServerCapabilities} from './mcp-types.js';
import {META, withModernMeta} from './meta.js';
import {chooseVersion, supportedOf, UnsupportedVersionsError} from './version-choice.js';

/** How the era was decided: by the probe, from the per-server record, by the config, or after the server died on the probe. */
export type EraDecision = 'probe' | 'remembered' | 'pinned' | 'respawned-after-probe';

/** Each decision in words, for the trace pane and `--list-tools`. */
export const ERA_DECISION_TEXT: Readonly<Record<EraDecision, string>> = {
  probe: 'detected by the server/discover probe',
  remembered: 'remembered from the last start',
  pinned: 'pinned by the "protocol" config key',
  'respawned-after-probe': 'respawned after the probe (the server died on server/discover)',
};

/** What the handshake learned about a server. */
export interface Handshake {
  era: Era;
  protocolVersion: string;
  serverInfo?: Implementation;
  capabilities: ServerCapabilities;
  instructions?: string;
  /** A short sentence on how the era was decided, for the trace pane. */
  decision: string;
  /** Which way the era was decided. */
  decidedBy: EraDecision;
}

/** Inputs every handshake needs. */
export interface HandshakeOptions {
  clientInfo: Implementation;
  /** Capabilities as each era spells them. */
  modernCapabilities: Record<string, unknown>;
  legacyCapabilities: Record<string, unknown>;
  timeoutMs: number;
  signal?: AbortSignal;
}

export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/**
 * `server/discover` at `version`. The DiscoverResult must list a version
 * breakerbox speaks: a modern one is used as is; a dual-era server listing
 * only a legacy one is then spoken to through `initialize`.
 */
export async function discover(conn: Connection, o: HandshakeOptions, version: string, how: string, decidedBy: (era: Era) => EraDecision, signal = o.signal): Promise<Handshake> {
  const result = await conn.request('server/discover', withModernMeta({}, version, o.clientInfo, o.modernCapabilities), {timeoutMs: o.timeoutMs, signal});
  const offered = Array.isArray(result.supportedVersions) ? result.supportedVersions : [];
  const choice = offered.includes(version) ? undefined : chooseVersion(offered);
  if (choice?.era === 'legacy') return initialize(conn, {...o, signal}, {version: choice.version}, decidedBy('legacy'));
  return modernHandshake(result, version, how, decidedBy('modern'));
}

/** Reads a DiscoverResult; only a version breakerbox implements is ever used. */
export function modernHandshake(result: Record<string, unknown>, requested: string, how: string, decidedBy: EraDecision): Handshake {
  const offered = Array.isArray(result.supportedVersions) ? result.supportedVersions : [];
  if (offered.length === 0) throw new ProtocolViolationError('server/discover result has no supportedVersions');
  const version = offered.includes(requested) ? requested : chooseVersion(offered, ['modern'])?.version;
  if (!version) throw new UnsupportedVersionsError(offered, 'server/discover: the server');
  const meta = isObject(result._meta) ? result._meta : {};
  return {
    era: 'modern',
    protocolVersion: version,
    serverInfo: asImplementation(meta[META.serverInfo]),
    capabilities: isObject(result.capabilities) ? (result.capabilities as ServerCapabilities) : {},
    instructions: typeof result.instructions === 'string' ? result.instructions : undefined,
    decision: `modern: ${how}; using ${version}`,
    decidedBy,
  };
}

/** What `initialize` may agree on: any legacy version breakerbox speaks, or exactly one (a pin). */
export interface LegacyTerms {
  version?: string;
  /** Accept only `version` back (the config pins it). */
  exact?: boolean;
  /** Whether `notifications/initialized` should still go out when the answer arrives. */
  stillWanted?: () => boolean;
}

/** The `initialize` handshake, then `notifications/initialized`. */
export async function initialize(conn: Connection, o: HandshakeOptions, terms: LegacyTerms, decidedBy: EraDecision): Promise<Handshake> {
  const asked = terms.version ?? LEGACY_VERSIONS[0];
  const result = await conn.request('initialize', {protocolVersion: asked, capabilities: o.legacyCapabilities, clientInfo: o.clientInfo}, {timeoutMs: o.timeoutMs, signal: o.signal});
  const version = result.protocolVersion;
  if (terms.exact && version !== asked) {
    throw new ProtocolViolationError(`initialize: the server chose protocol version ${JSON.stringify(version)}, but the config pins "protocol": "${asked}"`);
  }
  if (!isLegacyVersion(version)) {
    throw new ProtocolViolationError(`initialize: the server chose protocol version ${JSON.stringify(version)}, which breakerbox does not speak (${LEGACY_VERSIONS.join(', ')})`);
  }
  if (terms.stillWanted?.() ?? true) conn.notify('notifications/initialized');
  return {
    era: 'legacy',
    protocolVersion: version,
    serverInfo: asImplementation(result.serverInfo),
    capabilities: isObject(result.capabilities) ? (result.capabilities as ServerCapabilities) : {},
    instructions: typeof result.instructions === 'string' ? result.instructions : undefined,
    decision: `legacy: initialize agreed on ${version}`,
    decidedBy,
  };
}

/**
 * After -32022 from a modern server: retry with a version from its
 * `data.supported` that breakerbox speaks (a legacy one means `initialize`),
 * or fail naming what it offered and what breakerbox speaks.
 */
export function retryAfterUnsupported(conn: Connection, o: HandshakeOptions, err: McpError, asked: string, decidedBy: (era: Era) => EraDecision): Promise<Handshake> {
  const offered = supportedOf(err.data);
  const choice = chooseVersion(offered);
  const how = `server/discover rejected ${asked} (-32022)`;
  if (!choice) return Promise.reject(new UnsupportedVersionsError(offered, `${how}; the server`));
  if (choice.era === 'modern') return discover(conn, o, choice.version, `${how}; retried with ${choice.version}`, decidedBy);
  return initialize(conn, o, {version: choice.version}, decidedBy('legacy'));
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function asImplementation(v: unknown): Implementation | undefined {
  if (!isObject(v) || typeof v.name !== 'string') return undefined;
  return {name: v.name, version: typeof v.version === 'string' ? v.version : undefined, title: typeof v.title === 'string' ? v.title : undefined};
}
