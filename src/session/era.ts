import type {Connection} from '../connection/connection.js';
import {AbortError, McpError, ProtocolViolationError, ServerExitedError} from '../connection/errors.js';
import {MODERN_VERSION, type Era} from './mcp-types.js';
import {UnsupportedVersionsError} from './version-choice.js';
import {detectEraHttp} from './era-http.js';
import {discover, initialize, retryAfterUnsupported, UNSUPPORTED_PROTOCOL_VERSION, type EraDecision, type Handshake, type HandshakeOptions} from './handshakes.js';

export {ERA_DECISION_TEXT, UNSUPPORTED_PROTOCOL_VERSION, type EraDecision, type Handshake} from './handshakes.js';

/** Inputs to era detection. */
export interface EraOptions extends HandshakeOptions {
  /** How long the probe runs alone before `initialize` is sent beside it. */
  probeWaitMs: number;
}

/**
 * Which handshake to run on a fresh process: the probe (era detection), or
 * one era directly because the config pins it, the per-server record
 * remembers it, or the server just died on the probe.
 */
export type HandshakePlan =
  | {kind: 'probe'; /** The era the record remembers, if any: a match is reported as "remembered". */ remembered?: Era}
  | {kind: 'legacy'; version?: string; exact?: boolean; decidedBy: Exclude<EraDecision, 'probe'>; /** Probe on the same process when the server answers initialize as a non-legacy server would. */ probeOnRefusal?: boolean}
  | {kind: 'modern'; version: string; decidedBy: 'pinned'};

/**
 * The server's process ended (or closed its stdout) before it answered the
 * `server/discover` probe: many legacy servers exit on any request that comes
 * before `initialize`. The caller may start it again and speak legacy directly.
 */
export class ProbeUnansweredError extends ServerExitedError {
  override readonly name = 'ProbeUnansweredError';
}

/** Runs the handshake `plan` asks for on an open connection. */
export async function handshake(conn: Connection, plan: HandshakePlan, o: EraOptions): Promise<Handshake> {
  // HTTP answers every request, so its era detection needs no probe timer (era-http.ts).
  if (plan.kind === 'probe') return conn.transport.kind === 'http' ? detectEraHttp(conn, o, plan.remembered) : detectEra(conn, o, plan.remembered);
  if (plan.kind === 'modern') return pinnedModern(conn, o, plan.version);
  try {
    return await initialize(conn, o, {version: plan.version, exact: plan.exact}, plan.decidedBy);
  } catch (err) {
    // The server answered, but not as a legacy server: the remembered (or guessed) era is wrong.
    if (!plan.probeOnRefusal || !(err instanceof McpError || err instanceof ProtocolViolationError)) throw err;
    const h = await detectEra(conn, o);
    return {...h, decision: `${h.decision} (initialize was refused: ${err.message.slice(0, 200)})`};
  }
}

/** A pinned modern version: `server/discover` at that version, never a fallback. */
async function pinnedModern(conn: Connection, o: EraOptions, version: string): Promise<Handshake> {
  try {
    return await discover(conn, o, version, `server/discover sent at the pinned ${version}`, () => 'pinned');
  } catch (err) {
    if (err instanceof McpError) {
      throw new McpError(err.code, `server/discover at the pinned version ${version} failed: ${err.message} (set "protocol": "auto" to detect the era)`, err.data);
    }
    throw err;
  }
}

/**
 * Probe with `server/discover`; fall back to `initialize` on any other error,
 * or send it alongside when the probe is silent for `probeWaitMs`. A late
 * DiscoverResult still wins, so a slow modern server (a cold `npx`) is never
 * taken for a legacy one, and a silent legacy server is never left waiting.
 */
export async function detectEra(conn: Connection, o: EraOptions, remembered?: Era): Promise<Handshake> {
  const started = Date.now();
  const remaining = () => Math.max(1, o.timeoutMs - (Date.now() - started));
  const decided = (era: Era): EraDecision => (era === remembered ? 'remembered' : 'probe');
  const probe = new AbortController();
  const onOuterAbort = () => probe.abort(o.signal?.reason);
  o.signal?.addEventListener('abort', onOuterAbort, {once: true});
  const discovered = discover(conn, o, MODERN_VERSION, 'server/discover answered', decided, probe.signal);

  let waitTimer: NodeJS.Timeout | undefined;
  try {
    return await new Promise<Handshake>((resolve, reject) => {
      let settled = false;
      const ok = (h: Handshake) => (settled ? undefined : ((settled = true), resolve(h)));
      const fail = (e: Error) => (settled ? undefined : ((settled = true), reject(e)));
      let discoverFailed = false;
      let initStarted = false;
      let initError: Error | undefined;
      // The probe proved a modern server (-32022, or a DiscoverResult): initialize no longer counts,
      // whichever of the two answers is read first.
      let modern = false;

      // Aborted when the probe wins, so a modern server that was merely slow is
      // not also put through the legacy handshake (no notifications/initialized).
      const initAbort = new AbortController();
      o.signal?.addEventListener('abort', () => initAbort.abort(o.signal?.reason), {once: true});
      const startInitialize = () => {
        if (initStarted || modern) return;
        initStarted = true;
        initialize(conn, {...o, timeoutMs: remaining(), signal: initAbort.signal}, {stillWanted: () => !settled && !modern}, decided('legacy')).then(
          (h) => {
            if (modern) return;
            probe.abort('legacy handshake completed');
            ok(h);
          },
          (err: Error) => {
            initError = err;
            // While the probe is out, a modern server may still answer it.
            if (discoverFailed && !modern) fail(err);
          },
        );
      };
      const provedModern = () => {
        modern = true;
        if (initStarted) initAbort.abort('server/discover identified a modern server');
      };
      waitTimer = setTimeout(startInitialize, o.probeWaitMs);

      discovered.then(
        (h) => {
          if (initStarted && !settled) initAbort.abort('server/discover answered first');
          ok(h);
        },
        (err: Error) => {
          discoverFailed = true;
          if (err instanceof McpError && err.code === UNSUPPORTED_PROTOCOL_VERSION) {
            // A modern server that wants another version: never fall back to guessing.
            provedModern();
            retryAfterUnsupported(conn, {...o, timeoutMs: remaining()}, err, MODERN_VERSION, decided).then(ok, fail);
          } else if (err instanceof UnsupportedVersionsError) {
            // A real DiscoverResult, so a modern server, offering nothing breakerbox speaks.
            provedModern();
            fail(err);
          } else if (err instanceof ServerExitedError) {
            fail(new ProbeUnansweredError(err.exit));
          } else if (settled || err instanceof AbortError) {
            fail(err);
          } else if (initError) {
            fail(initError);
          } else {
            startInitialize();
          }
        },
      );
    });
  } finally {
    clearTimeout(waitTimer);
    o.signal?.removeEventListener('abort', onOuterAbort);
  }
}
