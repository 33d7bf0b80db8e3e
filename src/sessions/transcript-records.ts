// Session file records → transcript entries (for `--export ID`). A tool call
// that never got its result (the app stopped, or the turn ended) is listed as
// not finished, after the calls that did.
import type {ModelContent} from '../state/model-content.js';
import {imageLabelOfBase64} from '../state/image-label.js';
import type {NumberedRecord} from './rebuild.js';
import type {CallLine} from './records.js';
import type {CallStatus, TranscriptEntry} from './transcript.js';

type ToolUse = Extract<ModelContent, {type: 'tool_use'}>;

/** The entries of a session's records, in order. */
export function transcriptFromRecords(records: readonly NumberedRecord[]): TranscriptEntry[] {
  const out: TranscriptEntry[] = [];
  let open = new Map<string, ToolUse>();
  const closeOpen = () => {
    for (const use of open.values()) out.push({kind: 'call', name: use.name, arguments: use.input, status: 'not finished', result: '(no result was recorded)'});
    open = new Map();
  };
  for (const {record} of records) {
    switch (record.type) {
      case 'user':
        closeOpen();
        if (typeof record.text === 'string') out.push({kind: 'user', text: record.text});
        break;
      case 'assistant': {
        closeOpen();
        const content = Array.isArray(record.content) ? (record.content as ModelContent[]) : [];
        const text = content.flatMap((b) => (b?.type === 'text' && typeof b.text === 'string' ? [b.text] : [])).join('');
        if (text.trim()) out.push({kind: 'assistant', text});
        for (const b of content) if (b?.type === 'tool_use' && typeof b.id === 'string') open.set(b.id, b);
        break;
      }
      case 'call': {
        const call = (record as unknown as CallLine).call;
        if (!call || typeof call !== 'object') break;
        const use = open.get(call.id);
        open.delete(call.id);
        out.push({
          kind: 'call',
          name: String(call.name ?? use?.name ?? '?'),
          ...(call.server ? {server: call.server} : {}),
          ...(call.tool ? {tool: call.tool} : {}),
          arguments: call.arguments ?? use?.input ?? {},
          status: statusOf(call),
          result: resultText(call),
        });
        break;
      }
      case 'resumed':
        closeOpen();
        out.push({kind: 'marker', text: `resumed${typeof record.at === 'string' ? ` at ${record.at}` : ''}${typeof record.model === 'string' ? ` with ${record.model}` : ''}`});
        break;
      case 'cleared':
        closeOpen();
        out.push({kind: 'marker', text: 'the conversation was cleared here (/clear)'});
        break;
      default:
        break;
    }
  }
  closeOpen();
  return out;
}

function statusOf(call: CallLine['call']): CallStatus {
  if (call.protocolError) return 'protocol error';
  return call.isError ? 'tool error' : 'ok';
}

// The result as the model saw it (text and images); the plain text when the block is missing.
function resultText(call: CallLine['call']): string {
  const blocks = call.result?.content;
  if (!Array.isArray(blocks)) return typeof call.text === 'string' ? call.text : '';
  return blocks.map((b) => (b.type === 'text' ? b.text : imageLabelOfBase64(b.source?.data ?? '', b.source?.media_type))).join('\n');
}
