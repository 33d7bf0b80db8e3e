// Multi round-trip requests (modern era): a `tools/call`, `resources/read` or
// `prompts/get` may come back `input_required`; the client answers the
// server's input requests and sends the same request again (new id) with
// `inputResponses` and the opaque `requestState`, up to a round limit.
import {ProtocolViolationError} from '../connection/errors.js';
import type {Era, InputRequest} from './mcp-types.js';
import {isRecord} from './paginate.js';
import {answerInputRequests, type ClientFeatures} from './server-requests.js';

/** A modern request that kept answering `input_required` past the round limit. */
export class InputRoundsError extends Error {
  override readonly name = 'InputRoundsError';
  readonly code = 'input-rounds';
}

/** Who asks and how far to go. */
export interface RoundsContext {
  era: Era;
  method: string;
  alias: string;
  /** What the request is about, for messages and the UI that answers (a tool name, a URI). */
  subject: string;
  features: ClientFeatures;
  signal?: AbortSignal;
  /** Most rounds before giving up (default 5). */
  maxRounds?: number;
}

/** Sends `base`, answering MRTR rounds; resolves to the complete result. */
export async function requestRounds(
  send: (params: Record<string, unknown>) => Promise<Record<string, unknown>>,
  base: Record<string, unknown>,
  ctx: RoundsContext,
  /** The answer to `base` when the caller already sent it (see `needsRounds`). */
  first?: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const maxRounds = ctx.maxRounds ?? 5;
  let params = base;
  for (let round = 1; ; round++) {
    const result = round === 1 && first !== undefined ? first : await send(params);
    if (result.resultType !== 'input_required' || ctx.era !== 'modern') return complete(result, ctx.method);
    if (round >= maxRounds) throw new InputRoundsError(`${ctx.subject}: the server still asked for more input after ${maxRounds} rounds; giving up`);
    if (!isRecord(result.inputRequests)) throw new ProtocolViolationError(`${ctx.subject}: an input_required result without an inputRequests object`);
    const requests = result.inputRequests as Record<string, InputRequest>;
    const inputResponses = await answerInputRequests(requests, ctx.features, {alias: ctx.alias, tool: ctx.subject, signal: ctx.signal});
    params = {...base, inputResponses, ...(typeof result.requestState === 'string' ? {requestState: result.requestState} : {})};
  }
}

/**
 * Whether an answer asks for another round. Nearly none do: the caller sends
 * the first request itself and enters `requestRounds` only for these, which
 * saves an async frame, a context and a closure on every call.
 */
export function needsRounds(result: Record<string, unknown>, era: Era): boolean {
  return era === 'modern' && result.resultType === 'input_required';
}

/** Absent `resultType` means complete; anything but complete here is a protocol violation. */
export function complete(result: Record<string, unknown>, method: string): Record<string, unknown> {
  const type = result.resultType;
  if (type === undefined || type === 'complete') return result;
  throw new ProtocolViolationError(`${method}: unexpected resultType ${JSON.stringify(type)}`);
}
