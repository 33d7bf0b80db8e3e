// The offline model: no network, no key, same answers every run. Without a
// script it routes the question to the best-matching tool by word overlap and
// then quotes what the tool said; with a script it replays the steps exactly.
import {basename} from 'node:path';
import type {Model, ModelContent, ModelMessage, ModelRequest, ModelResponse, ModelTool} from '../model.js';
import {AbortError, sleep, throwIfAborted} from './abort.js';
import {ModelError} from './model-error.js';
import {OFFLINE_FACTS} from './provider-facts.js';
import type {Script, ScriptStep} from './script.js';
import {SEARCH_TOOL_NAME} from '../tool-search/search-tool.js';
import {fillArguments, pickTool} from './tool-picker.js';
import {answerAboutTools} from './tool-questions.js';

/** Options for {@link createScriptedModel}. */
export interface ScriptedModelOptions {
  /** Steps to replay; without one the model picks tools by word overlap. */
  script?: Script;
}

/** How much of a tool result the summary quotes. */
export const QUOTE_LIMIT = 300;

/** Creates the deterministic offline model. */
export function createScriptedModel(options: ScriptedModelOptions = {}): Model {
  const {script} = options;
  const label = script ? `scripted: ${script.source ? basename(script.source) : 'inline script'}` : OFFLINE_FACTS.label;
  return {
    label,
    offline: true,
    provider: 'offline',
    async respond(request) {
      throwIfAborted(request.signal);
      const response = script ? await replay(script, request) : await improvise(request);
      const text = response.content.find((b) => b.type === 'text');
      if (text?.type === 'text') await streamText(text.text, request);
      throwIfAborted(request.signal);
      return response;
    },
  };
}

// The step is the number of assistant turns already in the conversation, not
// a counter on the model: a retried or replayed conversation gets the same step.
async function replay(script: Script, request: ModelRequest): Promise<ModelResponse> {
  const index = request.messages.filter((m) => m.role === 'assistant').length;
  const step: ScriptStep | undefined = script.repeat ? script.steps[index % script.steps.length] : script.steps[index];
  if (!step) {
    return textResponse(`The script ended after ${script.steps.length} step${script.steps.length === 1 ? '' : 's'}; I have nothing more to say.`);
  }
  if (step.delayMs) await sleep(step.delayMs, request.signal);
  if (step.error !== undefined) throw new ModelError('unknown', step.error);
  const calls = step.tools ?? (step.tool !== undefined ? [{tool: step.tool, input: step.input}] : []);
  const content: ModelContent[] = [];
  if (step.text !== undefined) content.push({type: 'text', text: step.text});
  calls.forEach((call, i) => content.push({type: 'tool_use', id: `toolu_s${index}_${i}`, name: call.tool, input: call.input ?? {}}));
  return {content, stopReason: step.stopReason ?? (calls.length > 0 ? 'tool_use' : 'end_turn')};
}

async function improvise(request: ModelRequest): Promise<ModelResponse> {
  const last = request.messages.at(-1);
  if (!last || last.role !== 'user') return textResponse('I have nothing to answer yet.');
  // Results followed by the user's words are the close of an earlier, cancelled
  // or interrupted turn (the words were merged into that message): the words
  // are a new question, and the old results are not its answer.
  const asked = last.content.some((b) => b.type === 'text' && b.text.trim() !== '');
  const results = asked ? [] : last.content.filter((b) => b.type === 'tool_result');
  const searched = results.length > 0 && results.every((b) => b.type === 'tool_result' && nameOfUse(request.messages, b.tool_use_id) === SEARCH_TOOL_NAME);
  if (results.length > 0 && !searched) return textResponse(summarise(results, request.messages));

  const question = lastQuestion(request.messages);
  const tools = request.tools.filter((t) => t.name !== SEARCH_TOOL_NAME);
  const search = request.tools.find((t) => t.name === SEARCH_TOOL_NAME);
  const about = answerAboutTools(question, request.messages, tools, search !== undefined);
  if (about !== undefined) return textResponse(about);
  const picked = pickTool(tools, question);
  const id = `toolu_auto_${request.messages.length}`;
  // With tools deferred, search first unless a loaded tool's name matches; once, per question.
  if (search && !searched && (!picked || picked.score < NAME_MATCH)) {
    return {content: [{type: 'tool_use', id, name: SEARCH_TOOL_NAME, input: {query: question}}], stopReason: 'tool_use'};
  }
  if (!picked) return textResponse(noToolAnswer(question, tools));
  return {
    content: [{type: 'tool_use', id, name: picked.tool.name, input: fillArguments(picked.tool, question)}],
    stopReason: 'tool_use',
  };
}

