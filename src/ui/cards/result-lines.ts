// A call's result as lines people can read: JSON (structuredContent, or text
// that is JSON) indented and highlighted, text with its own line breaks,
// images as "[image 640×480 png, 48 KB]", links and resources with their URI.
// This formats what the card kept (src/state/card-result.ts) for the screen;
// what the model is sent is decided elsewhere.
import type {CardBlock, ToolCallItem} from '../../state/app-state.js';
import type {Seg} from '../line.js';
import {grammarFor, highlightLines} from '../markdown/highlight.js';
import {formatBytes} from '../../hub/content/index.js';
import {imageLabel} from '../../state/image-label.js';
import {safeStringify} from '../../util/safe-json.js';
import {safeLine, safeText} from '../text/safe.js';
import {grouped} from '../../util/grouped.js';

/** Logical lines of a result (not yet cut to a width), and how many there are in all. */
export interface ResultLines {
  lines: Seg[][];
  total: number;
}

interface Part {
  texts: string[];
  json: boolean;
  tone?: Seg['tone'];
}

/** The first `limit` lines of `card`'s result (all by default). */
export function resultLines(card: ToolCallItem, limit = Number.POSITIVE_INFINITY): ResultLines {
  const parts = resultParts(card);
  const lines: Seg[][] = [];
  let total = 0;
  for (const part of parts) {
    total += part.texts.length;
    const room = limit - lines.length;
    if (room <= 0) continue;
    const shown = part.texts.slice(0, room);
    lines.push(...(part.json ? jsonSegs(shown) : shown.map((t) => (t ? [part.tone ? {text: t, tone: part.tone} : {text: t}] : []))));
  }
  return {lines, total};
}

function resultParts(card: ToolCallItem): Part[] {
  // A denied call never ran: the card says so, and the denial is the model's to read.
  if (card.state === 'denied') return [];
  const bad = card.state === 'error';
  const r = card.result;
  if (!r) return card.preview ? [plain(card.preview, bad)] : [];
  const parts: Part[] = [];
  if (r.structured !== undefined) parts.push({texts: lines(safeText(r.structured)), json: true});
  for (const b of r.blocks) {
    const part = blockPart(b, bad, r.structured);
    if (part) parts.push(part);
  }
  if (r.cut > 0) parts.push({texts: [`… ${grouped(r.cut)} more characters were not kept`], json: false, tone: 'muted'});
  return parts;
}

function blockPart(b: CardBlock, bad: boolean, structured: string | undefined): Part | undefined {
  switch (b.kind) {
    case 'text': {
      const json = asJson(b.text);
      // The text copy of structuredContent that servers send for older clients.
      if (json !== undefined && json === structured) return undefined;
      return json !== undefined ? {texts: lines(safeText(json)), json: true} : plain(b.text, bad);
    }
    case 'image':
      return note(imageLabel(b));
    case 'audio':
      return note(`[audio ${subtype(b.mimeType)}, ${formatBytes(b.bytes)}]`);
    case 'link':
      return note(`↗ ${b.name ? `${b.name} ` : ''}${b.uri}${b.mimeType ? ` (${b.mimeType})` : ''}`, 'link');
    case 'resource': {
      const head = `[resource ${b.uri}${b.mimeType ? ` · ${b.mimeType}` : ''}${b.bytes !== undefined ? ` · ${formatBytes(b.bytes)}` : ''}]`;
      const body = b.text === undefined ? [] : plain(b.text, bad).texts;
      return {texts: [safeLine(head), ...body], json: false};
    }
    case 'other':
      return note(`[${b.type} content]`);
  }
}

/** Indented JSON when `text` is a JSON object or array, else undefined. */
function asJson(text: string): string | undefined {
  const t = text.trimStart();
  if (t[0] !== '{' && t[0] !== '[') return undefined;
  try {
    return safeStringify(JSON.parse(text), {space: 2}) || undefined;
  } catch {
    return undefined;
  }
}

function jsonSegs(texts: string[]): Seg[][] {
  const grammar = grammarFor('json');
  if (!grammar || texts.length === 0) return texts.map((t) => (t ? [{text: t}] : []));
  return highlightLines(texts.join('\n'), grammar);
}

function plain(text: string, bad: boolean): Part {
  return {texts: lines(safeText(text).replace(/\t/g, '  ')), json: false, ...(bad ? {tone: 'error' as const} : {})};
}

function note(text: string, tone: Seg['tone'] = 'muted'): Part {
  return {texts: [safeLine(text)], json: false, tone};
}

function lines(text: string): string[] {
  const out = text.split('\n');
  while (out.length > 0 && out[out.length - 1]!.trim() === '') out.pop();
  return out;
}

function subtype(mime: string): string {
  return mime.replace(/^[a-z]+\//, '') || 'unknown type';
}
