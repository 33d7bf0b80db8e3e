// Tool-call cards, found by callId through the conversation's call index, so
// calls may start, progress and complete in any order.
import type {AppState, CallOutcomeView, ToolCallItem} from './app-state.js';
import type {CallResultLike, EventOf} from './events.js';
import {appendItem, cardOf, replaceItem} from './conversation.js';
import {cardResult} from './card-result.js';
import {truncate} from './text.js';

/** Events this sub-reducer handles. */
export type CallEvent = EventOf<`call/${string}`>;

/** Reduces tool-call events. */
export function reduceCalls(state: AppState, event: CallEvent): AppState {
  if (event.type === 'call/requested') return requested(state, event);
  // A call that never ran has no card; only the session file keeps it.
  if (event.type === 'call/skipped') return state;
  const found = cardOf(state, event.callId);
  if (!found) return state;
  const {index, card} = found;
  switch (event.type) {
    case 'call/approval-asked': {
      if (card.state !== 'pending') return state;
      const next = replaceItem(state, index, {
        ...card,
        state: 'awaiting-approval',
        trusted: event.trusted,
        ...(event.annotations === undefined ? {} : {annotations: event.annotations}),
      });
      return {...next, approvals: [...state.approvals, card.callId]};
    }
    case 'call/approved': {
      if (card.state !== 'awaiting-approval') return state;
      const next = dequeue(replaceItem(state, index, {...card, state: 'pending', approval: event.always ? 'always' : 'once'}), card.callId);
      if (!event.always || next.alwaysAllowed.has(card.name)) return next;
      return {...next, alwaysAllowed: new Set([...next.alwaysAllowed, card.name])};
    }
    case 'call/denied':
      if (card.state !== 'pending' && card.state !== 'awaiting-approval') return state;
      return close(dequeue(replaceItem(state, index, {...card, state: 'denied', approval: 'denied'}), card.callId), card.callId);
    case 'call/started':
      if (card.state !== 'pending' && card.state !== 'awaiting-approval') return state;
      return dequeue(replaceItem(state, index, {...card, state: 'running', ...(event.at === undefined ? {} : {startedAt: event.at})}), card.callId);
    case 'call/progress': {
      if (card.state !== 'running') return state;
      const p = card.progress;
      if (p && p.progress === event.progress && p.total === event.total && p.message === event.message) return state;
      const progress = {
        progress: event.progress,
        ...(event.total === undefined ? {} : {total: event.total}),
        ...(event.message === undefined ? {} : {message: truncate(event.message, state.limits.summaryChars)}),
      };
      return replaceItem(state, index, {...card, progress});
    }
    case 'call/completed':
      return completed(state, index, card, event.result);
  }
}

function requested(state: AppState, event: EventOf<'call/requested'>): AppState {
  // A request that arrives after the turn ended belongs to an aborted step.
  if (state.turn.status === 'idle' || state.conversation.callIndex.has(event.callId)) return state;
  const index = state.conversation.items.length;
  const next = appendItem(state, {
    kind: 'tool-call',
    callId: event.callId,
    name: event.name,
    ...(event.alias === undefined ? {} : {alias: event.alias}),
    ...(event.tool === undefined ? {} : {tool: event.tool}),
    args: event.arguments,
    state: 'pending',
  });
  return {
    ...next,
    conversation: {...next.conversation, callIndex: new Map(next.conversation.callIndex).set(event.callId, index)},
    turn: {...next.turn, openCalls: [...next.turn.openCalls, event.callId]},
  };
}

function completed(state: AppState, index: number, card: ToolCallItem, result: CallResultLike): AppState {
  // A finished call already has its result.
  if (card.outcome || card.state === 'done' || card.state === 'error') return state;
  const outcome: CallOutcomeView = {
    isError: Boolean(result.isError || result.protocolError || result.failure),
    ...(result.protocolError ? {protocolError: result.protocolError} : {}),
    ...(result.failure ? {failure: result.failure} : {}),
    ...(result.warnings?.length ? {warnings: result.warnings} : {}),
    ...(result.alias === undefined ? {} : {alias: result.alias}),
    ...(result.tool === undefined ? {} : {tool: result.tool}),
  };
  const preview = truncate(result.text, state.limits.previewChars);
  const {progress: _dropped, ...rest} = card;
  // A denied call never ran: it keeps what the model was told, not a duration.
  // A cancelled card stays cancelled; the late result still tells how long it took.
  if (card.state === 'denied') return replaceItem(state, index, {...rest, preview, outcome});
  const cardState = card.state === 'cancelled' ? 'cancelled' : outcome.isError ? 'error' : 'done';
  const kept = cardResult(result, state.limits.resultChars);
  const next = replaceItem(state, index, {...rest, state: cardState, durationMs: result.durationMs, preview, outcome, ...(kept ? {result: kept} : {})});
  return close(dequeue(next, card.callId), card.callId);
}

function dequeue(state: AppState, callId: string): AppState {
  const i = state.approvals.indexOf(callId);
  if (i < 0) return state;
  return {...state, approvals: [...state.approvals.slice(0, i), ...state.approvals.slice(i + 1)]};
}

function close(state: AppState, callId: string): AppState {
  const i = state.turn.openCalls.indexOf(callId);
  if (i < 0) return state;
  return {...state, turn: {...state.turn, openCalls: [...state.turn.openCalls.slice(0, i), ...state.turn.openCalls.slice(i + 1)]}};
}
