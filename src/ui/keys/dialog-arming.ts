// A dialog answered by one letter (an approval's y / a / n, a sampling
// request's y / n) must not take keys typed for something else. Someone typing
// their next question while a turn runs would answer an approval that appeared
// mid-word: the `a` of "can you" always-allowed a destructive call. So the
// letters count only once the dialog has been on screen a moment; until then
// keys go where they would without it (typed text to the input line).
import type {ModalLayer} from './key-table.js';

/** How long a one-letter dialog is on screen before its letters answer it. */
export const DIALOG_ARM_MS = 600;

/** The delay and the clock (injected in tests). */
export interface DialogArming {
  ms: number;
  now(): number;
}

/** The layers whose answers are single letters a typist could be pressing anyway. */
const LETTER_LAYERS: ReadonlySet<ModalLayer> = new Set(['dialog', 'sampling']);

/** When the dialog now on screen was first drawn: `key` names it (a call id, a request id). */
export interface ShownDialog {
  key: string;
  at: number;
}

/**
 * The layer a key reaches: `modal`, unless it is a one-letter dialog not yet
 * drawn (`shown` names another) or drawn less than `arming.ms` ago.
 */
export function armedLayer(modal: ModalLayer | null, dialogKey: string | undefined, shown: ShownDialog | null, arming: DialogArming | undefined): ModalLayer | null {
  if (!arming || !modal || !LETTER_LAYERS.has(modal)) return modal;
  if (!shown || shown.key !== dialogKey) return null;
  return arming.now() - shown.at >= arming.ms ? modal : null;
}
