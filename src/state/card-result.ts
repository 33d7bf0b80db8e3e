// What a card keeps of a call's result: the content blocks, bounded. Text is
// kept up to `max` characters in all; images and audio keep their type, size
// and (images) pixel size read from the header, never their data; links and
// resources their URI. `structuredContent` is kept as indented JSON.
import type {ContentBlock} from '../session/mcp-types.js';
import {decodedBytes} from '../hub/content/index.js';
import {imageInfoOfBase64} from '../util/image-info.js';
import {safeStringify} from '../util/safe-json.js';
import type {CardBlock, CardResult} from './app-state.js';
import {truncate} from './text.js';

/** The result a card keeps, or undefined when there is nothing to show. */
export function cardResult(result: {content?: readonly ContentBlock[]; structuredContent?: unknown}, max: number): CardResult | undefined {
  let left = max;
  let cut = 0;
  const keep = (text: string): string => {
    if (text.length <= left) {
      left -= text.length;
      return text;
    }
    cut += text.length - Math.max(0, left);
    const kept = truncate(text, Math.max(1, left));
    left = 0;
    return kept;
  };
  const blocks: CardBlock[] = [];
  for (const block of Array.isArray(result.content) ? result.content : []) {
    const b = cardBlock(block, keep);
    if (b) blocks.push(b);
  }
  let structured: string | undefined;
  if (result.structuredContent !== undefined) {
    const json = indentedJson(result.structuredContent);
    if (json !== undefined) structured = keep(json);
  }
  if (blocks.length === 0 && structured === undefined) return undefined;
  return structured === undefined ? {blocks, cut} : {blocks, structured, cut};
}

function cardBlock(block: ContentBlock, keep: (text: string) => string): CardBlock | undefined {
  const b = (block ?? {}) as Record<string, unknown>;
  const mimeType = str(b.mimeType) ?? '';
  switch (b.type) {
    case 'text':
      return {kind: 'text', text: keep(str(b.text) ?? '')};
    case 'image': {
      const data = str(b.data) ?? '';
      const info = data ? imageInfoOfBase64(data) : undefined;
      return {kind: 'image', mimeType, bytes: decodedBytes(data), ...(info ?? {})};
    }
    case 'audio':
      return {kind: 'audio', mimeType, bytes: decodedBytes(str(b.data) ?? '')};
    case 'resource_link':
      return {kind: 'link', uri: keep(str(b.uri) ?? ''), ...opt('name', str(b.name) ?? str(b.title)), ...opt('mimeType', mimeType || undefined)};
    case 'resource': {
      const r = (b.resource ?? {}) as Record<string, unknown>;
      const text = str(r.text);
      const blob = str(r.blob);
      return {
        kind: 'resource',
        uri: keep(str(r.uri) ?? ''),
        ...opt('mimeType', str(r.mimeType)),
        ...(text === undefined ? {} : {text: keep(text)}),
        ...(blob === undefined ? {} : {bytes: decodedBytes(blob)}),
      };
    }
    default:
      return {kind: 'other', type: keep(String(b.type ?? 'unknown'))};
  }
}

// Depth-bounded: a server can nest deeper than JSON.stringify's stack.
function indentedJson(value: unknown): string | undefined {
  return safeStringify(value, {space: 2}) || undefined;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const opt = <K extends string>(key: K, v: string | undefined): Partial<Record<K, string>> => (v === undefined ? {} : ({[key]: v} as Record<K, string>));
