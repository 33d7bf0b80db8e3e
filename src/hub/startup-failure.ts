import {AbortError, McpError, ServerExitedError, TimeoutError} from '../connection/errors.js';
import {TransportRequestError} from '../transport/errors.js';
import type {FailurePhase} from './types.js';

/** Turns whatever went wrong during startup into a phase and a sentence. */
export function describeStartupFailure(err: unknown, phase: FailurePhase, startupTimeoutMs: number, stderrTail?: string): {phase: FailurePhase; reason: string} {
  const withStderr = (s: string) => (stderrTail && !s.includes(stderrTail) ? `${s}; stderr: ${stderrTail}` : s);
  if (err instanceof ServerExitedError) {
    if (err.exit.error) return {phase: 'spawn', reason: err.exit.error};
    return {phase, reason: `${err.message}${phase === 'handshake' ? ' during the handshake' : ''}`};
  }
  if (err instanceof TimeoutError || err instanceof AbortError) {
    const what = phase === 'list' ? 'tools/list' : 'server/discover or initialize';
    return {phase, reason: withStderr(`no answer to ${what} within ${startupTimeoutMs} ms (startupTimeoutMs)`)};
  }
  // A remote server that needs the user to log in is not broken: it waits for /login.
  if (err instanceof TransportRequestError && err.code === 'needs-login') return {phase: 'login', reason: err.message};
  if (err instanceof McpError) return {phase, reason: withStderr(`protocol error ${err.code}: ${err.message}`)};
  return {phase, reason: withStderr(err instanceof Error ? err.message : String(err))};
}
