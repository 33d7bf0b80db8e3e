import type {HubCallResult, Catalog, CatalogEntry} from '../hub/types.js';
import type {AppEvent} from '../state/events.js';
import {decideApproval, nonInteractiveDenial, userDenial, type ApprovalRules} from './approvals.js';
import type {Model, ModelContent, ModelMessage} from './model.js';
import {systemPrompt} from './system-prompt.js';
import {withinRequestImages} from './request-images.js';
import {resultText, toToolResult} from './tool-result.js';

/** The hub as the loop sees it. */
export interface LoopHub {
  readonly catalog: Catalog;
  call(name: string, args: unknown, options?: {signal?: AbortSignal; onProgress?: (p: {progress: number; total?: number; message?: string}) => void}): Promise<HubCallResult>;
  unavailable(): string[];
  instructions(): Array<{alias: string; text: string}>;
}

/** The user's answer to an approval request. */
export type ApprovalAnswer = 'once' | 'always' | 'deny';

/** One tool call of a turn, as `--print --json` and session files report it. */
export interface CallRecord {
  id: string;
  name: string;
  server?: string;
  tool?: string;
  arguments: unknown;
  isError: boolean;
  protocolError: boolean;
  text: string;
}

/** How a turn ended. */
export type StopReason = 'end_turn' | 'step_limit' | 'cancelled' | 'error';

/** Everything a turn produced. */
export interface TurnOutcome {
  stopReason: StopReason;
  steps: number;
  answer: string;
  calls: CallRecord[];
  error?: string;
}

/** What one turn needs. `history` is extended in place, always left valid for the model API. */
export interface TurnOptions {
  model: Model;
  hub: LoopHub;
  history: ModelMessage[];
  dispatch: (event: AppEvent) => void;
  maxSteps: number;
  rules: ApprovalRules;
  alwaysAllowed: Set<string>;
  /** Asks the user; absent in non-interactive runs, where such calls are denied. */
  ask?: (callId: string, entry: CatalogEntry) => Promise<ApprovalAnswer>;
  signal: AbortSignal;
  resultCap?: number;
  /** Called as each message or call finishes, for the session file. */
  record?: (kind: 'assistant' | 'call', payload: unknown) => void;
  onText?: (delta: string) => void;
}

/** Runs one user turn: model → tool calls → results → model, until an answer or a limit. */
export async function runTurn(question: string, o: TurnOptions): Promise<TurnOutcome> {
  appendUserText(o.history, question);
  const outcome: TurnOutcome = {stopReason: 'end_turn', steps: 0, answer: '', calls: []};
  try {
    for (;;) {
      if (o.signal.aborted) return cancelled(o, outcome);
      outcome.steps++;
      o.dispatch({type: 'model/requested', step: outcome.steps, maxSteps: o.maxSteps});
      const catalog = o.hub.catalog;
      const response = await o.model.respond({
        system: systemPrompt(o.hub.unavailable(), o.hub.instructions()),
        tools: catalog.entries.map((e) => ({name: e.name, description: e.description, input_schema: e.inputSchema})),
        messages: withinRequestImages(o.history),
        signal: o.signal,
        onText: o.onText ?? ((text) => o.dispatch({type: 'model/text-delta', text})),
      });
      o.history.push({role: 'assistant', content: response.content});
      o.record?.('assistant', response.content);
      o.dispatch({type: 'model/responded', content: response.content, stopReason: response.stopReason});
      outcome.answer = response.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
      const uses = response.content.filter((b): b is Extract<ModelContent, {type: 'tool_use'}> => b.type === 'tool_use');
      if (uses.length === 0) {
        o.dispatch({type: 'turn/finished', stopReason: 'end_turn'});
        return outcome;
      }
      if (outcome.steps >= o.maxSteps) {
        // The model still wants tools after its last allowed request: stop here, run nothing more.
        o.history.push({role: 'user', content: uses.map((u) => notRun(u.id, `not run: the step limit of ${o.maxSteps} model requests for one turn was reached`))});
        o.dispatch({type: 'turn/step-limit-reached', maxSteps: o.maxSteps});
        outcome.stopReason = 'step_limit';
        return outcome;
      }
      const done = await Promise.all(uses.map((use) => runCall(use, catalog, o)));
      // Calls run concurrently; their results go back (and are reported) in the order requested.
      outcome.calls.push(...done.map((d) => d.record));
      o.history.push({role: 'user', content: done.map((d) => d.block)});
      if (o.signal.aborted) return cancelled(o, outcome);
    }
  } catch (err) {
    if (o.signal.aborted || (err as Error)?.name === 'AbortError') return cancelled(o, outcome);
    const message = err instanceof Error ? err.message : String(err);
    repairHistory(o.history);
    o.dispatch({type: 'model/failed', message});
    o.dispatch({type: 'turn/failed', message});
    return {...outcome, stopReason: 'error', error: message};
  }
}

