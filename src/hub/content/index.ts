// Content as the hub hands it up: well-formed (normalize), within the result
// limits (budget), and described one way for everyone (describe).
import {describeCut, fitContent, fitsWhole, type ResultLimits} from './budget.js';
import {addWarning, normalizeInto, type NormalResult} from './normalize.js';

export {base64Problem, decodedBytes, formatBytes, MODEL_IMAGE_TYPES} from './binary.js';
export {DEFAULT_RESULT_LIMITS, DEFAULT_RESULT_TOKENS, describeCut, fitContent, type CutReport, type ResultLimits} from './budget.js';
export {describeBlock, resultText} from './describe.js';
export {addWarning, normalizeContent, normalizeInto, type NormalResult} from './normalize.js';

/**
 * A server's result, repaired and fitted to `limits`, written into `result`
 * (the object the caller hands on, so shaping makes no object of its own);
 * its warnings say what was changed. Never throws.
 */
export function shapeInto(result: NormalResult, raw: {content?: unknown; structuredContent?: unknown}, limits: ResultLimits): void {
  normalizeInto(result, raw, limits.binaryBytes);
  // Nearly every result fits: answered without fitContent's wrapper object.
  if (fitsWhole(result.content, limits)) return;
  const fitted = fitContent(result.content, limits);
  if (!fitted.cut) return;
  addWarning(result, describeCut(fitted.cut, limits));
  result.content = fitted.content;
}
