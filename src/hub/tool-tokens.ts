// What a tool table costs the model, estimated offline. Claude's and GPT's
// tokenizers both land near 3.5 characters per token on JSON schemas and
// English descriptions; an estimate that is a little high is the safe side
// for a threshold. The API's token counting endpoint replaces it when a key
// is set (the driver asks; the state says which number it shows).
import type {ModelTool} from './types.js';

/** Characters per token the offline estimate assumes. */
export const CHARS_PER_TOKEN = 3.5;

/** Estimated tokens of `text`. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** Estimated tokens of tools as a model request carries them (their JSON). */
export function estimateToolTokens(tools: readonly ModelTool[]): number {
  return tools.reduce((n, t) => n + estimateTokens(JSON.stringify(t)), 0);
}
