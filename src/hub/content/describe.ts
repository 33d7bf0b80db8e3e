// THE text for a content block: what the model reads for blocks it cannot
// take inline, what a card previews, what `--print` prints. One describer, so
// the user and the model are told the same thing about the same block.
import type {ContentBlock} from '../../session/mcp-types.js';
import {safeStringify} from '../../util/safe-json.js';
import {decodedBytes, formatBytes} from './binary.js';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const size = (data: unknown): string => (typeof data === 'string' ? formatBytes(decodedBytes(data)) : 'no data');

/** Readable text for any block (well-formed or not); an inline image reads as a short label. */
export function describeBlock(block: ContentBlock | unknown): string {
  if (block === null || typeof block !== 'object' || Array.isArray(block)) return `[not a content block: ${block === null ? 'null' : Array.isArray(block) ? 'an array' : typeof block}]`;
  const b = block as Record<string, unknown>;
  switch (b.type) {
    case 'text':
      return str(b.text) ?? '';
    case 'image':
      return `[image ${str(b.mimeType) ?? '?'}, ${size(b.data)}]`;
    case 'audio':
      return `[audio ${str(b.mimeType) ?? '?'}, ${size(b.data)}: not shown]`;
    case 'resource_link': {
      const name = str(b.name);
      const mime = str(b.mimeType);
      return `[resource link: ${str(b.uri) ?? '?'}${name ? ` (${name})` : ''}${mime ? `, ${mime}` : ''}]`;
    }
    case 'resource': {
      const r = (b.resource ?? {}) as Record<string, unknown>;
      const text = str(r.text);
      if (text !== undefined) return text;
      const mime = str(r.mimeType);
      return `[embedded resource ${str(r.uri) ?? '?'}${mime ? ` (${mime})` : ''}: binary, ${size(r.blob)}, not shown]`;
    }
    default:
      return `[${typeof b.type === 'string' ? b.type.slice(0, 40) : 'untyped'} content not shown]`;
  }
}

/** The plain text of a result, for previews, `--print` and session files: blocks joined, else structuredContent as JSON. */
export function resultText(result: {content?: readonly ContentBlock[]; structuredContent?: unknown}): string {
  const content = Array.isArray(result.content) ? result.content : [];
  const parts = content.map(describeBlock).filter(Boolean);
  if (parts.length === 0 && result.structuredContent !== undefined) return safeStringify(result.structuredContent);
  return parts.join('\n');
}