async function runCall(
  use: Extract<ModelContent, {type: 'tool_use'}>,
  catalog: Catalog,
  o: TurnOptions,
): Promise<{record: CallRecord; block: Extract<ModelContent, {type: 'tool_result'}>}> {
  const entry = catalog.byName.get(use.name);
  o.dispatch({type: 'call/requested', callId: use.id, name: use.name, alias: entry?.alias, tool: entry?.tool, arguments: use.input});
  let result: HubCallResult;
  const denial = entry ? await approve(use.id, entry, o) : undefined;
  if (denial) {
    result = {content: [{type: 'text', text: denial}], isError: true, durationMs: 0, alias: entry?.alias, tool: entry?.tool};
  } else {
    o.dispatch({type: 'call/started', callId: use.id, at: Date.now()});
    result = await o.hub.call(use.name, use.input, {
      signal: o.signal,
      onProgress: (p) => o.dispatch({type: 'call/progress', callId: use.id, ...p}),
    });
    if (result.protocolError) o.dispatch({type: 'notice/posted', level: 'error', text: `${use.name}: protocol error ${result.protocolError.code}: ${result.protocolError.message}`});
  }
  o.dispatch({type: 'call/completed', callId: use.id, result});
  const record: CallRecord = {
    id: use.id,
    name: use.name,
    server: result.alias,
    tool: result.tool,
    arguments: use.input,
    isError: result.isError === true,
    protocolError: result.protocolError !== undefined,
    text: resultText(result),
  };
  const block = toToolResult(use.id, result, o.resultCap);
  o.record?.('call', {...record, result: block});
  return {record, block};
}

/** Returns the denial text, or undefined when the call may run. */
async function approve(callId: string, entry: CatalogEntry, o: TurnOptions): Promise<string | undefined> {
  if (decideApproval(entry, o.rules, o.alwaysAllowed).auto) return undefined;
  if (!o.ask) {
    o.dispatch({type: 'call/denied', callId});
    return nonInteractiveDenial(entry);
  }
  o.dispatch({type: 'call/approval-asked', callId, annotations: entry.annotations, trusted: entry.trusted});
  const answer = await o.ask(callId, entry);
  if (answer === 'deny') {
    o.dispatch({type: 'call/denied', callId});
    return userDenial(entry);
  }
  if (answer === 'always') o.alwaysAllowed.add(entry.name);
  o.dispatch({type: 'call/approved', callId, always: answer === 'always'});
  return undefined;
}

function cancelled(o: TurnOptions, outcome: TurnOutcome): TurnOutcome {
  repairHistory(o.history);
  o.dispatch({type: 'turn/cancelled'});
  return {...outcome, stopReason: 'cancelled'};
}

function notRun(id: string, why: string): Extract<ModelContent, {type: 'tool_result'}> {
  return {type: 'tool_result', tool_use_id: id, content: [{type: 'text', text: why}], is_error: true};
}

/** A tool_use with no tool_result would make the next request invalid: close it as an error. */
export function repairHistory(history: ModelMessage[]): void {
  const last = history[history.length - 1];
  if (last?.role !== 'assistant') return;
  const uses = last.content.filter((b) => b.type === 'tool_use');
  if (uses.length) history.push({role: 'user', content: uses.map((u) => notRun((u as {id: string}).id, 'not run: the turn was cancelled or failed before this call finished'))});
}

/** Adds the user's words; merged into a trailing user message so roles keep alternating. */
export function appendUserText(history: ModelMessage[], text: string): void {
  const last = history[history.length - 1];
  if (last?.role === 'user') last.content = [...last.content, {type: 'text', text}];
  else history.push({role: 'user', content: [{type: 'text', text}]});
}
