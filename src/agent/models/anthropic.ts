// The Anthropic Messages API provider: one streamed request per `respond`.
// The tool table is sent exactly as the hub built it (stable order, same
// bytes) with a cache breakpoint on the last tool and on the system prompt, so
// every turn after the first reads the table from the prompt cache. When the
// request names deferred tools, they go with `defer_loading` behind the API's
// own BM25 tool search tool, and the search blocks of the answer are kept.
import Anthropic from '@anthropic-ai/sdk';
import type {Model, ModelContent, ModelMessage, ModelRequest, ModelResponse, ModelTool} from '../model.js';
import {isArgumentsObject} from './adapt-history.js';
import {AbortError} from './abort.js';
import {toModelError} from './anthropic-errors.js';
import {foldMessageStream} from './anthropic-stream.js';
import {uniqueCallIds} from './call-ids.js';
import {ModelError} from './model-error.js';
import {anthropicFacts, resolveAnthropicModel} from './provider-facts.js';

export {DEFAULT_ANTHROPIC_MODEL, resolveAnthropicModel} from './provider-facts.js';

/** Output budget when neither the request nor the options set one. */
export const DEFAULT_MAX_TOKENS = 8192;

/** Options for {@link createAnthropicModel}. */
export interface AnthropicModelOptions {
  apiKey: string;
  /** Model id; defaults to ANTHROPIC_MODEL, then {@link DEFAULT_ANTHROPIC_MODEL}. */
  model?: string;
  /** API root without `/v1`; defaults to ANTHROPIC_BASE_URL, then the public API. */
  baseURL?: string;
  maxTokens?: number;
  /** SDK retries for 429/5xx/network failures; the SDK default (2) when omitted. */
  maxRetries?: number;
  /** Per-attempt timeout in ms; the SDK default when omitted. */
  timeoutMs?: number;
}

const EPHEMERAL = {type: 'ephemeral'} as const;

/** Creates a streaming Anthropic model provider. */
export function createAnthropicModel(options: AnthropicModelOptions): Model {
  const model = resolveAnthropicModel(options.model);
  const client = options.apiKey
    ? new Anthropic({
        apiKey: options.apiKey,
        ...(options.baseURL ? {baseURL: options.baseURL} : {}),
        ...(options.maxRetries !== undefined ? {maxRetries: options.maxRetries} : {}),
        ...(options.timeoutMs !== undefined ? {timeout: options.timeoutMs} : {}),
        // The SDK logs to the console, which would tear the Ink screen; ANTHROPIC_LOG opts back in.
        ...(process.env.ANTHROPIC_LOG ? {} : {logLevel: 'off' as const}),
      })
    : undefined;

  async function respond(request: ModelRequest): Promise<ModelResponse> {
    if (request.signal?.aborted) throw new AbortError();
    if (!client) {
      throw new ModelError('auth', 'Anthropic API: no API key — set ANTHROPIC_API_KEY');
    }
    let answering = false;
    try {
      const events = await client.messages.create({...buildParams(model, request, options.maxTokens), stream: true}, {signal: request.signal});
      answering = true;
      const response = toModelResponse(await foldMessageStream(events, request.onText));
      // A gateway in front of another model may repeat ids the way some Chat Completions servers do.
      return {...response, content: uniqueCallIds(response.content, request.messages)};
    } catch (error) {
      if (request.signal?.aborted) throw new AbortError();
      throw toModelError(error, {model, baseURL: client.baseURL, answering});
    }
  }

  // The table's cost is the count with the tools minus the count of the same one-word message without.
  async function countToolTokens(groups: Record<string, ModelTool[]>): Promise<Record<string, number>> {
    if (!client) throw new ModelError('auth', 'Anthropic API: no API key — set ANTHROPIC_API_KEY');
    const messages: Anthropic.MessageParam[] = [{role: 'user', content: 'x'}];
    const count = async (tools?: ModelTool[]) => (await client.messages.countTokens({model, messages, ...(tools ? {tools: tools as Anthropic.Tool[]} : {})})).input_tokens;
    try {
      const base = await count();
      const out: Record<string, number> = {};
      for (const [alias, tools] of Object.entries(groups)) out[alias] = Math.max(0, (await count(tools)) - base);
      return out;
    } catch (error) {
      const failure = toModelError(error, {model, baseURL: client.baseURL});
      // A gateway without the counting endpoint answers 404: the model id is fine, the turn uses it.
      if (failure instanceof ModelError && failure.status === 404) throw new ModelError('not-found', `Anthropic API: ${client.baseURL} does not count tokens (404 on /v1/messages/count_tokens)`, 404, {cause: error});
      throw failure;
    }
  }

  return {...anthropicFacts(model), respond, countToolTokens};
}

