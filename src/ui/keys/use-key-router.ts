// The one keyboard listener: routes each key through the command table.
import {useInput, type Key} from 'ink';
import {useCallback} from 'react';
import type {Actions, ScrollMove} from '../app/actions.js';
import {inputHandlers, type InputTarget} from '../app/input-commands.js';
import {inspectHandlers, type InspectTarget} from '../app/inspect-commands.js';
import {routeKey, type KeyCommandId, type KeyContext} from './key-table.js';

/** Runs a command given the key. */
type Handler = (input: string, key: Key) => void;

/** The handler of each command; `input` is the server request on screen (form, link or sampling), `inspect` the inspector view. */
export function keyHandlers(actions: Actions, input: InputTarget, inspect: InspectTarget): Readonly<Record<KeyCommandId, Handler>> {
  const scroll = (move: ScrollMove) => () => actions.scroll(move);
  return {
    'approve-once': () => actions.answer('once'),
    'approve-always': () => actions.answer('always'),
    deny: () => actions.answer('deny'),
    ...inputHandlers(input),
    ...inspectHandlers(inspect),
    'close-help': () => actions.closeHelp(),
    'help-up': () => actions.scrollHelp('up'),
    'help-down': () => actions.scrollHelp('down'),
    'help-page-up': () => actions.scrollHelp('page-up'),
    'help-page-down': () => actions.scrollHelp('page-down'),
    'help-top': () => actions.scrollHelp('top'),
    'help-bottom': () => actions.scrollHelp('bottom'),
    'result-close': () => actions.closeResult(),
    'result-up': () => actions.scrollResult('up'),
    'result-down': () => actions.scrollResult('down'),
    'result-page-up': () => actions.scrollResult('page-up'),
    'result-page-down': () => actions.scrollResult('page-down'),
    'result-top': () => actions.scrollResult('top'),
    'result-bottom': () => actions.scrollResult('bottom'),
    'card-prev': () => actions.selectCard(-1),
    'card-next': () => actions.selectCard(1),
    'card-open': () => actions.openResult(),
    interrupt: () => actions.interrupt(),
    'focus-next': () => actions.focusStep(1),
    'focus-prev': () => actions.focusStep(-1),
    'scroll-up': scroll('up'),
    'scroll-down': scroll('down'),
    'page-up': scroll('page-up'),
    'page-down': scroll('page-down'),
    'scroll-top': scroll('top'),
    'scroll-bottom': scroll('bottom'),
    'focus-input': () => actions.focus('input'),
    'type-into-input': (input) => actions.typeIntoInput(input),
    'cancel-turn': () => actions.cancelTurn(),
    edit: (input, key) => actions.edit(input, key),
  };
}

/**
 * Listens to keys while `active`. The context (focus, open dialog) is
 * computed at key time from the store, not captured at render: two keys in
 * one chunk see each other's effects. `unrouted` hears the keys no command takes.
 */
export function useKeyRouter(
  context: (input: string, key: Key) => KeyContext,
  handlers: Readonly<Record<KeyCommandId, Handler>>,
  unrouted?: (ctx: KeyContext, input: string, key: Key) => void,
  active = true,
): void {
  const onKey = useCallback(
    (input: string, key: Key) => {
      for (const [one, oneKey] of splitControlLetters(input, key)) {
        const ctx = context(one, oneKey);
        const cmd = routeKey(ctx, one, oneKey);
        if (cmd) handlers[cmd.id](one, oneKey);
        else unrouted?.(ctx, one, oneKey);
      }
    },
    [context, handlers, unrouted],
  );
  useInput(onKey, {isActive: active});
}

/**
 * Ctrl-letter bytes, but Backspace (Ctrl-H), Tab, newline and Enter, which
 * the input line takes inside a chunk of text.
 */
const CONTROL_LETTER = /[\u0001-\u0007\u000b\u000c\u000e-\u001a]/;

/**
 * Ink splits escape sequences out of a chunk of stdin but hands the rest to
 * its listeners as one input: two Ctrl-C pressed within one read (fast, or on
 * a busy machine) arrived as "\x03\x03" and matched no key, so the app never
 * quit. Each control letter here becomes a key of its own (Ctrl and the
 * letter, as Ink reports a lone one), and the text around it stays whole.
 */
export function splitControlLetters(input: string, key: Key): Array<[string, Key]> {
  if (input.length < 2 || !CONTROL_LETTER.test(input)) return [[input, key]];
  const plain = Object.fromEntries(Object.entries(key).map(([name, value]) => [name, typeof value === 'boolean' ? false : value])) as Key;
  const keys: Array<[string, Key]> = [];
  let text = '';
  for (const ch of input) {
    if (!CONTROL_LETTER.test(ch)) {
      text += ch;
      continue;
    }
    if (text) keys.push([text, plain]);
    text = '';
    keys.push([String.fromCharCode(ch.charCodeAt(0) + 96), {...plain, ctrl: true}]);
  }
  if (text) keys.push([text, plain]);
  return keys;
}
