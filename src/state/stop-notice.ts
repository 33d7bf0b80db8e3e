// Why a model stopped, when the user needs to know: an answer cut at the
// output limit reads like a finished one, and a refusal may have no text at all.

/** The warning for a model answer that did not end normally, or undefined. */
export function stopNotice(stopReason: string): string | undefined {
  if (stopReason === 'max_tokens') return 'The answer was cut off: the model reached its output limit (max_tokens). Ask it to go on, or for a shorter answer.';
  if (stopReason === 'refusal') return 'The model declined to answer (stop reason: refusal).';
  return undefined;
}
