// Opening a session on a server that may need more than one process: the
// plan comes from the config pin, the era the per-server record remembers,
// or the probe; a server that dies on the probe is started again and spoken
// to in legacy directly; a remembered era that fails falls back to the probe.
import {AbortError, ServerExitedError} from '../connection/errors.js';
import type {ProtocolSetting} from '../config/protocol.js';
import {isModernVersion} from '../config/protocol.js';
import type {Transport} from '../transport/types.js';
import {ProbeUnansweredError, type HandshakePlan} from './era.js';
import type {Era} from './mcp-types.js';
import {McpSession, type SessionOptions} from './session.js';

/** What the per-server record remembers about a server's era. */
export interface RememberedEra {
  era: Era;
  protocolVersion: string;
}

/** How to open a session that may respawn its server. */
export interface OpenOptions extends Omit<SessionOptions, 'plan'> {
  /** A fresh transport (a new process) for each try; a promise when its module loads on first use (HTTP). */
  makeTransport: () => Transport | Promise<Transport>;
  /** The config's `protocol` key; `auto` when absent. */
  protocol?: ProtocolSetting;
  remembered?: RememberedEra;
  /** Told about every transport as it is made, so its owner can close one still in its handshake. */
  onTransport?: (transport: Transport) => void;
  /** A sentence for the trace pane when a plan fails and another is tried. */
  onNote?: (text: string) => void;
}

/** Opens a session; throws what the last try threw. */
export async function openSession(o: OpenOptions): Promise<McpSession> {
  const deadline = Date.now() + (o.handshakeTimeoutMs ?? 30_000);
  const attempt = (plan: HandshakePlan): Promise<McpSession> => {
    // Never start another process once the owner gave up (its timeout, or it is closing).
    if (o.signal?.aborted) return Promise.reject(new AbortError('the handshake', o.signal.reason));
    const open = (transport: Transport): Promise<McpSession> => {
      o.onTransport?.(transport);
      return McpSession.open(transport, {...o, plan, handshakeTimeoutMs: Math.max(1, deadline - Date.now())});
    };
    const made = o.makeTransport();
    // A stdio transport is made at once (its process spawns in this tick); an
    // HTTP one after its module loads, unopened if the owner gave up meanwhile.
    if (!(made instanceof Promise)) return open(made);
    return made.then((transport) => (o.signal?.aborted ? Promise.reject(new AbortError('the handshake', o.signal.reason)) : open(transport)));
  };
  const pinned = pinnedPlan(o.protocol);
  if (pinned) return attempt(pinned);

  if (o.remembered?.era === 'legacy') {
    try {
      return await attempt({kind: 'legacy', decidedBy: 'remembered', probeOnRefusal: true});
    } catch (err) {
      // A refusal was already handled on the same process; an exit means a fresh one, probed.
      if (!diedAfterStarting(err)) throw err;
      o.onNote?.(`the remembered legacy era failed (${err.message.slice(0, 200)}); starting the server again and probing`);
      return attempt({kind: 'probe'});
    }
  }
  try {
    return await attempt({kind: 'probe', remembered: o.remembered?.era});
  } catch (err) {
    if (!(err instanceof ProbeUnansweredError) || !diedAfterStarting(err)) throw err;
    o.onNote?.(`the server ${err.exit.stdoutClosed ? 'closed its stdout' : 'exited'} after the server/discover probe without answering it; starting it again and speaking legacy (initialize) directly`);
    // A modern server that crashed on the probe refuses initialize: probe that process after all.
    return attempt({kind: 'legacy', decidedBy: 'respawned-after-probe', probeOnRefusal: true});
  }
}

/** The plan a `protocol` pin asks for, or undefined for `auto`. */
export function pinnedPlan(protocol: ProtocolSetting | undefined): HandshakePlan | undefined {
  if (protocol === undefined || protocol === 'auto') return undefined;
  if (protocol === 'legacy') return {kind: 'legacy', decidedBy: 'pinned'};
  if (isModernVersion(protocol)) return {kind: 'modern', version: protocol, decidedBy: 'pinned'};
  return {kind: 'legacy', version: protocol, exact: true, decidedBy: 'pinned'};
}

/** The process ended during the handshake, and it did start (a spawn failure is final). */
function diedAfterStarting(err: unknown): err is ServerExitedError {
  return err instanceof ServerExitedError && !err.exit.error;
}
