// The queue of server requests waiting for the user: elicitation forms and
// sampling approvals. The head of the queue is the one the UI shows.
import type {AppState} from './app-state.js';
import type {EventOf} from './events.js';

/** Events this sub-reducer handles. */
export type InputEvent = EventOf<'input/requested' | 'input/answered'>;

export function reduceInput(state: AppState, event: InputEvent): AppState {
  switch (event.type) {
    case 'input/requested':
      if (state.inputRequests.some((r) => r.requestId === event.request.requestId)) return state;
      return {...state, inputRequests: [...state.inputRequests, event.request]};
    case 'input/answered': {
      const rest = state.inputRequests.filter((r) => r.requestId !== event.requestId);
      return rest.length === state.inputRequests.length ? state : {...state, inputRequests: rest};
    }
  }
}
