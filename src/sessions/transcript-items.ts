// The UI's conversation → transcript entries (for `/export`): what is on
// screen, including the notices (model errors, step limits, cancels) that the
// session file does not keep.
import type {CardResult, ConversationItem, ToolCallItem} from '../state/app-state.js';
import {formatBytes} from '../hub/content/index.js';
import {safeStringify} from '../util/safe-json.js';
import {imageLabel} from '../state/image-label.js';
import type {CallStatus, TranscriptEntry} from './transcript.js';

/** The entries of the conversation, in order; an answer still streaming is included as far as it got. */
export function transcriptFromItems(items: readonly ConversationItem[]): TranscriptEntry[] {
  return items.flatMap((item): TranscriptEntry[] => {
    switch (item.kind) {
      case 'user':
        return [{kind: 'user', text: item.text}];
      case 'assistant':
        return item.text.trim() ? [{kind: 'assistant', text: item.streaming ? `${item.text}\n\n*(still being written when exported)*` : item.text}] : [];
      case 'notice':
        return [{kind: 'notice', level: item.level, text: item.text}];
      case 'tool-call':
        return [{kind: 'call', name: item.name, ...(item.alias ? {server: item.alias, tool: item.tool} : {}), arguments: item.args, status: statusOf(item), result: resultText(item)}];
    }
  });
}

function statusOf(card: ToolCallItem): CallStatus {
  switch (card.state) {
    case 'done':
      return 'ok';
    case 'error':
      return card.outcome?.protocolError ? 'protocol error' : card.outcome?.failure ? 'failed' : 'tool error';
    case 'denied':
      return 'denied';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'not finished';
  }
}

function resultText(card: ToolCallItem): string {
  const r = card.result;
  const failure = card.outcome?.protocolError ? `protocol error ${card.outcome.protocolError.code}: ${card.outcome.protocolError.message}` : undefined;
  const body = r ? cardText(r) : (card.preview ?? '');
  return [failure, body].filter(Boolean).join('\n');
}

function cardText(r: CardResult): string {
  const parts: string[] = [];
  if (r.structured !== undefined) parts.push(r.structured);
  for (const b of r.blocks) {
    switch (b.kind) {
      case 'text':
        if (b.text.trim() !== '' && !(r.structured !== undefined && sameJson(b.text, r.structured))) parts.push(b.text);
        break;
      case 'image':
        parts.push(imageLabel(b));
        break;
      case 'audio':
        parts.push(`[audio ${b.mimeType}, ${formatBytes(b.bytes)}]`);
        break;
      case 'link':
        parts.push(`[link ${b.name ? `${b.name} ` : ''}${b.uri}]`);
        break;
      case 'resource':
        parts.push(`[resource ${b.uri}]${b.text ? `\n${b.text}` : ''}`);
        break;
      case 'other':
        parts.push(`[${b.type} content]`);
        break;
    }
  }
  if (r.cut > 0) parts.push(`[${r.cut} more characters were not kept]`);
  return parts.join('\n');
}

function sameJson(text: string, structured: string): boolean {
  try {
    return safeStringify(JSON.parse(text), {space: 2}) === structured;
  } catch {
    return false;
  }
}
