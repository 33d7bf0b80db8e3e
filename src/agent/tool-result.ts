import type {HubCallResult} from '../hub/types.js';
import type {ContentBlock} from '../session/mcp-types.js';
import type {ModelContent} from './model.js';

type ResultBlock = Extract<ModelContent, {type: 'tool_result'}>['content'][number];

/** Default cap on the characters of one result sent to the model. */
export const DEFAULT_RESULT_CAP = 100_000;

/** Image types the model API accepts inline. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * MCP content → model content. Lossy by necessity: audio and blobs become a
 * short placeholder, links a line with their URI. Text beyond `cap` is cut
 * with a note saying how much.
 */
export function toToolResult(callId: string, result: HubCallResult, cap = DEFAULT_RESULT_CAP): Extract<ModelContent, {type: 'tool_result'}> {
  const blocks: ResultBlock[] = [];
  let budget = cap;
  let cut = 0;
  const pushText = (text: string) => {
    if (text.length > budget) {
      cut += text.length - budget;
      if (budget > 0) blocks.push({type: 'text', text: text.slice(0, budget)});
      budget = 0;
      return;
    }
    budget -= text.length;
    blocks.push({type: 'text', text});
  };
  for (const block of result.content ?? []) {
    const image = asImage(block);
    if (image) blocks.push(image);
    else pushText(describe(block));
  }
  if (cut > 0) blocks.push({type: 'text', text: `[breakerbox: result cut, ${cut} more characters not shown (limit ${cap})]`});
  const hasText = blocks.some((b) => b.type === 'text');
  if (!hasText && result.structuredContent !== undefined) pushText(JSON.stringify(result.structuredContent));
  if (blocks.length === 0) blocks.push({type: 'text', text: result.isError ? '(the tool reported an error with no text)' : '(the tool returned no content)'});
  return {type: 'tool_result', tool_use_id: callId, content: blocks, ...(result.isError ? {is_error: true} : {})};
}

function asImage(block: ContentBlock): ResultBlock | undefined {
  if (block.type !== 'image') return undefined;
  const b = block as {data?: unknown; mimeType?: unknown};
  if (typeof b.data !== 'string' || typeof b.mimeType !== 'string' || !IMAGE_TYPES.has(b.mimeType)) return undefined;
  return {type: 'image', source: {type: 'base64', media_type: b.mimeType, data: b.data}};
}

/** Text for every block that is not an inline image. */
export function describe(block: ContentBlock): string {
  const b = block as Record<string, unknown>;
  switch (block.type) {
    case 'text':
      return typeof b.text === 'string' ? b.text : '';
    case 'resource_link':
      return `[resource link: ${String(b.uri)}${b.name ? ` (${String(b.name)})` : ''}${b.mimeType ? `, ${String(b.mimeType)}` : ''}]`;
    case 'resource': {
      const r = (b.resource ?? {}) as Record<string, unknown>;
      if (typeof r.text === 'string') return r.text;
      return `[embedded resource ${String(r.uri)}${r.mimeType ? ` (${String(r.mimeType)})` : ''}: binary, ${typeof r.blob === 'string' ? Math.floor((r.blob.length * 3) / 4) : 0} bytes, not shown]`;
    }
    case 'image':
      return `[image ${String(b.mimeType)}: not shown (type not supported by the model API)]`;
    case 'audio':
      return `[audio ${String(b.mimeType)}: ${typeof b.data === 'string' ? Math.floor((b.data.length * 3) / 4) : 0} bytes, not shown]`;
    default:
      return `[${String(block.type)} content not shown]`;
  }
}

/** The plain text of a result, for previews, `--print` and session files. */
export function resultText(result: {content?: readonly ContentBlock[]; structuredContent?: unknown}): string {
  const parts = (result.content ?? []).map(describe).filter(Boolean);
  if (parts.length === 0 && result.structuredContent !== undefined) return JSON.stringify(result.structuredContent);
  return parts.join('\n');
}
