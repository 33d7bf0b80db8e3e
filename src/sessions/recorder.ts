import {closeSync, existsSync, fchmodSync, openSync, writeSync} from 'node:fs';
import type {ModelContent} from '../state/model-content.js';
import {safeStringify} from '../util/safe-json.js';
import {SESSION_FORMAT, type CallLine, type HeaderRecord, type ManualCallRecord, type SessionRecord} from './records.js';
import {newSessionId, sessionPath, sessionsDir} from './session-id.js';

/** Where and what a new session file describes. */
export interface NewSessionOptions {
  env: NodeJS.ProcessEnv;
  cwd?: string;
  configPath?: string;
  model?: string;
  /** Defaults to a fresh time-sortable id. */
  id?: string;
  now?: () => Date;
  /** Told once when a write fails (disk full, directory removed); the turn goes on. */
  onError?: (err: Error) => void;
}

/**
 * Writes a session as it happens: each record is one `writeSync` on a kept
 * descriptor, so a `kill -9` loses at most the message still streaming. The
 * file is created at the first record (an empty run leaves no file), 0600 in a
 * 0700 directory. Never throws into the loop.
 */
export class SessionRecorder {
  private madeId?: string;
  private readonly startedDate: Date;
  private fd?: number;
  private opened = false;
  private failed = false;
  private model?: string;
  private provider?: string;
  private readonly startedAt: string;

  private constructor(
    private readonly o: NewSessionOptions,
    private readonly resumed: boolean,
  ) {
    this.startedDate = o.now?.() ?? new Date();
    this.model = o.model;
    this.startedAt = this.startedDate.toISOString();
  }

  /**
   * Made at first use, from the start time: its random part (node:crypto's
   * generator, ~2 ms at its first use) and the check that the file is free
   * would otherwise run before a TUI's servers are online, and nothing reads
   * the id before the app is drawn or the first record is written.
   */
  get id(): string {
    return (this.madeId ??= this.o.id ?? uniqueId(this.o.env, () => this.startedDate));
  }

  get path(): string {
    return sessionPath(this.o.env, this.id);
  }

  /** A new session file (written from the first record on). */
  static create(o: NewSessionOptions): SessionRecorder {
    return new SessionRecorder(o, false);
  }

  /** Appends to an existing session; the first new record is preceded by a `resumed` marker. */
  static resume(id: string, o: Omit<NewSessionOptions, 'id'>): SessionRecorder {
    return new SessionRecorder({...o, id}, true);
  }

  /** The model label and its API, for the header or the resume marker (known only once the app is built). */
  setModel(label: string, provider?: string): void {
    this.model = label;
    this.provider = provider;
  }

  user(text: string): void {
    this.write({type: 'user', at: this.now(), text});
  }

  assistant(content: unknown): void {
    this.write({type: 'assistant', at: this.now(), content: content as ModelContent[]});
  }

  call(payload: unknown): void {
    this.write({type: 'call', at: this.now(), call: withShortText(payload as CallLine['call'])});
  }

  manualCall(payload: unknown): void {
    const call = payload as ManualCallRecord['call'];
    this.write({type: 'manual-call', at: this.now(), call: {...call, text: call.text.length > CALL_TEXT_LIMIT ? `${call.text.slice(0, CALL_TEXT_LIMIT)}… [${call.text.length - CALL_TEXT_LIMIT} more characters]` : call.text}});
  }

  cleared(): void {
    this.write({type: 'cleared', at: this.now()});
  }

  close(): void {
    if (this.fd === undefined) return;
    try {
      closeSync(this.fd);
    } catch {
      /* already gone */
    }
    this.fd = undefined;
  }

  private write(record: SessionRecord): void {
    if (this.failed) return;
    try {
      if (!this.opened) this.open();
      writeSync(this.fd!, safeStringify(record) + '\n');
    } catch (err) {
      this.failed = true;
      this.o.onError?.(err as Error);
    }
  }

  private open(): void {
    sessionsDir(this.o.env, true);
    this.fd = openSync(this.path, 'a', 0o600);
    fchmodSync(this.fd, 0o600);
    this.opened = true;
    const first: SessionRecord = this.resumed
      ? {type: 'resumed', at: this.now(), ...(this.model ? {model: this.model} : {}), ...(this.provider ? {provider: this.provider} : {})}
      : {...header(this.id, this.startedAt, this.o, this.model), ...(this.provider ? {provider: this.provider} : {})};
    writeSync(this.fd, JSON.stringify(first) + '\n');
  }

  private now(): string {
    return (this.o.now?.() ?? new Date()).toISOString();
  }
}

/** Characters of a call's plain text kept beside its result block (which holds what the model saw). */
export const CALL_TEXT_LIMIT = 4_000;

// The plain text is uncapped (a 20 MB result would be 20 MB here twice); the
// result block is already capped by --result-cap, so the text is only a preview.
function withShortText(call: CallLine['call']): CallLine['call'] {
  if (typeof call?.text !== 'string' || call.text.length <= CALL_TEXT_LIMIT || !call.result) return call;
  return {...call, text: `${call.text.slice(0, CALL_TEXT_LIMIT)}… [${call.text.length - CALL_TEXT_LIMIT} more characters; see result]`};
}

function header(id: string, startedAt: string, o: NewSessionOptions, model: string | undefined): HeaderRecord {
  return {
    type: 'session',
    version: SESSION_FORMAT,
    id,
    startedAt,
    cwd: o.cwd ?? process.cwd(),
    ...(o.configPath ? {config: o.configPath} : {}),
    ...(model ? {model} : {}),
  };
}

function uniqueId(env: NodeJS.ProcessEnv, now?: () => Date): string {
  for (;;) {
    const id = newSessionId(now?.() ?? new Date());
    if (!existsSync(sessionPath(env, id))) return id;
  }
}
