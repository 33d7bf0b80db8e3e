// The session file, written from what the store saw: each question, each
// finished model message, each call with the result the model was given,
// flushed as it happens.
import type {AppState} from '../state/app-state.js';
import type {AppEvent} from '../state/events.js';
import {callCard} from '../state/selectors.js';

/** Where finished messages and calls are written as they happen (the session file). */
export interface TurnRecorder {
  user(text: string): void;
  assistant(content: unknown): void;
  call(payload: unknown): void;
  /** The conversation was cleared; what came before is not resumed. */
  cleared?(): void;
  /** A call the user made by hand: kept in the file, never given to the model. */
  manualCall?(payload: unknown): void;
}

/** An observer of the driver's events that writes them to `recorder`. */
export function recordSession(recorder: TurnRecorder): (event: AppEvent, state: AppState) => void {
  return (event, state) => {
    switch (event.type) {
      case 'user/submitted':
        recorder.user(event.text);
        return;
      case 'model/responded':
        recorder.assistant(event.content);
        return;
      case 'call/completed': {
        // No result block: a search the model API ran itself, already in the assistant message.
        if (!event.block) return;
        const card = callCard(state, event.callId);
        const r = event.result;
        recorder.call({
          id: event.callId,
          name: card?.name,
          server: r.alias,
          tool: r.tool,
          arguments: card?.args,
          isError: r.isError === true,
          protocolError: r.protocolError !== undefined,
          text: r.text,
          result: event.block,
        });
        return;
      }
      case 'call/skipped': {
        // Recorded like any call, so a resumed session gives the model the same result it had.
        const text = event.block.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
        recorder.call({id: event.callId, name: event.name, arguments: event.arguments, isError: true, protocolError: false, text, result: event.block});
        return;
      }
      case 'conversation/cleared':
        recorder.cleared?.();
        return;
      case 'manual/completed': {
        const m = state.inspect.manual;
        if (m?.id !== event.id) return;
        const r = event.result;
        recorder.manualCall?.({by: 'user', name: m.name, server: m.alias, tool: m.tool, arguments: m.args, isError: r.isError, failure: r.failure ?? null, protocolError: r.protocolError ?? null, durationMs: event.durationMs, text: r.text});
        return;
      }
    }
  };
}
