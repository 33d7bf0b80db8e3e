import {InputRoundsError} from '../session/session.js';
import {AbortError, McpError, ProtocolViolationError, ResponseTooLargeError, ServerExitedError, TimeoutError} from '../connection/errors.js';
import {TransportRequestError} from '../transport/errors.js';
import type {HubCallResult} from './types.js';

/** An `isError` result the model can read, with the client-side reason attached. */
export function errorResult(text: string, failure: HubCallResult['failure'], extra: Partial<HubCallResult> = {}): HubCallResult {
  return {content: [{type: 'text', text}], isError: true, failure, durationMs: 0, ...extra};
}

/** Every way a call can throw becomes a result: the loop never sees an exception. */
export function resultFromError(err: unknown, alias: string, tool: string, timeoutMs: number): HubCallResult {
  const who = `${alias}/${tool}`;
  if (err instanceof TimeoutError) return errorResult(`${who} timed out after ${err.timeoutMs || timeoutMs} ms (the server was sent a cancellation)${err.detail ? `; ${err.detail}` : ''}`, 'timeout');
  // The server answered, so this says nothing about its health (the circuit does not count it).
  if (err instanceof ResponseTooLargeError) return errorResult(`${who} failed: ${err.message}; the answer was dropped unread`, 'too-large');
  if (err instanceof AbortError) return errorResult(`${who} was cancelled by the user`, 'aborted');
  if (err instanceof ServerExitedError) return errorResult(`the server ${alias} stopped during the call to ${tool}: ${err.message}`, 'exited');
  if (err instanceof InputRoundsError) return errorResult(err.message, 'input-rounds');
  // Network failures, 5xx and stalled streams say the server is in trouble; a 4xx is an answer.
  if (err instanceof TransportRequestError) return errorResult(`${who} failed: ${err.message}`, err.transient ? 'unreachable' : 'refused');
  if (err instanceof McpError) {
    return errorResult(`protocol error ${err.code}: ${err.message}`, 'protocol', {protocolError: {code: err.code, message: err.message}});
  }
  if (err instanceof ProtocolViolationError) {
    return errorResult(`protocol error: ${err.message}`, 'protocol', {protocolError: {code: -32603, message: err.message}});
  }
  return errorResult(`${who} failed inside breakerbox: ${err instanceof Error ? err.message : String(err)}`, 'internal');
}
