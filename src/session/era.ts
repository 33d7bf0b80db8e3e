import type {Connection} from '../connection/connection.js';
import {AbortError, McpError, ProtocolViolationError} from '../connection/errors.js';
import {LEGACY_VERSIONS, MODERN_VERSION, type Era, type Implementation, type ServerCapabilities} from './mcp-types.js';
import {META, isModernVersion, withModernMeta} from './meta.js';

/** What the handshake learned about a server. */
export interface Handshake {
  era: Era;
  protocolVersion: string;
  serverInfo?: Implementation;
  capabilities: ServerCapabilities;
  instructions?: string;
  /** A short sentence on how the era was decided, for the trace pane. */
  decision: string;
}

/** Inputs to era detection. */
export interface EraOptions {
  clientInfo: Implementation;
  /** Capabilities as each era spells them. */
  modernCapabilities: Record<string, unknown>;
  legacyCapabilities: Record<string, unknown>;
  timeoutMs: number;
  /** How long the probe runs alone before `initialize` is sent beside it. */
  probeWaitMs: number;
  signal?: AbortSignal;
}

export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/**
 * Probe with `server/discover`; fall back to `initialize` on any other error,
 * or send it alongside when the probe is silent for `probeWaitMs`. A late
 * DiscoverResult still wins, so a slow modern server (a cold `npx`) is never
 * taken for a legacy one, and a silent legacy server is never left waiting.
 */
export async function detectEra(conn: Connection, o: EraOptions): Promise<Handshake> {
  const started = Date.now();
  const remaining = () => Math.max(1, o.timeoutMs - (Date.now() - started));
  const probe = new AbortController();
  const onOuterAbort = () => probe.abort(o.signal?.reason);
  o.signal?.addEventListener('abort', onOuterAbort, {once: true});

  const discover = conn
    .request('server/discover', withModernMeta({}, MODERN_VERSION, o.clientInfo, o.modernCapabilities), {timeoutMs: o.timeoutMs, signal: probe.signal})
    .then((r) => modernHandshake(r, MODERN_VERSION, 'server/discover answered'));

  let waitTimer: NodeJS.Timeout | undefined;
  try {
    return await new Promise<Handshake>((resolve, reject) => {
      let settled = false;
      const ok = (h: Handshake) => (settled ? undefined : ((settled = true), resolve(h)));
      const fail = (e: Error) => (settled ? undefined : ((settled = true), reject(e)));
      let discoverFailed = false;
      let initStarted = false;
      let initError: Error | undefined;

      // Aborted when the probe wins, so a modern server that was merely slow is
      // not also put through the legacy handshake (no notifications/initialized).
      const initAbort = new AbortController();
      o.signal?.addEventListener('abort', () => initAbort.abort(o.signal?.reason), {once: true});
      const startInitialize = () => {
        if (initStarted) return;
        initStarted = true;
        legacyHandshake(conn, {...o, signal: initAbort.signal}, remaining(), () => !settled).then(
          (h) => {
            probe.abort('legacy handshake completed');
            ok(h);
          },
          (err: Error) => {
            initError = err;
            // While the probe is out, a modern server may still answer it.
            if (discoverFailed) fail(err);
          },
        );
      };
      waitTimer = setTimeout(startInitialize, o.probeWaitMs);

      discover.then((h) => {
        if (initStarted && !settled) initAbort.abort('server/discover answered first');
        ok(h);
      }, (err: Error) => {
        discoverFailed = true;
        if (err instanceof McpError && err.code === UNSUPPORTED_PROTOCOL_VERSION) {
          // A modern server that wants another version: never fall back.
          retryWithSupported(conn, o, err, remaining()).then(ok, fail);
        } else if (settled || err instanceof AbortError || isExit(err)) {
          fail(err);
        } else if (initError) {
          fail(initError);
        } else {
          startInitialize();
        }
      });
    });
  } finally {
    clearTimeout(waitTimer);
    o.signal?.removeEventListener('abort', onOuterAbort);
  }
}

function isExit(err: Error): boolean {
  return (err as {code?: unknown}).code === 'exited';
}

export async function retryWithSupported(conn: Connection, o: EraOptions, err: McpError, timeoutMs: number): Promise<Handshake> {
  const supported = Array.isArray((err.data as {supported?: unknown})?.supported) ? ((err.data as {supported: unknown[]}).supported) : [];
  const modern = supported.filter(isModernVersion).sort().reverse();
  const version = modern.includes(MODERN_VERSION) ? MODERN_VERSION : modern[0];
  if (!version) {
    throw new McpError(err.code, `server/discover: unsupported protocol version, and the server offers no modern version we can use (supported: ${JSON.stringify(supported)})`, err.data);
  }
  const result = await conn.request('server/discover', withModernMeta({}, version, o.clientInfo, o.modernCapabilities), {timeoutMs, signal: o.signal});
  return modernHandshake(result, version, `server/discover rejected ${MODERN_VERSION} (-32022); retried with ${version}`);
}

export function modernHandshake(result: Record<string, unknown>, requested: string, how: string): Handshake {
  const versions = Array.isArray(result.supportedVersions) ? result.supportedVersions.filter((v): v is string => typeof v === 'string') : [];
  if (versions.length === 0) throw new ProtocolViolationError('server/discover result has no supportedVersions');
  const version = versions.includes(requested) ? requested : versions.filter(isModernVersion).sort().reverse()[0];
  if (!version) throw new ProtocolViolationError(`server/discover offers no modern version (${versions.join(', ')})`);
  const meta = (result._meta ?? {}) as Record<string, unknown>;
  return {
    era: 'modern',
    protocolVersion: version,
    serverInfo: asImplementation(meta[META.serverInfo]),
    capabilities: isObject(result.capabilities) ? (result.capabilities as ServerCapabilities) : {},
    instructions: typeof result.instructions === 'string' ? result.instructions : undefined,
    decision: `modern: ${how}; using ${version}`,
  };
}

export async function legacyHandshake(conn: Connection, o: EraOptions, timeoutMs: number, stillWanted: () => boolean): Promise<Handshake> {
  const result = await conn.request(
    'initialize',
    {protocolVersion: LEGACY_VERSIONS[0], capabilities: o.legacyCapabilities, clientInfo: o.clientInfo},
    {timeoutMs, signal: o.signal},
  );
  const version = result.protocolVersion;
  if (typeof version !== 'string' || !(LEGACY_VERSIONS as readonly string[]).includes(version)) {
    throw new ProtocolViolationError(`initialize: the server chose protocol version ${JSON.stringify(version)}, which breakerbox does not speak (${LEGACY_VERSIONS.join(', ')})`);
  }
  if (stillWanted()) conn.notify('notifications/initialized');
  return {
    era: 'legacy',
    protocolVersion: version,
    serverInfo: asImplementation(result.serverInfo),
    capabilities: isObject(result.capabilities) ? (result.capabilities as ServerCapabilities) : {},
    instructions: typeof result.instructions === 'string' ? result.instructions : undefined,
    decision: `legacy: initialize agreed on ${version}`,
  };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function asImplementation(v: unknown): Implementation | undefined {
  if (!isObject(v) || typeof v.name !== 'string') return undefined;
  return {name: v.name, version: typeof v.version === 'string' ? v.version : undefined, title: typeof v.title === 'string' ? v.title : undefined};
}

