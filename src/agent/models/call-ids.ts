// Tool call ids as the loop needs them: unique in the whole conversation.
// The official APIs make them so; some OpenAI-compatible servers number the
// calls of each answer from zero ("call_0" every time), and a card, a result
// and a session record are all found by id, so a repeated id showed one
// call's result under another's name and lost the second call from --json.

import type {ModelContent, ModelMessage} from '../model.js';

/** `content` with each tool call that reuses an id of `history` (or of an earlier call in `content`) renamed `<id>_<n>`. */
export function uniqueCallIds(content: ModelContent[], history: readonly ModelMessage[]): ModelContent[] {
  const used = new Set<string>();
  for (const m of history) for (const b of m.content) if (b.type === 'tool_use') used.add(b.id);
  return content.map((block) => {
    if (block.type !== 'tool_use') return block;
    let id = block.id;
    // Chat Completions takes ids of up to 40 characters; the suffix keeps within that.
    for (let n = 2; used.has(id); n++) id = `${block.id.slice(0, 32)}_${n}`;
    used.add(id);
    return id === block.id ? block : {...block, id};
  });
}
