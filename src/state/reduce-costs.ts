// What the tool table and the conversation cost: token counts from the API
// and the usage of each model request (for the prompt cache hit rate).
import type {AppState} from './app-state.js';
import type {EventOf} from './events.js';

/** Events this sub-reducer handles. */
export type CostEvent = EventOf<'tool-tokens/counted' | 'usage/recorded'>;

/** Reduces token counts and usage. */
export function reduceCosts(state: AppState, event: CostEvent): AppState {
  switch (event.type) {
    case 'tool-tokens/counted':
      // A count of an older table is stale: the estimate of the current one is better.
      if (event.version !== state.catalog.version) return state;
      return {...state, countedTokens: {version: event.version, byAlias: {...event.byAlias}, total: event.total}};
    case 'usage/recorded': {
      const u = state.usage;
      return {...state, usage: {requests: u.requests + 1, input: u.input + event.input, cacheRead: u.cacheRead + event.cacheRead, cacheWrite: u.cacheWrite + event.cacheWrite}};
    }
  }
}
