// A tool changed since it was pinned asks at every call until it is trusted
// (`onToolChange: "ask"`, see `asksEveryCall`): "always allow" would change
// nothing, so neither approval offers it, and its key says why instead of
// running the call or doing nothing. Both approvals (the model's call, a call
// by hand) ask here before they answer "always".
import {asksEveryCall} from '../../state/selectors.js';
import type {Store} from '../../state/store.js';

/** What the "always" key says for such a tool. */
export const noAlwaysForChanged = (name: string): string =>
  `"always" is not offered for ${name}: it changed since pinned and asks at every call until you trust it (/trust ${name}); press y for once or n`;

/** True, with the notice that says why, when `name` may not be always-allowed; false when "always" may be answered. */
export function refusesAlways(store: Store, name: string): boolean {
  if (!asksEveryCall(store.getState(), name)) return false;
  store.dispatch({type: 'notice/posted', level: 'warn', text: noAlwaysForChanged(name), at: Date.now(), lasts: 'dialog'});
  return true;
}
