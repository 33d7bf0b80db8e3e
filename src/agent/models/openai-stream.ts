// Folds a Chat Completions stream into one answer. The SDK's stream helper
// would do it, but it JSON-parses strict tools' arguments as they finish
// (throwing on a truncated call) and needs `type` on every tool-call delta,
// which several local servers leave out; this fold accepts what they send:
// a missing index or id, a whole call in one chunk, usage in the last chunk.
import type {ChatCompletionChunk} from 'openai/resources/chat/completions';

/** One tool call as streamed. */
export interface StreamedCall {
  id: string;
  name: string;
  arguments: string;
}

/** Everything a stream said. */
export interface StreamedAnswer {
  text: string;
  refusal: string;
  calls: StreamedCall[];
  finishReason?: string;
  usage?: ChatCompletionChunk['usage'];
}

/** Reads `chunks` to the end, passing each text fragment to `onText` as it arrives. */
export async function foldStream(chunks: AsyncIterable<ChatCompletionChunk>, onText?: (delta: string) => void): Promise<StreamedAnswer> {
  const answer: StreamedAnswer = {text: '', refusal: '', calls: []};
  const byIndex = new Map<number, StreamedCall>();
  for await (const chunk of chunks) {
    if (chunk.usage) answer.usage = chunk.usage;
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    const delta = choice.delta ?? {};
    if (delta.content) {
      answer.text += delta.content;
      onText?.(delta.content);
    }
    if (delta.refusal) answer.refusal += delta.refusal;
    for (const part of delta.tool_calls ?? []) {
      const index = part.index ?? guessIndex(part, answer.calls);
      let call = byIndex.get(index);
      if (!call) {
        call = {id: '', name: '', arguments: ''};
        byIndex.set(index, call);
        answer.calls.push(call);
      }
      if (part.id) call.id = part.id;
      if (part.function?.name && !call.name) call.name = part.function.name;
      if (part.function?.arguments) call.arguments += part.function.arguments;
    }
    if (choice.finish_reason) answer.finishReason = choice.finish_reason;
  }
  answer.calls.forEach((c, i) => (c.id ||= `call_${i + 1}`));
  return answer;
}

// Without an index, a new id or a second name starts a new call; anything else continues the last one.
function guessIndex(part: {id?: string; function?: {name?: string}}, calls: readonly StreamedCall[]): number {
  const last = calls[calls.length - 1];
  if (!last) return 0;
  const fresh = part.id ? !calls.some((c) => c.id === part.id) : Boolean(part.function?.name && last.name);
  return fresh ? calls.length : calls.length - 1;
}
