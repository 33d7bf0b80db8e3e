import type {Driver} from '../driver/driver.js';
import type {AppState} from '../state/app-state.js';
import type {AppEvent} from '../state/events.js';
import {droppedText} from '../state/reduce-servers.js';
import {callCard, turnCalls} from '../state/selectors.js';
import {stopNotice} from '../state/stop-notice.js';
import {stripControl, stripControlLine} from '../util/sanitize.js';
import type {TextSink} from './commands/io.js';
import {jsonForTerminal} from './json-out.js';
import {handSignalsTo} from './signals.js';

/** A line for stderr as calls happen in `--print` text mode, read from the event and the state after it. */
export function progressLine(event: AppEvent, state: AppState): string | undefined {
  switch (event.type) {
    case 'call/completed': {
      const card = callCard(state, event.callId);
      const r = event.result;
      // Where the call went, as its result says: a card made while its server
      // was restarting knew neither. The tool name is the server's own and may carry escape sequences.
      const alias = r.alias ?? card?.alias;
      // Neither knows a server when the model named a tool the table does not have: say that, as the card does.
      const where = alias === undefined ? '(not in the catalog)' : `${alias}/${r.tool ?? card?.tool ?? '?'}`;
      const name = card ? stripControlLine(`${card.name} → ${where}`) : event.callId;
      const status = r.protocolError ? `protocol error ${r.protocolError.code}` : r.isError ? 'error' : 'ok';
      const warned = r.warnings?.length ? `; ⚠ ${stripControlLine(r.warnings.join('; ')).slice(0, 300)}` : '';
      const took = r.durationMs === undefined ? '' : ` (${r.durationMs} ms)`;
      return `• ${name}: ${status}${took}${warned}`;
    }
    case 'model/responded': {
      const why = stopNotice(event.stopReason);
      return why ? `• warn: ${why}` : undefined;
    }
    case 'turn/step-limit-reached':
      return `• stopped: the step limit of ${event.maxSteps} model requests was reached`;
    case 'notice/posted':
      return event.level === 'info' ? undefined : `• ${event.level}: ${stripControlLine(event.text)}`;
    case 'server/tools-dropped':
      return `• warn: ${stripControlLine(droppedText(event))}`;
    case 'server/still-starting': {
      // About every 15 s (progress comes about once a second): a long start is shown, not silent.
      const s = Math.round(event.elapsedMs / 1000);
      if (s === 0 || s % 15 !== 0) return undefined;
      return `• ${stripControlLine(event.alias)}: still starting (${event.activity}… ${s} s)${event.lastLine ? `: ${stripControlLine(event.lastLine).slice(0, 160)}` : ''}`;
    }
    default:
      return undefined;
  }
}

/** `--print --json`: the last turn, read from the store. */
export function turnJson(state: AppState): string {
  const turn = state.turn;
  return jsonForTerminal({
    answer: turn.answer,
    stopReason: turn.outcome ?? 'end_turn',
    steps: turn.step,
    calls: turnCalls(state).map((c) => ({
      name: c.name,
      server: c.outcome?.alias ?? null,
      tool: c.outcome?.tool ?? null,
      arguments: c.args,
      isError: c.outcome?.isError === true,
      protocolError: c.outcome?.protocolError !== undefined,
      text: c.preview ?? '',
    })),
    ...(turn.error ? {error: turn.error} : {}),
  });
}

/**
 * Runs the turn and writes the answer from the final state; returns the exit
 * code (0, 1 for a turn that failed, 130 for one SIGINT cancelled). SIGINT
 * cancels the turn; `onCancelable` is called once it does.
 */
export async function runPrint(driver: Driver, question: string, json: boolean, out: TextSink & {isTTY?: boolean; columns?: number}, err: TextSink, format: 'raw' | 'pretty' = 'raw', onCancelable?: () => void): Promise<number> {
  const release = handSignalsTo(['SIGINT'], () => driver.cancel());
  // Only now may the caller drop its own SIGINT cleanup (signals.ts: the signal keeps its one listener).
  onCancelable?.();
  try {
    await driver.submit(question);
  } finally {
    release();
  }
  const state = driver.store.getState();
  if (json) {
    out.write(turnJson(state) + '\n');
  } else {
    if (state.turn.error) err.write(`breakerbox: ${state.turn.error}\n`);
    if (state.turn.outcome === 'cancelled') err.write('breakerbox: cancelled\n');
    // The markdown renderer loads only for --format pretty: plain --print stays as quick to start.
    const pretty = format === 'pretty' ? (await import('./pretty.js')).prettyAnswer : undefined;
    out.write(pretty ? pretty(state.turn.answer, {isTTY: out.isTTY, columns: out.columns, env: process.env}) : stripControl(state.turn.answer) + '\n');
  }
  // Cancelled means SIGINT here (its handler above is the only way): 128 + 2, as a shell expects.
  return state.turn.outcome === 'end_turn' ? 0 : state.turn.outcome === 'cancelled' ? 130 : 1;
}
