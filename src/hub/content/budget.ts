// The one truncation mechanism for results. A result is measured on meters
// (characters of text, bytes of binary data); each meter has a limit per
// result. Text is divisible (a block is cut at the character where a meter
// runs out); binary is not (an image that does not fit is replaced, whole, by
// a placeholder saying why). The token budget is one more meter here: it
// prices text at the offline estimate and says how many characters fit.
import type {ContentBlock} from '../../session/mcp-types.js';
import {CHARS_PER_TOKEN, estimateTokens} from '../tool-tokens.js';
import {decodedBytes, formatBytes} from './binary.js';
import {grouped} from '../../util/grouped.js';

/** Limits on one result. */
export interface ResultLimits {
  /** Characters of text (text blocks and embedded text resources). */
  textChars: number;
  /** Decoded bytes of binary data (images, audio, embedded blobs). */
  binaryBytes: number;
  /** Estimated tokens of text the model is given (unset: no token budget). */
  tokens?: number;
}

/** The mainstream clients' budget for one result, in tokens. */
export const DEFAULT_RESULT_TOKENS = 25_000;

/** The defaults: `--result-cap`'s 100,000 characters; 3 MiB of binary (4 MiB as base64, under the model API's 5 MB per image). */
export const DEFAULT_RESULT_LIMITS: Readonly<ResultLimits> = Object.freeze({textChars: 100_000, binaryBytes: 3 * 1024 * 1024});

/** What one meter counts. */
interface Meter {
  /** Names the limit in messages, e.g. "100,000 characters of text". */
  label: string;
  limit: number;
  /** The block's cost on this meter (0 when the meter ignores the kind). */
  cost(block: ContentBlock): number;
  /** For text: how many characters fit into `room` units. */
  charsFor?(room: number): number;
}

function meters(limits: ResultLimits): Meter[] {
  return [
    {label: `${grouped(limits.textChars)} characters of text`, limit: limits.textChars, cost: (b) => textOf(b)?.length ?? 0, charsFor: (room) => room},
    {label: `${formatBytes(limits.binaryBytes)} of binary data`, limit: limits.binaryBytes, cost: (b) => binaryBytes(b)},
    ...(limits.tokens === undefined
      ? []
      : [{label: `${grouped(limits.tokens)} tokens`, limit: limits.tokens, cost: (b: ContentBlock) => estimateTokens(textOf(b) ?? ''), charsFor: (room: number) => Math.floor(room * CHARS_PER_TOKEN)}]),
  ];
}

/** What a budget took out of one result. */
export interface CutReport {
  /** Characters of text not kept. */
  textChars: number;
  /** The limit that cut the text, e.g. "25,000 tokens". */
  textLimit?: string;
  /** Binary blocks replaced by a placeholder. */
  binary: Array<{kind: string; mimeType?: string; bytes: number}>;
}

/** Marks the blocks a budget wrote, so fitting again neither counts nor cuts them. */
const MARK = 'io.breakerbox/budget';

/** `content` within `limits`; `cut` is set when anything was left out. Never throws. */
export function fitContent(content: readonly ContentBlock[], limits: ResultLimits): {content: ContentBlock[]; cut?: CutReport} {
  if (fitsWhole(content, limits)) return {content: content as ContentBlock[]};
  const ms = meters(limits);
  const used = ms.map(() => 0);
  const out: ContentBlock[] = [];
  const cut: CutReport = {textChars: 0, binary: []};
  for (const block of content) {
    if (isMarked(block)) {
      out.push(block);
      continue;
    }
    const costs = ms.map((m) => m.cost(block));
    if (costs.every((c, i) => used[i]! + c <= ms[i]!.limit)) {
      costs.forEach((c, i) => (used[i]! += c));
      out.push(block);
      continue;
    }
    const text = textOf(block);
    if (text !== undefined) {
      // Divisible: keep as many characters as every meter has room for.
      const rooms = ms.map((m, i) => (m.charsFor && costs[i]! > 0 ? m.charsFor(Math.max(0, m.limit - used[i]!)) : Infinity));
      const keep = Math.min(text.length, ...rooms);
      cut.textLimit ??= ms[rooms.indexOf(Math.min(...rooms))]!.label;
      const kept = cutAt(text, keep);
      cut.textChars += text.length - kept.length;
      if (kept.length > 0) out.push(withText(block, kept));
      ms.forEach((m, i) => (used[i]! += m.cost(withText(block, kept))));
      continue;
    }
    const bytes = binaryBytes(block);
    const mimeType = typeof (block as {mimeType?: unknown}).mimeType === 'string' ? ((block as {mimeType: string}).mimeType) : undefined;
    const full = ms.find((m, i) => used[i]! + costs[i]! > m.limit)!;
    cut.binary.push({kind: block.type, ...(mimeType ? {mimeType} : {}), bytes});
    out.push(marked(`[${block.type}${mimeType ? ` ${mimeType}` : ''}, ${formatBytes(bytes)}: left out, over the ${full.label} one result may carry]`));
  }
  if (cut.textChars === 0 && cut.binary.length === 0) return {content: content as ContentBlock[]};
  if (cut.textChars > 0) out.push(marked(cutNote(cut)));
  return {content: out, cut};
}

