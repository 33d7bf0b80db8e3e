// What the UI may ask of the driver: the user's intents. The UI holds no
// state of its own beyond what the store has; these are how it acts.
import type {InputAnswer} from '../../agent/client-features.js';
import type {ApprovalAnswer} from '../../driver/approval.js';
import type {InspectActions} from '../../driver/inspect.js';
import type {ManualCalls} from '../../driver/manual-call.js';

/** The part of the driver the UI drives. */
export interface UiDriver {
  /** Whether a turn is running. */
  readonly busy: boolean;
  /** A question: a turn now, or once the servers have started; false (with a notice) when refused. */
  ask(text: string): boolean;
  /** Withdraws the question waiting for the servers; false when there is none. */
  dropQueued(): boolean;
  cancel(): boolean;
  answerApproval(callId: string, answer: ApprovalAnswer): void;
  /** Answers a server's request (elicitation, sampling); an id already answered is ignored. */
  answerInput(requestId: string, answer: InputAnswer): void;
  /** "Decline all from this server": its waiting requests are declined, and later ones without asking. */
  declineInputsFrom(alias: string): void;
  /** Lets `alias` ask the user again. */
  acceptInputsFrom(alias: string): void;
  reconnect(alias: string): Promise<unknown>;
  /** `/login`: a fresh login to a remote server, in a dialog, then it is connected again. */
  login(alias: string): Promise<void>;
  /** `/logout`: revokes and forgets a remote server's tokens. */
  logout(alias: string): Promise<void>;
  /** Accepts a changed or withheld tool as listed now (`/trust`); false (with a notice) when there is no such tool. */
  trust?(name: string): boolean;
  clear(): void;
  /** Debugging by hand: views, reads, relist, log levels, prompts, attachments (absent without an inspector). */
  readonly inspector?: Pick<InspectActions, 'open' | 'close' | 'loadDetail' | 'read' | 'toggleWatch' | 'relist' | 'setLogLevel' | 'complete' | 'runPrompt' | 'askWithResources'>;
  /** Calls by hand. */
  readonly manual?: Pick<ManualCalls, 'call' | 'answer' | 'cancel' | 'busy'>;
}
