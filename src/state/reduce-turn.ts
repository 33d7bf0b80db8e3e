// Turns: the user's message, the model's streamed answer, and how the turn ends.
import type {AppState, AssistantItem} from './app-state.js';
import type {EventOf} from './events.js';
import {appendItem, appendNotice, cancelOpenCalls, closeStreaming, replaceItem, withTurn} from './conversation.js';
import {stopNotice} from './stop-notice.js';

/** Events this sub-reducer handles. */
export type TurnEvent = EventOf<'user/submitted' | `question/${string}` | `model/${string}` | `turn/${string}` | 'conversation/cleared' | 'clock/ticked'>;

/** Reduces turn, model and conversation events. */
export function reduceTurn(state: AppState, event: TurnEvent): AppState {
  const idle = state.turn.status === 'idle';
  switch (event.type) {
    case 'user/submitted':
      return submitted(state, event);
    case 'question/queued':
      return state.queued === event.text ? state : {...state, queued: event.text};
    case 'question/dropped':
      return state.queued === null ? state : {...state, queued: null};
    case 'clock/ticked':
      return event.at === undefined || event.at === state.now ? state : {...state, now: event.at};
    case 'model/requested':
      if (idle || (event.step === state.turn.step && event.maxSteps === state.turn.maxSteps)) return state;
      return withTurn(state, {step: event.step, maxSteps: event.maxSteps});
    case 'model/text-delta':
      // Deltas that arrive after a cancel belong to an aborted request.
      return idle || event.text === '' ? state : textDelta(state, event.text);
    case 'model/responded':
      return idle ? state : responded(state, event);
    case 'model/failed':
      if (idle) return state;
      return withTurn(appendNotice(closeStreaming(state), 'error', `Model request failed: ${event.message}`), {error: event.message});
    case 'turn/step-limit-reached':
      // Terminal: the loop stops here and may not send turn/finished after it
      // (if it does, that finds the turn idle and changes nothing).
      if (idle) return state;
      return withTurn(
        appendNotice(end(state), 'warn', `Stopped after ${event.maxSteps} steps: the step limit was reached.`),
        {outcome: 'step_limit'},
      );
    case 'turn/cancel-requested':
      return state.turn.status === 'running' ? withTurn(state, {status: 'cancelling'}) : state;
    case 'turn/finished':
      if (idle) return state;
      return withTurn(end(state), {outcome: state.turn.outcome ?? 'end_turn'});
    case 'turn/cancelled':
      if (idle) return state;
      return withTurn(appendNotice(end(state), 'info', 'Turn cancelled.'), {outcome: 'cancelled'});
    case 'turn/failed': {
      if (idle) return state;
      // model/failed already put the same message in the transcript.
      const ended = event.message === state.turn.error ? end(state) : appendNotice(end(state), 'error', `Turn failed: ${event.message}`);
      return withTurn(ended, {outcome: 'error', error: event.message});
    }
    case 'conversation/cleared':
      return cleared(state);
  }
}

function submitted(state: AppState, event: EventOf<'user/submitted'>): AppState {
  if (event.text.trim() === '') return state;
  const prev = state.turn.status === 'idle' ? state : end(state);
  const next: AppState = {
    ...prev,
    queued: null,
    ...(event.at === undefined ? {} : {now: event.at}),
    turn: {
      id: prev.turn.id + 1,
      step: 0,
      maxSteps: prev.turn.maxSteps,
      status: 'running',
      ...(event.at === undefined ? {} : {startedAt: event.at}),
      firstIndex: prev.conversation.items.length,
      streamingIndex: null,
      openCalls: [],
      answer: '',
    },
  };
  return appendItem(next, {kind: 'user', text: event.text});
}

function textDelta(state: AppState, text: string): AppState {
  const index = state.turn.streamingIndex;
  if (index === null) {
    const next = appendItem(state, {kind: 'assistant', text, streaming: true});
    return withTurn(next, {streamingIndex: state.conversation.items.length});
  }
  const item = state.conversation.items[index] as AssistantItem;
  return replaceItem(state, index, {...item, text: item.text + text});
}

function responded(state: AppState, event: EventOf<'model/responded'>): AppState {
  const text = event.content
    .flatMap((block) => (block.type === 'text' ? [block.text] : []))
    .join('');
  let next: AppState;
  if (state.turn.streamingIndex !== null) next = closeStreaming(state, text, event.stopReason);
  else if (text !== '') next = appendItem(state, {kind: 'assistant', text, streaming: false, stopReason: event.stopReason});
  else next = state;
  const why = stopNotice(event.stopReason);
  if (why) next = appendNotice(next, 'warn', why);
  return next.turn.answer === text ? next : withTurn(next, {answer: text});
}

/** The turn made idle: streaming closed, open calls cancelled. */
function end(state: AppState): AppState {
  return withTurn(cancelOpenCalls(closeStreaming(state)), {status: 'idle'});
}

function cleared(state: AppState): AppState {
  // While a turn runs the loop may be waiting on an approval card or a call;
  // clearing would leave it waiting on something the user can no longer see.
  if (state.turn.status !== 'idle' || state.conversation.items.length === 0) return state;
  return {
    ...state,
    conversation: {items: [], callIndex: new Map()},
    turn: {...state.turn, firstIndex: 0, streamingIndex: null, openCalls: []},
    // The cards went, so nothing is chosen or open.
    ui: {...state.ui, scroll: {...state.ui.scroll, conversation: {offset: 0, follow: true}}, selectedCall: null, result: null},
  };
}
