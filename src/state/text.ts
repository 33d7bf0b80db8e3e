// Bounding untrusted text before it is kept: a server may send megabytes on
// one line, and the state must stay small whatever it sends.
import type {ContentBlock} from '../session/mcp-types.js';

/** `text` cut to at most `max` characters, with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 1) return text.slice(0, Math.max(0, max));
  let cut = max - 1;
  // Never split a surrogate pair: half an emoji renders as garbage.
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut--;
  return `${text.slice(0, cut)}…`;
}

/** A short readable preview of tool output, reading only as much as `max` needs. */
export function previewOf(content: readonly ContentBlock[] | undefined, max: number): string {
  if (!content) return '';
  let out = '';
  for (const block of content) {
    if (out.length > max) break;
    const piece = describeBlock(block);
    out = out ? `${out}\n${piece}` : piece;
  }
  return truncate(out, max);
}

function describeBlock(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? block.text : '';
    case 'image':
    case 'audio':
      return `[${block.type} ${String(block.mimeType ?? '')}]`.replace(' ]', ']');
    case 'resource_link':
      return `[link ${String(block.uri ?? '')}]`;
    case 'resource': {
      const r = block.resource as {uri?: unknown; text?: unknown} | undefined;
      return typeof r?.text === 'string' ? r.text : `[resource ${String(r?.uri ?? '')}]`;
    }
    default:
      return `[${String(block.type)}]`;
  }
}
