// Turns whatever the Anthropic SDK throws into one Error a person can act on.
// The SDK's own messages are JSON dumps ("401 {"type":"error",...}"); the
// status line needs "401 authentication failed — check ANTHROPIC_API_KEY".
import {APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError} from '@anthropic-ai/sdk';
import {AbortError, isAbortError} from './abort.js';
import {ModelError} from './model-error.js';
import {apiModelError, connectionModelError, cutModelError, isCutStream, unknownModelError, type ApiWords} from './api-errors.js';

const WORDS: ApiWords = {prefix: 'Anthropic API:', keyVar: 'ANTHROPIC_API_KEY'};

/** Maps an SDK error (or anything else thrown) to an AbortError or a ModelError. */
export function toModelError(error: unknown, context: {model: string; baseURL: string; answering?: boolean}): Error {
  if (error instanceof APIUserAbortError || isAbortError(error)) return new AbortError();
  // Already in the user's words (the stream's own checks).
  if (error instanceof ModelError) return error;
  if (error instanceof APIConnectionTimeoutError) return connectionModelError('timeout', WORDS, context.baseURL, error);
  // Once the answer has begun, a lost connection is a cut stream, not an unreachable API.
  if (isCutStream(error) || (context.answering && error instanceof APIConnectionError)) return cutModelError(WORDS, error);
  if (error instanceof APIConnectionError) return connectionModelError('network', WORDS, context.baseURL, error);
  if (error instanceof APIError) {
    return apiModelError({status: error.status, type: error.type ?? undefined, detail: error.apiMessage ?? '', message: error.message}, WORDS, context.model, error);
  }
  return unknownModelError(error, WORDS);
}
