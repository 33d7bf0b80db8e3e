// Calls made by hand (the tool detail view's `c`, `/call`): the same hub
// call as the model's, under the same approval rules, but outside any turn.
// The model is not involved and its history is untouched; the call goes to
// the store, the trace (marked as the user's) and the session file (a
// `manual-call` record, which a resumed session never gives the model).
import {decideApproval, type ApprovalRules} from '../agent/approvals.js';
import {resultText} from '../hub/content/index.js';
import type {Catalog, HubCallResult} from '../hub/types.js';
import type {HubCallOptions} from '../hub/hub.js';
import type {AppState} from '../state/app-state.js';
import type {AppEvent, EventOf} from '../state/events.js';
import type {ManualResultView} from '../state/inspect-state.js';
import {truncate} from '../state/text.js';
import {safeStringify} from '../util/safe-json.js';
import type {ApprovalAnswer} from './approval.js';

/** What calls by hand need from the driver. */
export interface ManualDeps {
  hub: {readonly catalog: Catalog; callEntry(entry: Catalog['entries'][number], args: unknown, options?: HubCallOptions): Promise<HubCallResult>};
  rules: ApprovalRules;
  state(): AppState;
  dispatch(event: AppEvent): void;
  next<E extends AppEvent>(match: (e: AppEvent) => e is E, signal?: AbortSignal): Promise<E | undefined>;
  notice(level: 'info' | 'warn' | 'error', text: string): void;
}

/** Characters of a result kept for the view (raw JSON and text each). */
const VIEW_CHARS = 200_000;

/** One call by hand at a time; Esc cancels it. */
export class ManualCalls {
  private running?: {id: string; abort: AbortController};
  private counter = 0;

  constructor(private readonly d: ManualDeps) {}

  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Calls `name` with `args`; resolves when the result is in the store (undefined when it never ran). */
  async call(name: string, args: Record<string, unknown>): Promise<HubCallResult | undefined> {
    const entry = this.d.hub.catalog.byName.get(name);
    if (!entry) {
      this.d.notice('error', `there is no tool ${name} (the Tools pane lists them)`);
      return undefined;
    }
    if (this.running) {
      this.d.notice('warn', 'a call by hand is still running: Esc in its view cancels it');
      return undefined;
    }
    const id = `manual-${++this.counter}`;
    const abort = new AbortController();
    this.running = {id, abort};
    try {
      this.d.dispatch({type: 'manual/requested', id, name, alias: entry.alias, tool: entry.tool, arguments: args});
      this.note(entry.alias, `call by hand (you, not the model): ${name} ${truncate(safeStringify(args), 300)}`);
      if (!decideApproval(entry, this.d.rules, this.d.state().alwaysAllowed).auto) {
        this.d.dispatch({type: 'manual/approval-asked', id});
        const answer = await this.d.next((e): e is EventOf<'manual/approved' | 'manual/denied'> => (e.type === 'manual/approved' || e.type === 'manual/denied') && e.id === id, abort.signal);
        if (answer?.type !== 'manual/approved') {
          if (!answer) this.d.dispatch({type: 'manual/denied', id});
          this.note(entry.alias, `call by hand: ${name} denied`);
          return undefined;
        }
      }
      this.d.dispatch({type: 'manual/started', id});
      const result = await this.d.hub.callEntry(entry, args, {
        signal: abort.signal,
        onProgress: (p) => this.d.dispatch({type: 'manual/progress', id, ...p}),
      });
      this.d.dispatch({type: 'manual/completed', id, durationMs: result.durationMs, result: resultView(result, entry.outputSchema !== undefined)});
      const how = result.failure ?? (result.isError ? 'tool error' : 'ok');
      this.note(entry.alias, `call by hand: ${name} → ${how} in ${result.durationMs} ms`);
      if (result.protocolError) this.d.notice('error', `${name}: protocol error ${result.protocolError.code}: ${result.protocolError.message}`);
      return result;
    } finally {
      this.running = undefined;
    }
  }

  /** The user's answer to the approval of the call by hand on screen. */
  answer(answer: ApprovalAnswer): void {
    const m = this.d.state().inspect.manual;
    if (!m || m.state !== 'awaiting-approval') return;
    this.d.dispatch(answer === 'deny' ? {type: 'manual/denied', id: m.id} : {type: 'manual/approved', id: m.id, always: answer === 'always'});
  }

  /** Cancels the running call by hand (the server is sent a cancellation); false when none runs. */
  cancel(): boolean {
    if (!this.running) return false;
    this.running.abort.abort('cancelled by the user');
    return true;
  }

  private note(alias: string, summary: string): void {
    this.d.dispatch({type: 'trace/recorded', alias, entry: {at: Date.now(), direction: 'note', kind: 'user', summary}});
  }
}

/** What the call view keeps of a result: raw JSON and text, bounded, and the output-schema verdict. */
export function resultView(r: HubCallResult, hasOutputSchema: boolean): ManualResultView {
  const own = r.rejected ?? {content: r.content, structuredContent: r.structuredContent};
  // A JSON-RPC error has no result: its raw form is the error object the server sent.
  const raw = r.protocolError
    ? safeStringify({error: r.protocolError}, {space: 2})
    : safeStringify({content: own.content, ...(own.structuredContent === undefined ? {} : {structuredContent: own.structuredContent}), ...(r.isError && !r.rejected ? {isError: true} : {})}, {space: 2});
  const output = r.failure === 'invalid-output' ? `invalid: ${resultText(r)}` : !hasOutputSchema ? 'none' : r.isError ? 'not checked (an error result)' : r.structuredContent === undefined ? 'no structuredContent' : 'valid';
  return {
    isError: r.isError === true,
    ...(r.failure === undefined ? {} : {failure: r.failure}),
    ...(r.protocolError === undefined ? {} : {protocolError: r.protocolError}),
    ...(r.warnings === undefined ? {} : {warnings: r.warnings}),
    raw: truncate(raw, VIEW_CHARS),
    text: truncate(resultText(r.rejected ?? r), VIEW_CHARS),
    output,
  };
}
