// How the offline model chooses a tool: plain word overlap between the
// question and each tool's alias, original name and description. Crude on
// purpose: it is deterministic, needs no network, and is good enough to drive
// the whole loop (call → result → answer) in demos and tests.
import type {ModelTool} from '../model.js';
import {literalFor, questionTokens} from './question-literals.js';

const STOPWORDS = new Set(
  (
    'a an and are as at be by can could do does for from get give have how i in into is it its me my of on or our ' +
    'please show tell that the their them there these this to us was we what when where which who why will with ' +
    'would you your about all any some up out look find search list mcp say said'
  )
    .split(' ')
    .map(stem),
);
// "find", "search", "list", "look" and "show" say what to do, not which circuit:
// they stay out of the salient words but still count when they name a tool.
const VERBS = new Set(['find', 'search', 'list', 'look', 'show', 'get']);

/** Score below which the offline model answers in text instead of calling a tool. */
export const MIN_TOOL_SCORE = 1;

/** Lower-case word stems of `text`: splits on `__`, `_`, `-`, punctuation and camelCase. */
export function tokenize(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
    .map(stem);
}

// Enough stemming to make "notes" meet "note" and "tickets" meet "ticket".
function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The words of a question worth matching and passing on: stopwords removed. */
export function contentWords(question: string): string[] {
  return tokenize(question).filter((w) => !STOPWORDS.has(w) || VERBS.has(w));
}

/** Splits `mcp__<alias>__<tool>` for scoring only; the catalog owns the real mapping. */
function nameParts(name: string): {alias: string[]; tool: string[]} {
  const segments = name.split('__');
  if (segments.length >= 3 && segments[0] === 'mcp') {
    return {alias: tokenize(segments[1]), tool: tokenize(segments.slice(2).join('_'))};
  }
  return {alias: [], tool: tokenize(name)};
}

/** How well a tool matches the question: 2 per word in its name, 1 per word in its description. */
export function scoreTool(tool: ModelTool, question: string): number {
  const {alias, tool: toolWords} = nameParts(tool.name);
  const nameWords = new Set([...alias, ...toolWords]);
  const descWords = new Set(tokenize(tool.description ?? '').filter((w) => !STOPWORDS.has(w)));
  let score = 0;
  for (const word of new Set(contentWords(question))) {
    if (nameWords.has(word)) score += 2;
    if (descWords.has(word)) score += 1;
  }
  return score;
}

/** The best tool for the question (first in table order on a tie), or undefined below the threshold. */
export function pickTool(tools: readonly ModelTool[], question: string): {tool: ModelTool; score: number} | undefined {
  const named = namedByPair(tools, question);
  let best: {tool: ModelTool; score: number} | undefined;
  for (const tool of named.length > 0 ? named : tools) {
    const score = scoreTool(tool, question);
    if (score >= MIN_TOOL_SCORE && (!best || score > best.score)) best = {tool, score};
  }
  return best;
}

// "get ticket T-102 and search tickets" names get_ticket by its first two
// words, though search_tickets shares as many words: the earliest pair of
// neighbouring words that a tool's name holds both of decides.
function namedByPair(tools: readonly ModelTool[], question: string): ModelTool[] {
  const words = contentWords(question);
  const names = tools.map((tool) => {
    const {alias, tool: toolWords} = nameParts(tool.name);
    return {tool, words: new Set([...alias, ...toolWords]), own: new Set(toolWords)};
  });
  for (let i = 0; i + 1 < words.length; i++) {
    const [a, b] = [words[i]!, words[i + 1]!];
    if (a === b) continue;
    const hits = names.filter((n) => n.words.has(a) && n.words.has(b) && (n.own.has(a) || n.own.has(b)));
    if (hits.length > 0) return hits.map((n) => n.tool);
  }
  return [];
}

/** The words to send as a required string: a quoted string as written, else the question without stopwords and routing words. */
export function salientText(tool: ModelTool, question: string): string {
  const tokens = questionTokens(question);
  const quoted = tokens.find((t) => t.kind === 'quoted');
  if (quoted) return quoted.text;
  const {alias, tool: toolWords} = nameParts(tool.name);
  const routing = new Set([...alias, ...toolWords]);
  // Paths, URLs, numbers and identifiers are passed on whole, whatever words they contain.
  const content = tokens.filter((t) => t.kind !== 'word' || tokenize(t.text).some((s) => !STOPWORDS.has(s)));
  const salient = content.filter((t) => t.kind !== 'word' || !tokenize(t.text).every((s) => routing.has(s) || VERBS.has(s)));
  const chosen = salient.length ? salient : content.length ? content : tokens;
  return chosen.map((t) => t.text).join(' ') || question.trim();
}

type Schema = Record<string, unknown>;

/** Arguments for a call: required fields filled from the question or schema defaults; optional ones left out. */
export function fillArguments(tool: ModelTool, question: string): Record<string, unknown> {
  const schema = tool.input_schema ?? {};
  const properties = (isObject(schema.properties) ? schema.properties : {}) as Record<string, Schema>;
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]).filter((k) => typeof k === 'string') : [];
  const args: Record<string, unknown> = {};
  for (const key of required as string[]) {
    const value = valueFor(key, isObject(properties[key]) ? properties[key] : {}, tool, question);
    if (value !== undefined) args[key] = value;
  }
  return args;
}

function valueFor(key: string, prop: Schema, tool: ModelTool, question: string): unknown {
  if (prop.default !== undefined) return prop.default;
  if (prop.const !== undefined) return prop.const;
  if (Array.isArray(prop.enum) && prop.enum.length > 0) return prop.enum[0];
  const tokens = questionTokens(question);
  // A number standing alone: the 102 of "T-102" is part of an id, not a count.
  const n = tokens.find((t) => t.kind === 'number')?.text;
  switch (typeOf(prop)) {
    case 'string':
      return literalFor(key, tokens) ?? salientText(tool, question);
    case 'integer':
      return n !== undefined ? Math.trunc(Number(n)) : minimumOr(prop, 1);
    case 'number':
      return n !== undefined ? Number(n) : minimumOr(prop, 1);
    case 'boolean':
      return false;
    case 'array':
      return isObject(prop.items) && typeOf(prop.items) === 'string' ? [salientText(tool, question)] : [];
    case 'object':
      return {};
    default:
      // No type at all: a string is the likeliest thing a server will accept.
      return prop.type === undefined ? salientText(tool, question) : undefined;
  }
}

function typeOf(prop: Schema): string | undefined {
  if (typeof prop.type === 'string') return prop.type;
  if (Array.isArray(prop.type)) return prop.type.find((t): t is string => typeof t === 'string' && t !== 'null');
  return undefined;
}

function minimumOr(prop: Schema, fallback: number): number {
  return typeof prop.minimum === 'number' ? prop.minimum : fallback;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
