// A conversation as a list of entries, whichever way it was kept: the session
// file's records (`--export ID`) or the UI's conversation (`/export`). The
// markdown writer reads only this.

/** How a tool call ended. */
export type CallStatus = 'ok' | 'tool error' | 'protocol error' | 'failed' | 'denied' | 'cancelled' | 'not finished';

/** One entry of a transcript, in conversation order. */
export type TranscriptEntry =
  | {kind: 'user'; text: string}
  | {kind: 'assistant'; text: string}
  | {kind: 'call'; name: string; server?: string; tool?: string; arguments: unknown; status: CallStatus; result: string}
  | {kind: 'notice'; level: 'info' | 'warn' | 'error'; text: string}
  /** A break in the session: resumed later, or cleared. */
  | {kind: 'marker'; text: string};

/** What the transcript's header says. */
export interface TranscriptMeta {
  session?: string;
  startedAt?: string;
  model?: string;
  cwd?: string;
  exportedAt: string;
}
