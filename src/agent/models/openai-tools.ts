// The hub's neutral tools → Chat Completions `tools`. The name rule is the
// same as Anthropic's (`^[a-zA-Z0-9_-]{1,64}$`, which the hub already
// guarantees); the schema goes to `parameters`, strict when it can be. Each
// schema is converted once (the catalog keeps the same schema objects between
// requests), so the tool table stays byte-identical and cacheable.
import type {ChatCompletionFunctionTool} from 'openai/resources/chat/completions';
import type {ModelTool} from '../model.js';
import {toStrictSchema, type StrictResult} from './openai-schema.js';

const converted = new WeakMap<object, StrictResult>();

/** The strict-mode conversion of a schema, computed once per schema object. */
export function strictFor(schema: Record<string, unknown>): StrictResult {
  let r = converted.get(schema);
  if (!r) {
    r = toStrictSchema(schema);
    converted.set(schema, r);
  }
  return r;
}

/** One tool as Chat Completions takes it. */
export function toChatTool(tool: ModelTool): ChatCompletionFunctionTool {
  const r = strictFor(tool.input_schema);
  return {
    type: 'function',
    function: {name: tool.name, description: tool.description, parameters: r.strict ? r.parameters : tool.input_schema, strict: r.strict},
  };
}