// Nearly every result fits: sum its costs in one pass that allocates nothing,
// and build the meters (labels, closures) only for one that may not. Marked
// blocks are counted here, which can only send a result to the full check.
export function fitsWhole(content: readonly ContentBlock[], limits: ResultLimits): boolean {
  let chars = 0;
  let tokens = 0;
  let bytes = 0;
  for (const block of content) {
    const text = textOf(block);
    if (text !== undefined) {
      chars += text.length;
      tokens += estimateTokens(text);
    }
    bytes += binaryBytes(block);
  }
  return chars <= limits.textChars && bytes <= limits.binaryBytes && (limits.tokens === undefined || tokens <= limits.tokens);
}

// The model is told how much it did not see and how to get it in pieces.
function cutNote(cut: CutReport): string {
  const n = cut.textChars;
  return (
    `[breakerbox: result cut, ${grouped(n)} more characters (about ${grouped(Math.ceil(n / CHARS_PER_TOKEN))} tokens) not shown: ` +
    `over the limit of ${cut.textLimit} per result. To see the rest, ask for less per call: a narrower query, or a limit, offset or page argument if the tool has one.]`
  );
}

/** One sentence for the card and `--print`: what a budget left out. */
export function describeCut(cut: CutReport, limits: ResultLimits): string {
  const parts: string[] = [];
  if (cut.textChars > 0) {
    const byTokens = limits.tokens !== undefined && cut.textLimit === `${grouped(limits.tokens)} tokens`;
    parts.push(`${grouped(cut.textChars)} characters of text (limit ${byTokens ? cut.textLimit : grouped(limits.textChars)}; ${byTokens ? '--result-tokens or maxResultTokens' : '--result-cap'})`);
  }
  if (cut.binary.length > 0) {
    const bytes = cut.binary.reduce((n, b) => n + b.bytes, 0);
    parts.push(`${cut.binary.length} binary block${cut.binary.length === 1 ? '' : 's'} (${cut.binary.map((b) => b.mimeType ?? b.kind).join(', ')}; ${formatBytes(bytes)}; limit ${formatBytes(limits.binaryBytes)} per result)`);
  }
  return `cut to fit: ${parts.join(' and ')} left out`;
}

function textOf(block: ContentBlock): string | undefined {
  if (block.type === 'text') return (block as {text: string}).text;
  if (block.type === 'resource') {
    const text = (block as {resource: {text?: unknown}}).resource.text;
    if (typeof text === 'string') return text;
  }
  return undefined;
}

function binaryBytes(block: ContentBlock): number {
  if (block.type === 'image' || block.type === 'audio') return decodedBytes(String((block as {data: unknown}).data));
  if (block.type === 'resource') {
    const blob = (block as {resource: {blob?: unknown}}).resource.blob;
    if (typeof blob === 'string') return decodedBytes(blob);
  }
  return 0;
}

function withText(block: ContentBlock, text: string): ContentBlock {
  if (block.type === 'text') return {...block, text} as ContentBlock;
  const b = block as {type: 'resource'; resource: Record<string, unknown>};
  return {...b, resource: {...b.resource, text}} as ContentBlock;
}

// Never split a surrogate pair: half an emoji is not text.
function cutAt(text: string, n: number): string {
  if (n >= text.length) return text;
  const code = text.charCodeAt(n - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? n - 1 : n);
}

function marked(text: string): ContentBlock {
  return {type: 'text', text, _meta: {[MARK]: true}} as ContentBlock;
}

function isMarked(block: ContentBlock): boolean {
  const meta = (block as {_meta?: unknown})._meta;
  return typeof meta === 'object' && meta !== null && (meta as Record<string, unknown>)[MARK] === true;
}
