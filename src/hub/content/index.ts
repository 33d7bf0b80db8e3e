// Content as the hub hands it up: well-formed (normalize), within the result
// limits (budget), and described one way for everyone (describe).
import {describeCut, fitContent, fitsWhole, type CutReport, type ResultLimits} from './budget.js';
import {normalizeResult, type NormalResult} from './normalize.js';

export {base64Problem, decodedBytes, formatBytes, MODEL_IMAGE_TYPES} from './binary.js';
export {DEFAULT_RESULT_LIMITS, DEFAULT_RESULT_TOKENS, describeCut, fitContent, type CutReport, type ResultLimits} from './budget.js';
export {describeBlock, resultText} from './describe.js';
export {normalizeContent, normalizeResult, type NormalResult} from './normalize.js';

/** A server's result, repaired and fitted to `limits`; warnings say what was changed. Never throws. */
export function shapeResult(raw: {content?: unknown; structuredContent?: unknown}, limits: ResultLimits): NormalResult & {cut?: CutReport} {
  const normal = normalizeResult(raw, limits.binaryBytes);
  // Nearly every result fits: answered without fitContent's wrapper object.
  if (fitsWhole(normal.content, limits)) return normal;
  const fitted = fitContent(normal.content, limits);
  if (!fitted.cut) return normal;
  normal.warnings.push(describeCut(fitted.cut, limits));
  return {...normal, content: fitted.content, cut: fitted.cut};
}
