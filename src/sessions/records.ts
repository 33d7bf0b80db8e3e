// The session file format: JSON lines, one record each, `type` first so a
// reader can pick lines without parsing them all. Unknown types are skipped,
// so later versions can add records without breaking older readers.
import type {ModelContent} from '../state/model-content.js';

export const SESSION_FORMAT = 1;

/** The first line of every session file. */
export interface HeaderRecord {
  type: 'session';
  version: number;
  id: string;
  startedAt: string;
  cwd: string;
  config?: string;
  model?: string;
  /** Which API the model spoke (`anthropic`, `openai`, `offline`). */
  provider?: string;
}

/** What the user typed. */
export interface UserRecord {
  type: 'user';
  at: string;
  text: string;
}

/** One finished assistant message, as the model API returned it. */
export interface AssistantRecord {
  type: 'assistant';
  at: string;
  content: ModelContent[];
}

/** One finished tool call; `call.result` is the tool_result block the model saw. */
export interface CallLine {
  type: 'call';
  at: string;
  call: {
    id: string;
    name: string;
    server?: string;
    tool?: string;
    arguments?: unknown;
    isError?: boolean;
    protocolError?: boolean;
    text?: string;
    result?: Extract<ModelContent, {type: 'tool_result'}>;
  };
}

/** A later run continued this session from here (`--resume`). */
export interface ResumedRecord {
  type: 'resumed';
  at: string;
  model?: string;
  provider?: string;
}

/** The user cleared the conversation (`/clear`): a resume starts after this line. */
export interface ClearedRecord {
  type: 'cleared';
  at: string;
}

/**
 * A tool call the user made by hand (`/call`, the tool view's `c`, not the
 * model): kept for the record; a resumed session never gives it to the model.
 */
export interface ManualCallRecord {
  type: 'manual-call';
  at: string;
  call: {
    by: 'user';
    name: string;
    server: string;
    tool: string;
    arguments: unknown;
    isError: boolean;
    failure: string | null;
    protocolError: {code: number; message: string} | null;
    durationMs: number;
    text: string;
  };
}

/** Every record a session file holds. */
export type SessionRecord = HeaderRecord | UserRecord | AssistantRecord | CallLine | ResumedRecord | ClearedRecord | ManualCallRecord;
