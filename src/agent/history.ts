// The conversation as the model sees it, kept valid for its API: roles
// alternate, and every tool_use is answered by a tool_result in the next
// message. Pure edits of the history array; the driver owns the array.
import type {ModelContent, ModelMessage} from '../state/model-content.js';

/** A tool_use block. */
export type ToolUse = Extract<ModelContent, {type: 'tool_use'}>;
/** A tool_result block. */
export type ToolResult = Extract<ModelContent, {type: 'tool_result'}>;

/** The error result given to a call that was not run, saying why. */
export function notRun(id: string, why: string): ToolResult {
  return {type: 'tool_result', tool_use_id: id, content: [{type: 'text', text: why}], is_error: true};
}

/** The tool_use blocks of the last message when it is the assistant's and nothing answered them yet. */
export function unansweredUses(history: readonly ModelMessage[]): ToolUse[] {
  const last = history[history.length - 1];
  if (last?.role !== 'assistant') return [];
  return last.content.filter((b): b is ToolUse => b.type === 'tool_use');
}

/** Adds the user's words; merged into a trailing user message so roles keep alternating. */
export function appendUserText(history: ModelMessage[], text: string): void {
  const last = history[history.length - 1];
  if (last?.role === 'user') last.content = [...last.content, {type: 'text', text}];
  else history.push({role: 'user', content: [{type: 'text', text}]});
}

/** The text blocks of a response, joined: what `--print` calls the answer. */
export function responseText(content: readonly ModelContent[]): string {
  return content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
}
