// Immutable edits of the transcript. Items change by index (the turn keeps the
// streaming index, the call index maps callId → index), never by scanning.
import type {AppState, AssistantItem, ConversationItem, NoticeLevel, ToolCallItem, TurnState} from './app-state.js';

type WithoutIds<I> = I extends ConversationItem ? Omit<I, 'id' | 'turnId'> : never;

/** An item before the conversation gives it an id and a turn. */
export type NewItem = WithoutIds<ConversationItem>;

/** `state` with `item` appended to the conversation. */
export function appendItem(state: AppState, item: NewItem): AppState {
  const full = {...item, id: state.nextId, turnId: state.turn.id} as ConversationItem;
  return {
    ...state,
    nextId: state.nextId + 1,
    conversation: {...state.conversation, items: [...state.conversation.items, full]},
  };
}

/** `state` with the item at `index` replaced. */
export function replaceItem(state: AppState, index: number, item: ConversationItem): AppState {
  const items = state.conversation.items.slice();
  items[index] = item;
  return {...state, conversation: {...state.conversation, items}};
}

/** `state` with a notice row appended to the transcript. */
export function appendNotice(state: AppState, level: NoticeLevel, text: string): AppState {
  return appendItem(state, {kind: 'notice', level, text});
}

/** The tool-call card for `callId`, with its index, or undefined. */
export function cardOf(state: AppState, callId: string): {index: number; card: ToolCallItem} | undefined {
  const index = state.conversation.callIndex.get(callId);
  if (index === undefined) return undefined;
  const card = state.conversation.items[index];
  return card?.kind === 'tool-call' && card.callId === callId ? {index, card} : undefined;
}

/** `state` with `turn` fields replaced. */
export function withTurn(state: AppState, patch: Partial<TurnState>): AppState {
  return {...state, turn: {...state.turn, ...patch}};
}

/** `state` with the streaming assistant message, if any, marked finished. */
export function closeStreaming(state: AppState, finalText?: string, stopReason?: string): AppState {
  const index = state.turn.streamingIndex;
  if (index === null) return state;
  const item = state.conversation.items[index] as AssistantItem | undefined;
  let next = withTurn(state, {streamingIndex: null});
  if (item?.kind === 'assistant') {
    const text = finalText ? finalText : item.text;
    next = replaceItem(next, index, {...item, text, streaming: false, ...(stopReason === undefined ? {} : {stopReason})});
  }
  return next;
}

/** `state` with every open call of the turn marked cancelled and its approval withdrawn. */
export function cancelOpenCalls(state: AppState): AppState {
  const open = state.turn.openCalls;
  if (open.length === 0) return state;
  // One copy of the items for all the open calls, not one per call.
  const items = state.conversation.items.slice();
  for (const callId of open) {
    const found = cardOf(state, callId);
    if (!found) continue;
    const {progress: _dropped, ...card} = found.card;
    items[found.index] = {...card, state: 'cancelled'};
  }
  const cancelled = new Set(open);
  const approvals = state.approvals.filter((id) => !cancelled.has(id));
  return {
    ...state,
    conversation: {...state.conversation, items},
    approvals: approvals.length === state.approvals.length ? state.approvals : approvals,
    turn: {...state.turn, openCalls: []},
  };
}
