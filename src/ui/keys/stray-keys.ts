// Text typed into a dialog that takes only a few keys used to vanish without
// a word: the user saw nothing happen and could not tell where it went. Now
// the status row says it was ignored and what the answers are.
import type {Key} from 'ink';
import {safeLine} from '../text/safe.js';
import {KEY_COMMANDS, typed, type ModalLayer} from './key-table.js';

/** Said once a dialog when keys typed as it came up went to the input line instead (./dialog-arming.ts). */
export const HELD_BACK_NOTICE = 'typing goes to the input line; the dialog takes keys once you pause';

/** The dialogs answered by a few keys, as the notice names them. */
const ANSWERED: Partial<Record<ModalLayer, string>> = {
  dialog: 'the approval',
  manual: 'the approval',
  sampling: 'the sampling request',
  url: 'the link request',
  login: 'the login',
};

/**
 * The notice for text that `layer` has no key for (`before`: the stray text
 * typed into the same dialog just before it), or undefined when the key is
 * not text or the layer takes text.
 */
export function strayKeyNotice(layer: ModalLayer | null, input: string, key: Key, before = ''): string | undefined {
  const what = layer ? ANSWERED[layer] : undefined;
  if (!what || !typed(input, key)) return undefined;
  const keys = KEY_COMMANDS.filter((c) => c.layer === layer && c.keys !== 'paste').map((c) => c.keys);
  const text = safeLine((before + input).trim() || input);
  // The end of what was typed: the keys of one word arrive one by one, and the notice shows them together.
  const shown = text.length > 24 ? `…${text.slice(-23)}` : text;
  // Short enough for one row at 80 columns: "ignored" says it went nowhere.
  return `“${shown}” ignored: ${what} takes ${keys.join(', ')}`;
}
