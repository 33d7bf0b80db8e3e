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
    }
  // The API's own tool search (Anthropic): the search it ran and the tools it
  // found, kept as sent so the next request carries them back unchanged.
  | {type: 'server_tool_use'; id: string; name: string; input: unknown}
  | {type: 'tool_search_tool_result'; tool_use_id: string; content: ToolSearchOutcome};

/** What the API's tool search answered: references to the deferred tools it found, or why it failed. */
export type ToolSearchOutcome =
  | {type: 'tool_search_tool_search_result'; tool_references: Array<{type: 'tool_reference'; tool_name: string}>}
  | {type: 'tool_search_tool_result_error'; error_code: string; error_message?: string | null};

/** One message of the conversation. */
export interface ModelMessage {
  role: 'user' | 'assistant';
  content: ModelContent[];
}

/** One search the model API ran inside a message, paired with its answer (none yet: the response was paused). */
export interface ApiToolSearch {
  id: string;
  name: string;
  input: unknown;
  outcome?: ToolSearchOutcome;
}

/** Whether a tool name is the API's search tool (`tool_search_tool_bm25` or `…_regex`). */
export const isServerSearchName = (name: string): boolean => name.startsWith('tool_search_tool_');

/** The API's tool searches in one message's content, in order. */
export function apiToolSearches(content: readonly ModelContent[]): ApiToolSearch[] {
  const outcomes = new Map<string, ToolSearchOutcome>();
  for (const b of content) if (b.type === 'tool_search_tool_result') outcomes.set(b.tool_use_id, b.content);
  return content.flatMap((b) =>
    b.type === 'server_tool_use' && isServerSearchName(b.name) ? [{id: b.id, name: b.name, input: b.input, ...(outcomes.has(b.id) ? {outcome: outcomes.get(b.id)!} : {})}] : [],
  );
}
