// The OpenAI SDK's errors in breakerbox's words (see api-errors.ts).
import {APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError} from 'openai';
import {AbortError, isAbortError} from './abort.js';
import {apiModelError, connectionModelError, cutModelError, isCutStream, unknownModelError, type ApiWords} from './api-errors.js';

const WORDS: ApiWords = {prefix: 'OpenAI-compatible API:', keyVar: 'OPENAI_API_KEY'};

/** Maps an SDK error (or anything else thrown) to an AbortError or a ModelError. */
export function toOpenAIError(error: unknown, context: {model: string; baseURL: string; answering?: boolean}): Error {
  if (error instanceof APIUserAbortError || isAbortError(error)) return new AbortError();
  if (error instanceof APIConnectionTimeoutError) return connectionModelError('timeout', WORDS, context.baseURL, error);
  // Once the answer has begun, a lost connection is a cut stream, not an unreachable API.
  if (isCutStream(error) || (context.answering && error instanceof APIConnectionError)) return cutModelError(WORDS, error);
  if (error instanceof APIConnectionError) return connectionModelError('network', WORDS, context.baseURL, error);
  if (error instanceof APIError) {
    const body = (error.error ?? {}) as {message?: unknown; type?: unknown};
    const detail = typeof body.message === 'string' ? body.message : '';
    return apiModelError({status: error.status, type: typeof body.type === 'string' ? body.type : undefined, detail, message: error.message}, WORDS, context.model, error);
  }
  return unknownModelError(error, WORDS);
}
