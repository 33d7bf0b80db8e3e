// The OpenAI-compatible provider: Chat Completions through the official SDK,
// so OpenAI itself, local servers (Ollama, llama.cpp, vLLM, LM Studio) and
// gateways all work. One streamed request per `respond`; the conversation is
// translated on the way out (openai-messages.ts) and the answer back into the
// neutral shapes the loop reads.
import OpenAI from 'openai';
import type {ChatCompletionCreateParamsStreaming} from 'openai/resources/chat/completions';
import type {Model, ModelContent, ModelRequest, ModelResponse} from '../model.js';
import {AbortError, throwIfAborted} from './abort.js';
import {uniqueCallIds} from './call-ids.js';
import {toChatMessages} from './openai-messages.js';
import {toOpenAIError} from './openai-errors.js';
import {stripAddedNulls} from './openai-schema.js';
import {foldStream, type StreamedAnswer} from './openai-stream.js';
import {strictFor, toChatTool} from './openai-tools.js';
import {openAIFacts, resolveOpenAIModel} from './provider-facts.js';

export {DEFAULT_OPENAI_MODEL, resolveOpenAIModel} from './provider-facts.js';

/** Options for {@link createOpenAIModel}. */
export interface OpenAIModelOptions {
  /** Local servers need none; a placeholder is sent then. */
  apiKey?: string;
  /** Model id; defaults to OPENAI_MODEL, then {@link DEFAULT_OPENAI_MODEL}. */
  model?: string;
  /** API root including `/v1`; defaults to OPENAI_BASE_URL, then the public API. */
  baseURL?: string;
  maxTokens?: number;
  /** SDK retries for 429/5xx/network failures; the SDK default (2) when omitted. */
  maxRetries?: number;
  timeoutMs?: number;
}

/** Creates a streaming Chat Completions provider. */
export function createOpenAIModel(options: OpenAIModelOptions): Model {
  const model = resolveOpenAIModel(options.model);
  const baseURL = options.baseURL ?? process.env.OPENAI_BASE_URL ?? undefined;
  const client = new OpenAI({
    apiKey: options.apiKey || 'no-key',
    ...(baseURL ? {baseURL} : {}),
    ...(options.maxRetries !== undefined ? {maxRetries: options.maxRetries} : {}),
    ...(options.timeoutMs !== undefined ? {timeout: options.timeoutMs} : {}),
    // The SDK logs to the console, which would tear the Ink screen; OPENAI_LOG opts back in.
    ...(process.env.OPENAI_LOG ? {} : {logLevel: 'off' as const}),
  });

  async function respond(request: ModelRequest): Promise<ModelResponse> {
    if (request.signal?.aborted) throw new AbortError();
    let answering = false;
    try {
      const stream = await client.chat.completions.create(buildChatParams(model, request, options.maxTokens), {signal: request.signal});
      answering = true;
      const answer = await foldStream(stream, request.onText);
      // The SDK ends a stream quietly when its request is aborted: what came so far is not a finished answer.
      throwIfAborted(request.signal);
      return toModelResponse(answer, request);
    } catch (error) {
      if (request.signal?.aborted) throw new AbortError();
      throw toOpenAIError(error, {model, baseURL: client.baseURL, answering});
    }
  }

  return {...openAIFacts(model, baseURL && client.baseURL), respond};
}

/** The request body; exported for tests. */
export function buildChatParams(model: string, request: ModelRequest, maxTokens?: number): ChatCompletionCreateParamsStreaming {
  const limit = request.maxTokens ?? maxTokens;
  return {
    model,
    messages: toChatMessages(request.system, request.messages),
    stream: true,
    stream_options: {include_usage: true},
    ...(request.tools.length ? {tools: request.tools.map(toChatTool)} : {}),
    ...(limit !== undefined ? {max_completion_tokens: limit} : {}),
  };
}

const STOP: Record<string, string> = {stop: 'end_turn', tool_calls: 'tool_use', function_call: 'tool_use', length: 'max_tokens', content_filter: 'refusal'};

/** The streamed answer in the loop's shapes. Arguments that are not JSON are passed on as text, so the call fails with a reason the model can read. */
export function toModelResponse(answer: StreamedAnswer, request: Pick<ModelRequest, 'tools' | 'messages'>): ModelResponse {
  const content: ModelContent[] = [];
  const text = answer.text + (answer.refusal ? `${answer.text ? '\n' : ''}${answer.refusal}` : '');
  if (text) content.push({type: 'text', text});
  for (const call of answer.calls) {
    content.push({type: 'tool_use', id: call.id, name: call.name, input: parseArguments(call.arguments, request.tools.find((t) => t.name === call.name)?.input_schema)});
  }
  const usage = answer.usage;
  const cached = usage?.prompt_tokens_details?.cached_tokens;
  return {
    content: uniqueCallIds(content, request.messages),
    // A call cut off by the output limit still says so: the loop runs (or refuses) the calls whatever the reason.
    stopReason: answer.calls.length && answer.finishReason !== 'length' ? 'tool_use' : (STOP[answer.finishReason ?? 'stop'] ?? answer.finishReason ?? 'end_turn'),
    ...(usage ? {usage: {inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens, ...(cached ? {cacheReadTokens: cached} : {})}} : {}),
  };
}

function parseArguments(text: string, schema: Record<string, unknown> | undefined): unknown {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  return schema && strictFor(schema).strict ? stripAddedNulls(value, schema) : value;
}
