// The words of a failed model request, shared by the HTTP providers: each SDK
// has its own error classes, but a 401 is "check your key" whichever API said
// it. The providers' own files only say which class is which.
import {ModelError, type ModelErrorCode} from './model-error.js';

/** Who is speaking: the message prefix and the variable that holds the key. */
export interface ApiWords {
  prefix: string;
  keyVar: string;
}

/** What an SDK's API error says, in common terms. */
export interface ApiErrorFacts {
  status?: number;
  /** The API's error type, e.g. `overloaded_error`. */
  type?: string;
  /** The API's own message, if it sent one. */
  detail: string;
  /** The SDK's message, used when the API sent none. */
  message: string;
}

/** A ModelError for an HTTP answer (or an `error` event in a stream). */
export function apiModelError(facts: ApiErrorFacts, words: ApiWords, model: string, cause: unknown): ModelError {
  const {status} = facts;
  const detail = oneLine(facts.detail);
  const tail = detail ? ` (${detail})` : '';
  const make = (code: ModelErrorCode, text: string) => new ModelError(code, `${words.prefix} ${text}`, status, {cause});
  // An `error` event in the middle of a stream has a type but no status.
  if (facts.type === 'overloaded_error' || status === 529) {
    return make('overloaded', `${status ? `${status} ` : ''}overloaded — the API is busy, try again shortly${tail}`);
  }
  switch (status) {
    case 401:
      return make('auth', `401 authentication failed — check ${words.keyVar}${tail}`);
    case 403:
      return make('permission', `403 permission denied — this key may not use ${model}${tail}`);
    case 404:
      return make('not-found', `404 not found — is the model id "${model}" right?${tail}`);
    case 413:
      return make('too-large', `413 request too large — the conversation or tool table is too big${tail}`);
    case 429:
      return make('rate-limit', `429 rate limited — too many requests or tokens, wait and retry${tail}`);
  }
  if (status === undefined) return make('stream', `stream failed with ${facts.type ?? 'error'}${tail}`);
  if (status >= 500) return make('server', `${status} server error — the API failed, try again${tail}`);
  if (status === 400 || status === 422) return make('bad-request', `${status} bad request${tail || ` (${oneLine(facts.message)})`}`);
  return make('unknown', `${status} ${detail || oneLine(facts.message)}`);
}

/** A ModelError for a request that never got an answer. */
export function connectionModelError(kind: 'timeout' | 'network', words: ApiWords, baseURL: string, cause: Error): ModelError {
  if (kind === 'timeout') return new ModelError('timeout', `${words.prefix} request timed out — the API did not answer in time`, undefined, {cause});
  const why = causeMessage(cause);
  return new ModelError('network', `${words.prefix} network error — cannot reach ${baseURL}${why ? ` (${why})` : ''}`, undefined, {cause});
}

/**
 * A connection that closed after the answer began: the API was reached, so
 * "cannot reach" would send the user looking at the wrong thing. undici says
 * it with a bare TypeError "terminated" (its cause: "other side closed").
 */
export function cutModelError(words: ApiWords, cause: unknown): ModelError {
  let inner = cause;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  const why = inner !== cause && inner instanceof Error ? oneLine(inner.message) : '';
  return new ModelError('network', `${words.prefix} the connection closed in the middle of the answer — try again${why ? ` (${why})` : ''}`, undefined, {cause});
}

/** True when `error` (or what it wraps) is undici's "terminated": a response body cut off. */
export function isCutStream(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = (e as {cause?: unknown}).cause, depth++) {
    if (e.name === 'TypeError' && e.message === 'terminated') return true;
  }
  return false;
}

/** Anything else thrown. */
export function unknownModelError(error: unknown, words: ApiWords): ModelError {
  const message = error instanceof Error ? error.message : String(error);
  return new ModelError('unknown', `${words.prefix} ${oneLine(message)}`, undefined, {cause: error});
}

function causeMessage(error: Error): string {
  const cause = (error as {cause?: unknown}).cause;
  if (!(cause instanceof Error)) return '';
  const inner = (cause as {cause?: unknown}).cause;
  // undici hides the useful part (ECONNREFUSED …) one level further down.
  return oneLine(inner instanceof Error ? inner.message : cause.message);
}

/** Server text goes to a status line: one line, bounded, no control characters. */
export function oneLine(text: string): string {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 299)}…` : flat;
}
