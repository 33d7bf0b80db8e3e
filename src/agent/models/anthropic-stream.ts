// Folds a raw Messages API event stream into the final message. The SDK's
// own MessageStream would do it, but it reads a tool call's arguments with a
// forgiving partial-JSON parser: a call cut off by max_tokens comes back with
// the arguments that happened to be complete (`{"query": "x", "limit": 5`
// becomes {query: "x"}, and would run), and text after the JSON throws out
// of the whole stream. Here a call's arguments are its exact JSON or, when
// they are not JSON, the text itself, which the hub refuses to run (the
// OpenAI-compatible provider does the same) so the model can try again.
import type Anthropic from '@anthropic-ai/sdk';
import {ModelError} from './model-error.js';

type Block = Anthropic.ContentBlock & {input?: unknown};

/** Reads `events` to the end, passing each text fragment to `onText` as it arrives. */
export async function foldMessageStream(events: AsyncIterable<Anthropic.RawMessageStreamEvent>, onText?: (delta: string) => void): Promise<Anthropic.Message> {
  let message: Anthropic.Message | undefined;
  const json = new Map<number, string>();
  let stopped = false;
  for await (const event of events) {
    if (event.type === 'message_start') message = {...event.message, content: []};
    if (!message) continue;
    const blocks = message.content as Block[];
    if (event.type === 'content_block_start') {
      blocks[event.index] = {...event.content_block} as Block;
      if ('input' in event.content_block) json.set(event.index, '');
    } else if (event.type === 'content_block_delta') {
      const block = blocks[event.index];
      if (event.delta.type === 'text_delta' && block?.type === 'text') {
        block.text += event.delta.text;
        onText?.(event.delta.text);
      } else if (event.delta.type === 'input_json_delta' && json.has(event.index)) {
        json.set(event.index, json.get(event.index)! + event.delta.partial_json);
      }
    } else if (event.type === 'content_block_stop') {
      const block = blocks[event.index];
      const text = json.get(event.index);
      if (block && text !== undefined) block.input = argumentsOf(text);
      json.delete(event.index);
    } else if (event.type === 'message_delta') {
      message.stop_reason = event.delta.stop_reason;
      message.stop_sequence = event.delta.stop_sequence;
      for (const [key, value] of Object.entries(event.usage)) if (value != null) (message.usage as unknown as Record<string, unknown>)[key] = value;
    } else if (event.type === 'message_stop') {
      stopped = true;
    }
  }
  // A stream that ends without its last event was cut short: its calls may be half-written.
  if (!message || !stopped) throw new ModelError('stream', 'Anthropic API: the answer stopped before its end (the stream closed without message_stop) — try again');
  message.content = message.content.filter(Boolean);
  return message;
}

/** A call's arguments: the JSON value, `{}` for none, else the text as sent. */
function argumentsOf(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
