// Turns whatever the SDK throws into one Error a person can act on. The SDK's
// own messages are JSON dumps ("401 {"type":"error",...}"); the status line
// needs "401 authentication failed — check ANTHROPIC_API_KEY".
import {APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError} from '@anthropic-ai/sdk';
import {AbortError, isAbortError} from './abort.js';
import {ModelError, type ModelErrorCode} from './model-error.js';

const PREFIX = 'Anthropic API:';

/** Maps an SDK error (or anything else thrown) to an AbortError or a ModelError. */
export function toModelError(error: unknown, context: {model: string; baseURL: string}): Error {
  if (error instanceof APIUserAbortError || isAbortError(error)) return new AbortError();
  if (error instanceof APIConnectionTimeoutError) {
    return new ModelError('timeout', `${PREFIX} request timed out — the API did not answer in time`, undefined, {cause: error});
  }
  if (error instanceof APIConnectionError) {
    const cause = causeMessage(error);
    return new ModelError(
      'network',
      `${PREFIX} network error — cannot reach ${context.baseURL}${cause ? ` (${cause})` : ''}`,
      undefined,
      {cause: error},
    );
  }
  if (error instanceof APIError) return fromApiError(error, context.model);
  const message = error instanceof Error ? error.message : String(error);
  return new ModelError('unknown', `${PREFIX} ${oneLine(message)}`, undefined, {cause: error});
}

function fromApiError(error: APIError, model: string): ModelError {
  const status = error.status;
  const detail = oneLine(error.apiMessage ?? '');
  const tail = detail ? ` (${detail})` : '';
  const make = (code: ModelErrorCode, text: string) => new ModelError(code, `${PREFIX} ${text}`, status, {cause: error});

  // An `error` event in the middle of a stream has a type but no status.
  if (error.type === 'overloaded_error' || status === 529) {
    return make('overloaded', `${status ? `${status} ` : ''}overloaded — the API is busy, try again shortly${tail}`);
  }
  switch (status) {
    case 401:
      return make('auth', `401 authentication failed — check ANTHROPIC_API_KEY${tail}`);
    case 403:
      return make('permission', `403 permission denied — this key may not use ${model}${tail}`);
    case 404:
      return make('not-found', `404 not found — is the model id "${model}" right?${tail}`);
    case 413:
      return make('too-large', `413 request too large — the conversation or tool table is too big${tail}`);
    case 429:
      return make('rate-limit', `429 rate limited — too many requests or tokens, wait and retry${tail}`);
  }
  if (status === undefined) {
    const type = error.type ?? 'error';
    return make('stream', `stream failed with ${type}${tail}`);
  }
  if (status >= 500) return make('server', `${status} server error — the API failed, try again${tail}`);
  if (status === 400 || status === 422) return make('bad-request', `${status} bad request${tail || ` (${oneLine(error.message)})`}`);
  return make('unknown', `${status} ${detail || oneLine(error.message)}`);
}

function causeMessage(error: Error): string {
  const cause = (error as {cause?: unknown}).cause;
  if (!(cause instanceof Error)) return '';
  const inner = (cause as {cause?: unknown}).cause;
  // undici hides the useful part (ECONNREFUSED …) one level further down.
  return oneLine(inner instanceof Error ? inner.message : cause.message);
}

/** Server text goes to a status line: one line, bounded, no control characters. */
function oneLine(text: string): string {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 299)}…` : flat;
}
