// The conversation (Messages API shapes, see ../model.ts) → Chat Completions
// messages. Tool calls become `tool_calls` on the assistant message; each
// tool_result becomes its own `role: "tool"` message, text only: an image
// becomes a placeholder that says why, and an error result is marked in its
// text because the API has no error flag.
import type {ChatCompletionContentPart, ChatCompletionMessageParam} from 'openai/resources/chat/completions';
import type {ModelContent, ModelMessage} from '../model.js';

type ToolResult = Extract<ModelContent, {type: 'tool_result'}>;

/** Marks a tool result the tool reported as an error. */
export const ERROR_MARK = '[tool error] ';

/** System prompt and history as Chat Completions messages. */
export function toChatMessages(system: string, history: readonly ModelMessage[]): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = system ? [{role: 'system', content: system}] : [];
  for (const message of history) {
    if (message.role === 'assistant') out.push(assistantMessage(message.content));
    else out.push(...userMessages(message.content));
  }
  return out;
}

function assistantMessage(content: ModelContent[]): ChatCompletionMessageParam {
  const text = content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
  const calls = content.flatMap((b) =>
    b.type === 'tool_use' ? [{id: b.id, type: 'function' as const, function: {name: b.name, arguments: typeof b.input === 'string' ? b.input : JSON.stringify(b.input ?? {})}}] : [],
  );
  return {role: 'assistant', content: text || null, ...(calls.length ? {tool_calls: calls} : {})};
}

// Tool results answer the assistant message before them and must come first;
// the user's words after them become one user message.
function userMessages(content: ModelContent[]): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [];
  const parts: ChatCompletionContentPart[] = [];
  for (const block of content) {
    if (block.type === 'tool_result') out.push({role: 'tool', tool_call_id: block.tool_use_id, content: toolText(block)});
    else if (block.type === 'text') parts.push({type: 'text', text: block.text});
    else if (block.type === 'image') parts.push({type: 'image_url', image_url: {url: `data:${block.source.media_type};base64,${block.source.data}`}});
  }
  if (parts.length) out.push({role: 'user', content: parts.every((p) => p.type === 'text') ? parts.map((p) => (p as {text: string}).text).join('\n') : parts});
  return out;
}

/** A tool result as the text a `role: "tool"` message carries. */
export function toolText(block: ToolResult): string {
  const text = block.content
    .map((c) => (c.type === 'text' ? c.text : `[image ${c.source.media_type}: not shown — this API takes tool results as text only]`))
    .join('\n');
  return (block.is_error ? ERROR_MARK : '') + (text || '(empty result)');
}
