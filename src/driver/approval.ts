// Asking the user about a call. The queue of calls waiting for an answer is
// the store's (`state.approvals`), and so is the always-allow set: here is
// only the waiting for the answer's event.
import {decideApproval, nonInteractiveDenial, userDenial, type ApprovalRules} from '../agent/approvals.js';
import type {CatalogEntry} from '../hub/types.js';
import type {AppState} from '../state/app-state.js';
import type {AppEvent, EventOf} from '../state/events.js';

/** The user's answer to an approval request. */
export type ApprovalAnswer = 'once' | 'always' | 'deny';

/** What an approval needs from the driver. */
export interface Approver {
  rules: ApprovalRules;
  /** False for `--print`: calls that need asking are denied with a hint. */
  interactive: boolean;
  state(): AppState;
  dispatch(event: AppEvent): void;
  /** The next dispatched event that `match` accepts; undefined when `signal` aborts first. */
  next<E extends AppEvent>(match: (e: AppEvent) => e is E, signal: AbortSignal): Promise<E | undefined>;
}

/** Returns the denial text, or undefined when the call may run. */
export async function approve(callId: string, entry: CatalogEntry, a: Approver, signal: AbortSignal): Promise<string | undefined> {
  if (decideApproval(entry, a.rules, a.state().alwaysAllowed).auto) return undefined;
  if (!a.interactive) {
    a.dispatch({type: 'call/denied', callId});
    return nonInteractiveDenial(entry);
  }
  a.dispatch({type: 'call/approval-asked', callId, annotations: entry.annotations, trusted: entry.trusted});
  const answer = await a.next((e): e is EventOf<'call/approved' | 'call/denied'> => (e.type === 'call/approved' || e.type === 'call/denied') && e.callId === callId, signal);
  if (answer?.type === 'call/approved') return undefined;
  // A cancelled turn withdraws the question: the call is denied like a "no".
  if (!answer) a.dispatch({type: 'call/denied', callId});
  return userDenial(entry);
}
