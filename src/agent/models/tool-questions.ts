// Questions about the offline model's own tools ("what tools do you have?",
// "what does #6 do?") are answered from the table, in text. Routed by word
// overlap they called whatever tool had "tool" or "6" in it — once a
// destructive one, with the question's words as its arguments. Asking about a
// tool must never run it.
import type {ModelMessage, ModelTool} from '../model.js';
import {contentWords, scoreTool} from './tool-picker.js';

/** How a tool list answer begins; a later "#6" is read against that list. */
export const TOOL_LIST_OPENING = 'My tools';

const TOOL_NOUN = /\b(tools?|functions?|capabilit(y|ies))\b/i;
// The question asks about tools rather than telling one to act: it opens with
// a question or listing word, or asks what the model has or can use.
const ASKING = new RegExp(
  [
    String.raw`^\s*(what|which|how many|list|show|tell|describe|explain|name|are there|is there|do you|does)\b`,
    String.raw`\b(do|did) you (have|know|got)\b`,
    String.raw`\b(have you got|are available|available tools?|can you use|your tools?)\b`,
    String.raw`^\s*what can you do\b`,
  ].join('|'),
  'i',
);
// "#6", "no. 6", "number 6", "tool 6", "the 6th one".
const NUMBER_REF = /(?:#|\bno\.?\s*|\bnumber\s+|\btools?\s+#?)(\d+)\b|\b(\d+)(?:st|nd|rd|th)\s+(?:one|tool)\b/i;
// Words that may stand beside a bare "#6" in a follow-up about the list.
// Words of the asking itself ("can you use", "are available"), not of a topic.
const ASKING_WORDS = new Set(['use', 'available', 'got', 'know', 'tell', 'describe', 'explain', 'name', 'many', 'there', 'server']);
// "list the tools of fs": the listing verb asks; it is no topic.
const LEADING_VERB = /^\s*(list|show|tell|describe|explain|name)\b/i;
const FOLLOW_UP_WORDS = new Set(['tool', 'function', 'more', 'detail', 'describe', 'explain', 'one', 'number', 'no', 'next', 'then']);

/** The text answer to a question about the tools themselves, or undefined when the question is for a tool. */
export function answerAboutTools(question: string, messages: readonly ModelMessage[], tools: readonly ModelTool[], deferred: boolean): string | undefined {
  const n = numberedTool(question, messages);
  if (n !== undefined) return describeNumbered(n, tools);
  if (!(TOOL_NOUN.test(question) || /^\s*what can you do\b/i.test(question)) || !ASKING.test(question)) return undefined;
  if (tools.length === 0) return 'I have no tools right now: no server is online, or none lists any.';
  // "what tools do you have for tickets?", "what does the close_ticket tool do?":
  // the other words narrow the list to the tools they fit best.
  const topic = contentWords(question.replace(LEADING_VERB, ' ').replace(TOOL_NOUN, ' ')).filter((w) => !FOLLOW_UP_WORDS.has(w) && !ASKING_WORDS.has(w));
  const scores = topic.length > 0 ? tools.map((t) => scoreTool(t, topic.join(' '))) : [];
  const best = Math.max(0, ...scores);
  const matching = best > 0 ? tools.filter((_, i) => scores[i] === best) : [];
  if (matching.length === 1) return describeNumbered(tools.indexOf(matching[0]!) + 1, tools);
  return listTools(tools, matching.length > 0 ? new Set(matching) : undefined, deferred);
}

// A number is a tool's when the question says "tool 6", or when it stands
// almost alone ("#6", "what does #6 do?") right after a tool list answer.
function numberedTool(question: string, messages: readonly ModelMessage[]): number | undefined {
  const match = NUMBER_REF.exec(question);
  if (!match) return undefined;
  const n = Number(match[1] ?? match[2]);
  if (/\btools?\s+#?\d/i.test(question)) return n;
  const others = contentWords(question).filter((w) => !/^\d+(st|nd|rd|th)?$/.test(w) && !FOLLOW_UP_WORDS.has(w));
  return others.length === 0 && followsToolList(messages) ? n : undefined;
}

function followsToolList(messages: readonly ModelMessage[]): boolean {
  const previous = [...messages].reverse().find((m) => m.role === 'assistant');
  return previous?.content.some((b) => b.type === 'text' && b.text.startsWith(TOOL_LIST_OPENING)) ?? false;
}

function listTools(tools: readonly ModelTool[], only: ReadonlySet<ModelTool> | undefined, deferred: boolean): string {
  const lines = tools.flatMap((tool, i) => (only && !only.has(tool) ? [] : [`${i + 1}. \`${tool.name}\` — ${summary(tool)}`]));
  const count = only ? ` that match (${lines.length} of ${tools.length})` : ` (${tools.length})`;
  const more = deferred ? ' More are loaded when a question needs them.' : '';
  return (
    `${TOOL_LIST_OPENING}${count}:\n\n${lines.join('\n')}\n\n` +
    `Ask "what does #N do?" about one of them, or ask for what you want done and I pick the tool.${more}`
  );
}

function describeNumbered(n: number, tools: readonly ModelTool[]): string {
  const tool = tools[n - 1];
  if (!tool) return `I have ${tools.length} tool${tools.length === 1 ? '' : 's'}, so there is no #${n}. Ask "what tools do you have?" for the list.`;
  const schema = tool.input_schema ?? {};
  const required = Array.isArray(schema.required) ? schema.required.filter((k): k is string => typeof k === 'string') : [];
  const args = required.length > 0 ? `It needs: ${required.map((k) => `\`${k}\``).join(', ')}.` : 'It needs no arguments.';
  return `#${n} is \`${tool.name}\`: ${plainDescription(tool) || '(no description)'}\n\n${args} I have not called it; ask for what you want done with it.`;
}

/** The first sentence of the description, without the hub's "[from alias]" (the name says it). */
function summary(tool: ModelTool): string {
  const text = plainDescription(tool).split('\n')[0]!;
  const sentence = /^.*?[.!?](\s|$)/.exec(text)?.[0].trim() ?? text;
  return sentence.length > 100 ? `${sentence.slice(0, 99)}…` : sentence || '(no description)';
}

function plainDescription(tool: ModelTool): string {
  return (tool.description ?? '').replace(/^\[from [^\]]*\]\s*/, '').trim();
}
