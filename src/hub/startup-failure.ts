import {AbortError, McpError, ServerExitedError, TimeoutError} from '../connection/errors.js';
import {tellingLines} from '../util/telling-lines.js';
import {TransportRequestError} from '../transport/errors.js';
import type {FailurePhase} from './types.js';

/** What a failed start is explained with, besides the error. */
export interface FailureContext {
  startupTimeoutMs: number;
  /** The server's recent stderr, oldest first. */
  stderr: string[];
  /** Why the startup watch gave up, when it did. */
  givenUp?: string;
  /** Where the whole stderr is: every reason ends by pointing there. */
  logFile?: string;
}

/** Turns whatever went wrong during startup into a phase and a sentence. */
export function describeStartupFailure(err: unknown, phase: FailurePhase, context: FailureContext): {phase: FailurePhase; reason: string} {
  const r = describe(err, phase, context);
  return {phase: r.phase, reason: context.logFile ? `${r.reason} (full log: ${context.logFile})` : r.reason};
}

function describe(err: unknown, phase: FailurePhase, {startupTimeoutMs, stderr, givenUp}: FailureContext): {phase: FailurePhase; reason: string} {
  const telling = tellingLines(stderr.join('\n'), 2).join(' | ');
  const withStderr = (s: string) => (telling && !s.includes(telling) ? `${s}; stderr: ${telling}` : s);
  if (err instanceof ServerExitedError) {
    if (err.exit.error) return {phase: 'spawn', reason: err.exit.error};
    return {phase, reason: `${err.message}${phase === 'handshake' ? ' during the handshake' : ''}`};
  }
  const what = phase === 'list' ? 'tools/list' : 'server/discover or initialize';
  if (givenUp) return {phase, reason: withStderr(`no answer to ${what}: ${givenUp}`)};
  if (err instanceof TimeoutError || err instanceof AbortError) {
    return {phase, reason: withStderr(`no answer to ${what} within ${startupTimeoutMs} ms (startupTimeoutMs)`)};
  }
  // A remote server that needs the user to log in is not broken: it waits for /login.
  if (err instanceof TransportRequestError && err.code === 'needs-login') return {phase: 'login', reason: err.message};
  if (err instanceof McpError) return {phase, reason: withStderr(`protocol error ${err.code}: ${err.message}`)};
  return {phase, reason: withStderr(err instanceof Error ? err.message : String(err))};
}
