// The conversation as the model API sees it (Anthropic Messages API shapes,
// the richest format we target). It lives here, below the agent, because the
// store's events carry it and the session files keep it.

/** Content blocks in the conversation history (Anthropic Messages API shapes). */
export type ModelContent =
  | {type: 'text'; text: string}
  | {type: 'image'; source: {type: 'base64'; media_type: string; data: string}}
  | {type: 'tool_use'; id: string; name: string; input: unknown}
  | {
      type: 'tool_result';
      tool_use_id: string;
      content: Array<{type: 'text'; text: string} | {type: 'image'; source: {type: 'base64'; media_type: string; data: string}}>;
      is_error?: boolean;
    };

/** One message of the conversation. */
export interface ModelMessage {
  role: 'user' | 'assistant';
  content: ModelContent[];
}
