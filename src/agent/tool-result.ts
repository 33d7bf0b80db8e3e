import {DEFAULT_RESULT_LIMITS, DEFAULT_RESULT_TOKENS, describeBlock, describeCut, fitContent, MODEL_IMAGE_TYPES, normalizeContent, resultText} from '../hub/content/index.js';
import type {HubCallResult} from '../hub/types.js';
import type {ModelContent} from './model.js';

export {resultText};

type ToolResultBlock = Extract<ModelContent, {type: 'tool_result'}>;
type ResultBlock = ToolResultBlock['content'][number];

/** Default cap on the characters of one result sent to the model. */
export const DEFAULT_RESULT_CAP = DEFAULT_RESULT_LIMITS.textChars;

/** The token budget of one result, and who hears what it cut. */
export interface ResultBudget {
  /** Estimated tokens of text the model is given (default DEFAULT_RESULT_TOKENS). */
  tokens?: number;
  /** Told what was left out, in one sentence (the card shows it; the card keeps the full result). */
  onCut?: (sentence: string) => void;
}

/**
 * MCP content → model content. The hub has already repaired and fitted the
 * result (src/hub/content); this is the lossy last step: images inline, every
 * other block as the one describer's text. Total: anything unexpected becomes
 * an error result, so every tool_use always gets its tool_result.
 */
export function toToolResult(callId: string, result: HubCallResult, cap = DEFAULT_RESULT_CAP, budget: ResultBudget = {}): ToolResultBlock {
  try {
    const warnings: string[] = [];
    const limits = {...DEFAULT_RESULT_LIMITS, textChars: cap, tokens: budget.tokens ?? DEFAULT_RESULT_TOKENS};
    const fitted = fitContent(normalizeContent(result.content, warnings), limits);
    if (fitted.cut) budget.onCut?.(describeCut(fitted.cut, limits));
    const blocks: ResultBlock[] = fitted.content.map(toModelBlock);
    if (!blocks.some((b) => b.type === 'text') && result.structuredContent !== undefined) {
      const json = fitContent([{type: 'text', text: resultText({structuredContent: result.structuredContent})}], limits);
      if (json.cut) budget.onCut?.(describeCut(json.cut, limits));
      blocks.push(...json.content.map(toModelBlock));
    }
    if (blocks.length === 0) blocks.push({type: 'text', text: result.isError ? '(the tool reported an error with no text)' : '(the tool returned no content)'});
    return {type: 'tool_result', tool_use_id: callId, content: blocks, ...(result.isError ? {is_error: true} : {})};
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return {type: 'tool_result', tool_use_id: callId, content: [{type: 'text', text: `breakerbox could not convert this tool result for the model: ${why}`}], is_error: true};
  }
}

function toModelBlock(block: HubCallResult['content'][number]): ResultBlock {
  const b = block as {type: string; data?: unknown; mimeType?: unknown};
  // The hub let through only valid base64 images of these types; anything else is described.
  if (b.type === 'image' && typeof b.data === 'string' && typeof b.mimeType === 'string' && MODEL_IMAGE_TYPES.has(b.mimeType)) {
    return {type: 'image', source: {type: 'base64', media_type: b.mimeType, data: b.data}};
  }
  return {type: 'text', text: describeBlock(block)};
}