/** Builds the request body; exported for tests. */
export function buildParams(
  model: string,
  request: ModelRequest,
  defaultMaxTokens = DEFAULT_MAX_TOKENS,
): Anthropic.MessageCreateParamsNonStreaming {
  const params: Anthropic.MessageCreateParamsNonStreaming = {
    model,
    max_tokens: request.maxTokens ?? defaultMaxTokens,
    // The conversation already uses the Messages API shapes (see model.ts).
    messages: withObjectArguments(request.messages) as unknown as Anthropic.MessageParam[],
  };
  // The API rejects empty text blocks, so an empty prompt is left out.
  if (request.system) params.system = [{type: 'text', text: request.system, cache_control: EPHEMERAL}];
  if (request.deferred?.length) params.tools = withServerSearch(request.tools, new Set(request.deferred));
  else if (request.tools.length > 0) params.tools = withCacheBreakpoint(request.tools);
  return params;
}

/**
 * A call whose arguments were not JSON (a slip of the model, kept as text so
 * the call failed with a reason) is sent back with `{}`: the API refuses a
 * tool_use whose input is not an object, and would refuse the whole request.
 */
function withObjectArguments(messages: readonly ModelMessage[]): ModelMessage[] {
  return messages.map((m) =>
    m.content.some((b) => b.type === 'tool_use' && !isArgumentsObject(b.input))
      ? {...m, content: m.content.map((b) => (b.type === 'tool_use' && !isArgumentsObject(b.input) ? {...b, input: {}} : b))}
      : m,
  );
}

/** The API's search tool, as the SDK types it. */
export const SERVER_SEARCH_TOOL: Anthropic.ToolSearchToolBm25_20251119 = {type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25'};

/**
 * The search tool first, then the table in its order with the deferred tools
 * marked. Deferred tools are not part of the prompt until found, so the cache
 * breakpoint goes on the last tool that is loaded (at least the search tool).
 */
export function withServerSearch(tools: readonly ModelTool[], deferred: ReadonlySet<string>): Anthropic.ToolUnion[] {
  const all: Anthropic.ToolUnion[] = [SERVER_SEARCH_TOOL, ...tools.map((t) => (deferred.has(t.name) ? {...t, defer_loading: true} : t) as Anthropic.Tool)];
  let last = all.length - 1;
  while (last > 0 && (all[last] as Anthropic.Tool).defer_loading) last--;
  all[last] = {...all[last]!, cache_control: EPHEMERAL};
  return all;
}

/** The tools as given, in order, with a cache breakpoint on the last one only. */
export function withCacheBreakpoint(tools: readonly ModelTool[]): Anthropic.Tool[] {
  const last = tools.length - 1;
  return tools.map((tool, i) =>
    i === last ? {...tool, cache_control: EPHEMERAL} : tool,
  ) as Anthropic.Tool[];
}

/** Keeps the blocks the loop understands: text, client tool calls, and the API's tool searches. */
export function toModelResponse(message: Anthropic.Message): ModelResponse {
  const content: ModelContent[] = [];
  for (const block of message.content) {
    if (block.type === 'text') content.push({type: 'text', text: block.text});
    else if (block.type === 'tool_use') content.push({type: 'tool_use', id: block.id, name: block.name, input: block.input});
    else if (block.type === 'server_tool_use' && block.name.startsWith('tool_search_tool')) content.push({type: 'server_tool_use', id: block.id, name: block.name, input: block.input});
    else if (block.type === 'tool_search_tool_result') content.push({type: 'tool_search_tool_result', tool_use_id: block.tool_use_id, content: block.content});
  }
  const usage = message.usage;
  return {
    content,
    stopReason: message.stop_reason ?? 'end_turn',
    usage: {
      inputTokens: usage.input_tokens,
      outputTokens: usage.output_tokens,
      ...(usage.cache_read_input_tokens != null ? {cacheReadTokens: usage.cache_read_input_tokens} : {}),
      ...(usage.cache_creation_input_tokens != null ? {cacheWriteTokens: usage.cache_creation_input_tokens} : {}),
    },
  };
}
