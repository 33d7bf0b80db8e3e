// The debugging side of the state: what servers offer besides tools
// (resources, prompts, log entries), and the view a person opened over the
// conversation (a tool's detail, a call by hand, a server's detail, its log,
// its resources, one resource, a prompt's arguments). Plain immutable data.
// The arguments being typed (a call's form or JSON, a prompt's fields) live
// with the open view in the UI, as an elicitation form does: typing
// re-renders the view only. What is sent, and everything after, is here.
import type {LogEntry, ServerDetail, ServerResources} from '../hub/inspect-types.js';
import {EMPTY_PROMPTS, type PromptTable} from '../hub/prompt-table.js';
import type {HubCallResult} from '../hub/types.js';
import type {PageRecord} from '../session/paginate.js';

/** What the inspector view shows, drawn in place of the conversation. */
export type InspectView =
  | {readonly kind: 'tool'; readonly name: string}
  | {readonly kind: 'call'; readonly name: string}
  | {readonly kind: 'server'; readonly alias: string}
  | {readonly kind: 'logs'; readonly alias: string}
  | {readonly kind: 'resources'; readonly alias: string | null}
  | {readonly kind: 'resource'; readonly alias: string; readonly uri: string}
  | {readonly kind: 'prompt'; readonly name: string};

/** One call made by hand, from request to result. */
export interface ManualCallView {
  readonly id: string;
  readonly name: string;
  readonly alias: string;
  readonly tool: string;
  readonly args: unknown;
  readonly state: 'awaiting-approval' | 'running' | 'done' | 'error' | 'denied' | 'cancelled';
  readonly startedAt?: number;
  readonly durationMs?: number;
  readonly progress?: {readonly progress: number; readonly total?: number; readonly message?: string};
  readonly result?: ManualResultView;
}

/** A manual call's result, bounded, in both forms the view shows. */
export interface ManualResultView {
  readonly isError: boolean;
  readonly failure?: HubCallResult['failure'];
  readonly protocolError?: HubCallResult['protocolError'];
  readonly warnings?: readonly string[];
  /** The result as the server sent it (after the hub's repairs), pretty JSON, bounded. */
  readonly raw: string;
  /** The result as the model would read it, bounded. */
  readonly text: string;
  /** `valid` / `invalid: …` / `none` (no outputSchema) / `no structuredContent`. */
  readonly output: string;
}

/** One resource read, for the resource view. */
export interface ResourceReadView {
  readonly alias: string;
  readonly uri: string;
  readonly state: 'reading' | 'done' | 'failed';
  /** Each part: text (bounded) or a binary summary. */
  readonly parts?: ReadonlyArray<{readonly uri: string; readonly mimeType?: string; readonly text?: string; readonly bytes?: number}>;
  readonly error?: string;
  readonly durationMs?: number;
}

/** Completion values offered for one argument. */
export interface CompletionView {
  /** `<prompt>\0<argument>` (or `<alias>\0<template>\0<argument>`). */
  readonly key: string;
  readonly values: readonly string[];
  readonly total?: number;
}

/** The inspector's slice of the state. */
export interface InspectState {
  readonly view: InspectView | null;
  /** Views to go back to (Esc), each where it was scrolled to and which row was highlighted. */
  readonly back: ReadonlyArray<{readonly view: InspectView; readonly offset: number; readonly cursor: number}>;
  /** Scroll offset of the view's lines. */
  readonly offset: number;
  /** The view's lines and the rows it shows, as last measured by the UI (0: not yet): scrolling stops at the last line. */
  readonly measured: {readonly rows: number; readonly height: number};
  /** The highlighted row of a list view (resources). */
  readonly cursor: number;
  readonly resources: Readonly<Record<string, ServerResources>>;
  readonly prompts: PromptTable;
  readonly logs: Readonly<Record<string, readonly LogEntry[]>>;
  /** The pages of each server's last tools/list (the tool view names the page a tool came on). */
  readonly pages: Readonly<Record<string, readonly PageRecord[]>>;
  readonly logLevels: Readonly<Record<string, string>>;
  /** Watched resources per server, and those updated since last read. */
  readonly watched: Readonly<Record<string, readonly string[]>>;
  readonly updated: Readonly<Record<string, readonly string[]>>;
  readonly detail: ServerDetail | null;
  readonly read: ResourceReadView | null;
  readonly manual: ManualCallView | null;
  readonly completion: CompletionView | null;
}

/** Log entries kept per server in the state. */
export const LOGS_PER_SERVER = 200;

/** The inspector before anything happened. */
export const INITIAL_INSPECT: InspectState = Object.freeze({
  view: null,
  back: [],
  offset: 0,
  measured: {rows: 0, height: 0},
  cursor: 0,
  resources: {},
  prompts: EMPTY_PROMPTS,
  logs: {},
  pages: {},
  logLevels: {},
  watched: {},
  updated: {},
  detail: null,
  read: null,
  manual: null,
  completion: null,
});
