import type {Controller} from '../agent/controller.js';
import type {TurnOutcome} from '../agent/loop.js';
import type {AppEvent} from '../state/events.js';
import {stripControl, stripControlLine} from '../util/sanitize.js';
import {jsonForTerminal} from './json-out.js';

/** Lines for stderr as calls happen in `--print` text mode. */
export function progressLine(event: AppEvent, names: Map<string, string>): string | undefined {
  switch (event.type) {
    case 'call/requested':
      // The tool name is the server's own and may carry escape sequences.
      names.set(event.callId, stripControlLine(`${event.name} → ${event.alias ?? '?'}/${event.tool ?? '?'}`));
      return undefined;
    case 'call/completed': {
      const r = event.result;
      const status = r.protocolError ? `protocol error ${r.protocolError.code}` : r.isError ? 'error' : 'ok';
      const warned = r.warnings?.length ? `; ⚠ ${stripControlLine(r.warnings.join('; ')).slice(0, 300)}` : '';
      return `• ${names.get(event.callId) ?? event.callId}: ${status} (${r.durationMs} ms)${warned}`;
    }
    case 'turn/step-limit-reached':
      return `• stopped: the step limit of ${event.maxSteps} model requests was reached`;
    case 'notice/posted':
      return event.level === 'info' ? undefined : `• ${event.level}: ${stripControlLine(event.text)}`;
    default:
      return undefined;
  }
}

/** Runs the turn and writes the answer; returns the exit code. */
export async function runPrint(controller: Controller, question: string, json: boolean, out: NodeJS.WritableStream): Promise<number> {
  const onSigint = () => controller.cancel();
  process.on('SIGINT', onSigint);
  let outcome: TurnOutcome;
  try {
    outcome = (await controller.submit(question))!;
  } finally {
    process.off('SIGINT', onSigint);
  }
  if (json) {
    out.write(
      jsonForTerminal({
        answer: outcome.answer,
        stopReason: outcome.stopReason,
        steps: outcome.steps,
        calls: outcome.calls.map((c) => ({name: c.name, server: c.server ?? null, tool: c.tool ?? null, arguments: c.arguments, isError: c.isError, protocolError: c.protocolError, text: c.text})),
        ...(outcome.error ? {error: outcome.error} : {}),
      }) + '\n',
    );
  } else {
    if (outcome.error) process.stderr.write(`breakerbox: ${outcome.error}\n`);
    if (outcome.stopReason === 'cancelled') process.stderr.write('breakerbox: cancelled\n');
    out.write(stripControl(outcome.answer) + '\n');
  }
  return outcome.stopReason === 'end_turn' ? 0 : 1;
}
