// The one reducer: routes each event to the sub-reducer of its area. Every
// case returns the same object when the event changes nothing, so the store
// can skip notifying and panes can skip rendering.
import type {AppState} from './app-state.js';
import type {AppEvent} from './events.js';
import {reduceCalls, type CallEvent} from './reduce-calls.js';
import {reduceServers, type ServerEvent} from './reduce-servers.js';
import {reduceTurn, type TurnEvent} from './reduce-turn.js';
import {reduceUi, type UiEvent} from './reduce-ui.js';
import {reduceInput, type InputEvent} from './reduce-input.js';
import {reduceCosts, type CostEvent} from './reduce-costs.js';
import {reduceInspect, type InspectEvent} from './reduce-inspect.js';

/** The next state after `event`; `state` itself when nothing changes. Never mutates `state`. */
export function reduce(state: AppState, event: AppEvent): AppState {
  switch (event.type) {
    case 'server/starting':
    case 'server/still-starting':
    case 'server/online':
    case 'server/offline':
    case 'server/exited':
    case 'server/restarting':
    case 'server/tools-changed':
    case 'server/tools-listed':
    case 'server/tools-dropped':
    case 'server/inputs-declined':
    case 'server/circuit-changed':
    case 'server/call-started':
    case 'server/call-finished':
    case 'server/catalog-cached':
    case 'server/catalog-corrected':
    case 'server/not-started':
    case 'catalog/rebuilt':
    case 'trace/recorded':
      return reduceServers(state, event satisfies ServerEvent);
    case 'server/logged':
    case 'server/page-listed':
      // A log entry is a trace line and an entry of the log view; a page counts in the row and names its tools.
      return reduceInspect(reduceServers(state, event), event);
    case 'user/submitted':
    case 'question/queued':
    case 'question/dropped':
    case 'clock/ticked':
    case 'model/requested':
    case 'model/text-delta':
    case 'model/responded':
    case 'model/failed':
    case 'turn/step-limit-reached':
    case 'turn/cancel-requested':
    case 'turn/finished':
    case 'turn/cancelled':
    case 'turn/failed':
    case 'conversation/cleared':
      return reduceTurn(state, event satisfies TurnEvent);
    case 'call/requested':
    case 'call/approval-asked':
    case 'call/approved':
    case 'call/denied':
    case 'call/started':
    case 'call/progress':
    case 'call/completed':
    case 'call/skipped':
      return reduceCalls(state, event satisfies CallEvent);
    case 'input/requested':
    case 'input/answered':
      return reduceInput(state, event satisfies InputEvent);
    case 'ui/focus-changed':
    case 'ui/scrolled':
    case 'ui/pane-measured':
    case 'ui/filter-set':
    case 'ui/trace-toggled':
    case 'ui/help-toggled':
    case 'ui/help-measured':
    case 'ui/help-scrolled':
    case 'ui/input-edited':
    case 'ui/resized':
    case 'ui/card-selected':
    case 'ui/result-opened':
    case 'ui/result-closed':
    case 'ui/result-measured':
    case 'ui/result-scrolled':
    case 'ui/cursor-moved':
    case 'notice/posted':
      return reduceUi(state, event satisfies UiEvent);
    case 'tool-tokens/counted':
    case 'usage/recorded':
      return reduceCosts(state, event satisfies CostEvent);
    case 'server/resources-listed':
    case 'prompts/rebuilt':
    case 'server/resource-updated':
    case 'server/log-level-changed':
    case 'inspect/opened':
    case 'inspect/closed':
    case 'inspect/scrolled':
    case 'inspect/measured':
    case 'inspect/cursor-moved':
    case 'inspect/detail-loaded':
    case 'resource/read':
    case 'resource/watch-changed':
    case 'completion/offered':
    case 'manual/requested':
    case 'manual/approval-asked':
    case 'manual/approved':
    case 'manual/denied':
    case 'manual/started':
    case 'manual/progress':
    case 'manual/completed':
      return reduceInspect(state, event satisfies InspectEvent);
    default:
      // An event from a newer driver than this reducer: ignore it.
      return assertNever(event, state);
  }
}

function assertNever(_event: never, state: AppState): AppState {
  return state;
}
