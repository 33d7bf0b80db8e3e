// A dialog answered by a key a typist could be pressing anyway (an approval's
// y / a / n, a sampling request's y / n, a link's o / d, a form's Enter and
// its first field) must not take keys typed for something else. Someone typing
// their next question while a turn runs would answer a dialog that appeared
// mid-word: the `a` of "can you" always-allowed a destructive call. So the
// dialog takes keys only once it has been on screen a moment with no key
// typed: a typist who keeps typing keeps typing into the input line, however
// long the sentence ("check every" answered `y` when the wait counted from the
// drawing alone).
import type {Key} from 'ink';
import type {ModalLayer} from './key-table.js';

/** How long a dialog is on screen, with no key typed, before its keys answer it. */
export const DIALOG_ARM_MS = 600;

/** The delay and the clock (injected in tests). */
export interface DialogArming {
  ms: number;
  now(): number;
}

/** The layers whose answers are keys a typist could be pressing anyway. */
const ARMED_LAYERS: ReadonlySet<ModalLayer> = new Set(['dialog', 'sampling', 'form', 'url', 'login']);

/** The dialog now on screen (`key`: a call id, a request id) and when the wait for its keys began. */
export interface ShownDialog {
  key: string;
  at: number;
}

/**
 * The layer a key reaches: `modal`, unless it is an armed kind of dialog not
 * yet drawn (`shown` names another) or waited on for less than `arming.ms`.
 */
export function armedLayer(modal: ModalLayer | null, dialogKey: string | undefined, shown: ShownDialog | null, arming: DialogArming | undefined): ModalLayer | null {
  if (!arming || !modal || !ARMED_LAYERS.has(modal)) return modal;
  if (!shown || shown.key !== dialogKey) return null;
  return arming.now() - shown.at >= arming.ms ? modal : null;
}

/** What the gate says of one key. */
export interface GatedKey {
  layer: ModalLayer | null;
  /** The key was kept from a dialog still waiting for a pause (it went where it would without the dialog). */
  heldBack: boolean;
}

/** The arming of the dialogs one app shows: when each was drawn, and the keys typed while it waits. */
export interface ArmingGate {
  /** The frame showing `key` has been committed. */
  drawn(key: string | undefined): void;
  /** The layer a key (`input`, `key`) reaches now; a key held back restarts the wait. */
  route(modal: ModalLayer | null, dialogKey: string | undefined, input: string, key: Key): GatedKey;
}

// Esc, Ctrl-D and Ctrl-X are no typist's text, and in every such dialog they
// refuse, decline or dismiss (never accept): they need no wait, so a flood of
// requests can be declined as fast as they come.
function refuses(input: string, key: Key): boolean {
  return key.escape || (key.ctrl && (input === 'd' || input === 'x'));
}

/** A gate over `arming`; without one every key reaches its layer at once. */
export function createArmingGate(arming: DialogArming | undefined): ArmingGate {
  let shown: ShownDialog | null = null;
  return {
    drawn(key) {
      if (arming && key && shown?.key !== key) shown = {key, at: arming.now()};
    },
    route(modal, dialogKey, input, key) {
      if (refuses(input, key)) return {layer: modal, heldBack: false};
      const layer = armedLayer(modal, dialogKey, shown, arming);
      const heldBack = layer === null && modal !== null;
      if (heldBack && arming && dialogKey && shown?.key === dialogKey) shown = {key: dialogKey, at: arming.now()};
      return {layer, heldBack};
    },
  };
}
