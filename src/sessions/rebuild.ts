// Session records → a conversation the model API accepts: roles alternate,
// every tool_use is answered by a tool_result in the next user message, and
// nothing answers a tool_use that is not there.
import type {ModelContent, ModelMessage} from '../state/model-content.js';
import type {CallLine} from './records.js';

type ToolUse = Extract<ModelContent, {type: 'tool_use'}>;
type ToolResult = Extract<ModelContent, {type: 'tool_result'}>;

/** Text of the result given to a call that was running when breakerbox stopped. */
export const STOPPED_DURING_CALL = 'the call did not finish: breakerbox stopped during it';
/** Text of the result given to a call the turn never ran (step limit, cancel). */
export const NOT_RUN = 'not run: the turn ended before this call finished';

/** One parsed line, with its 1-based line number for warnings. */
export interface NumberedRecord {
  line: number;
  record: Record<string, unknown>;
}

/** The conversation rebuilt from records. */
export interface Rebuilt {
  history: ModelMessage[];
  warnings: string[];
  turns: number;
  /** Where each saved call went (call id → server alias and tool), for the transcript's cards. */
  routes: Map<string, CallRoute>;
}

/** The server and tool a tool name stood for when the call was made. */
export interface CallRoute {
  alias: string;
  tool: string;
}

/** Rebuilds the history; problems become warnings, never exceptions. */
export function rebuildHistory(records: readonly NumberedRecord[]): Rebuilt {
  const history: ModelMessage[] = [];
  const warnings: string[] = [];
  const routes = new Map<string, CallRoute>();
  let turns = 0;
  let open: {uses: ToolUse[]; results: Map<string, ToolResult>} | undefined;

  const push = (message: ModelMessage) => {
    const last = history[history.length - 1];
    if (last?.role === message.role) last.content = [...last.content, ...message.content];
    else history.push(message);
  };
  // Answers every tool_use of the last assistant message, in its order.
  const close = (missing: string) => {
    if (!open) return;
    push({role: 'user', content: open.uses.map((u) => open!.results.get(u.id) ?? errorResult(u.id, missing))});
    open = undefined;
  };

  for (const {line, record} of records) {
    switch (record.type) {
      case 'user':
        if (typeof record.text !== 'string') {
          warnings.push(`line ${line}: a user record without text; skipped`);
          break;
        }
        close(NOT_RUN);
        push({role: 'user', content: [{type: 'text', text: record.text}]});
        turns++;
        break;
      case 'assistant': {
        const content = assistantContent(record.content);
        if (!content) {
          warnings.push(`line ${line}: an assistant record with unreadable content; skipped`);
          break;
        }
        close(NOT_RUN);
        if (content.length === 0) break; // the API refuses empty messages
        if (history.length === 0) {
          warnings.push(`line ${line}: the conversation starts with an assistant message (its question was lost); skipped`);
          break;
        }
        push({role: 'assistant', content});
        const uses = content.filter((b): b is ToolUse => b.type === 'tool_use');
        if (uses.length) open = {uses, results: new Map()};
        break;
      }
      case 'call': {
        const call = (record as unknown as CallLine).call;
        const id = call && typeof call.id === 'string' ? call.id : undefined;
        if (!id || !open?.uses.some((u) => u.id === id)) {
          warnings.push(`line ${line}: a tool result for ${id ?? 'an unknown call'} with no matching tool call before it; skipped`);
          break;
        }
        open.results.set(id, resultBlock(id, call));
        if (typeof call.server === 'string' && typeof call.tool === 'string') routes.set(id, {alias: call.server, tool: call.tool});
        break;
      }
      case 'resumed':
        close(STOPPED_DURING_CALL);
        break;
      case 'cleared':
        open = undefined;
        history.length = 0;
        turns = 0;
        break;
      default:
        break; // the header, and record types from later versions
    }
  }
  close(STOPPED_DURING_CALL);
  return {history, warnings, turns, routes};
}

function assistantContent(raw: unknown): ModelContent[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const ok = raw.every((b) => b && typeof b === 'object' && typeof (b as {type?: unknown}).type === 'string');
  if (!ok) return undefined;
  const bad = raw.some((b) => b.type === 'tool_use' && (typeof b.id !== 'string' || typeof b.name !== 'string'));
  return bad ? undefined : (raw as ModelContent[]);
}

// The block the model saw; rebuilt from the plain text if the block is missing or malformed.
function resultBlock(id: string, call: CallLine['call']): ToolResult {
  const r = call.result;
  if (r && r.type === 'tool_result' && r.tool_use_id === id && Array.isArray(r.content)) return r;
  return {type: 'tool_result', tool_use_id: id, content: [{type: 'text', text: call.text || '(no result text was saved)'}], ...(call.isError ? {is_error: true} : {})};
}

function errorResult(id: string, text: string): ToolResult {
  return {type: 'tool_result', tool_use_id: id, content: [{type: 'text', text}], is_error: true};
}