/** A score a tool reaches only when a word of its name is in the question. */
const NAME_MATCH = 2;

/** The user's words of the latest question (text blocks of the last user message that has any). */
function lastQuestion(messages: readonly ModelMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role !== 'user') continue;
    const text = m.content.map((b) => (b.type === 'text' ? b.text : '')).join(' ').trim();
    if (text) return text;
  }
  return '';
}

function nameOfUse(messages: readonly ModelMessage[], id: string): string | undefined {
  for (const message of messages) {
    for (const block of message.content) if (block.type === 'tool_use' && block.id === id) return block.name;
  }
  return undefined;
}

function noToolAnswer(question: string, tools: readonly ModelTool[]): string {
  if (tools.length === 0) return 'I am the offline scripted model and no tools are available, so I cannot look that up.';
  const shown = tools.slice(0, 5).map((t) => t.name).join(', ');
  const more = tools.length > 5 ? ` and ${tools.length - 5} more` : '';
  return `None of my tools matches ${JSON.stringify(question)}. Try naming one: ${shown}${more}.`;
}

function summarise(results: ModelContent[], messages: ModelMessage[]): string {
  const names = new Map<string, string>();
  for (const message of messages) {
    for (const block of message.content) if (block.type === 'tool_use') names.set(block.id, block.name);
  }
  return results
    .map((block) => {
      if (block.type !== 'tool_result') return '';
      const name = names.get(block.tool_use_id) ?? block.tool_use_id;
      // Quoted as a block, line by line: readable in a terminal, unmistakably the tool's words.
      // Each line ends in a hard break (two spaces), or Markdown joins a list's lines into one paragraph.
      const quoted = quote(block.content).split('\n').map((line) => `> ${line}`).join('  \n');
      return block.is_error ? `${name} failed:\n${quoted}` : `From ${name}:\n${quoted}`;
    })
    .join('\n');
}

type ResultPart = Extract<ModelContent, {type: 'tool_result'}>['content'][number];

function quote(parts: ResultPart[]): string {
  const text = parts.map((p) => (p.type === 'text' ? p.text : `[${p.source.media_type} image]`)).join('\n').trim();
  if (!text) return '(empty result)';
  return text.length > QUOTE_LIMIT ? `${text.slice(0, QUOTE_LIMIT)}…` : text;
}

function textResponse(text: string): ModelResponse {
  return {content: [{type: 'text', text}], stopReason: 'end_turn'};
}

// A few chunks, each on its own tick, so the UI sees a stream as it would from the API.
async function streamText(text: string, request: ModelRequest): Promise<void> {
  if (!request.onText || !text) return;
  for (const chunk of chunks(text, 4)) {
    await new Promise((resolve) => setImmediate(resolve));
    if (request.signal?.aborted) throw new AbortError();
    request.onText(chunk);
  }
}

/** Splits text at word boundaries into at most `n` pieces that join back to the original. */
export function chunks(text: string, n: number): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? [text];
  const size = Math.ceil(words.length / n);
  const out: string[] = [];
  for (let i = 0; i < words.length; i += size) out.push(words.slice(i, i + size).join(''));
  return out;
}
