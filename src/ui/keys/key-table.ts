// Every key the app reacts to, in one named table with priorities:
// a modal layer (approval dialog, then a server's request, then help) first,
// then global keys, then the focused pane. The help screen, the status line
// and the dialogs' key hints read this table.
import type {Key} from 'ink';
import type {Pane} from '../../state/app-state.js';

/** Priority layers, highest first: the approval dialog, a server's form, link or sampling request, help, then the rest. */
export type KeyLayer = 'dialog' | 'form' | 'url' | 'sampling' | 'login' | 'help' | 'global' | 'pane';

/** Layers that take every key while open (Ctrl-C still gets through). */
export type ModalLayer = Exclude<KeyLayer, 'global' | 'pane'>;

/** Names of the things a key can do. */
export type KeyCommandId =
  | 'approve-once'
  | 'approve-always'
  | 'deny'
  | 'form-accept'
  | 'form-decline'
  | 'form-cancel'
  | 'form-enter'
  | 'form-next'
  | 'form-prev'
  | 'form-edit'
  | 'url-open'
  | 'url-decline'
  | 'url-cancel'
  | 'sampling-allow'
  | 'sampling-deny'
  | 'sampling-cancel'
  | 'login-open'
  | 'login-paste'
  | 'login-cancel'
  | 'close-help'
  | 'interrupt'
  | 'focus-next'
  | 'focus-prev'
  | 'scroll-up'
  | 'scroll-down'
  | 'page-up'
  | 'page-down'
  | 'scroll-top'
  | 'scroll-bottom'
  | 'focus-input'
  | 'type-into-input'
  | 'cancel-turn'
  | 'edit';

/** One row of the table. */
export interface KeyCommand {
  id: KeyCommandId;
  layer: KeyLayer;
  /** How the help screen names the key. */
  keys: string;
  help: string;
  /** The few words a dialog shows after `[keys]`; rows without one are not hinted. */
  hint?: string;
  /** Also works while a modal layer is open. */
  always?: boolean;
  /** Pane layer: only when one of these has focus. */
  panes?: readonly Pane[];
  match(input: string, key: Key): boolean;
}

const LISTS: readonly Pane[] = ['conversation', 'catalog', 'servers', 'trace'];
const ALL: readonly Pane[] = ['input', ...LISTS];
const letter = (c: string) => (i: string, k: Key) => i.toLowerCase() === c && !k.ctrl && !k.meta;
const ctrlC = (i: string, k: Key) => k.ctrl && i === 'c';
const printable = (input: string, key: Key) => input.length > 0 && !key.ctrl && !key.meta && !key.tab && !key.return && !/[\u0000-\u001f\u007f]/.test(input);

/** The command table, highest priority first. */
export const KEY_COMMANDS: readonly KeyCommand[] = [
  {id: 'approve-once', layer: 'dialog', keys: 'y', help: 'allow this call once', match: (i, k) => i.toLowerCase() === 'y' && !k.ctrl},
  {id: 'approve-always', layer: 'dialog', keys: 'a', help: 'always allow this tool (this session)', match: (i, k) => i.toLowerCase() === 'a' && !k.ctrl},
  {id: 'deny', layer: 'dialog', keys: 'n / Esc', help: 'deny the call', match: (i, k) => (i.toLowerCase() === 'n' && !k.ctrl) || k.escape},
  {id: 'form-accept', layer: 'form', keys: 'Ctrl-S', hint: 'accept', help: 'send the form to the server', match: (i, k) => k.ctrl && i === 's'},
  {id: 'form-decline', layer: 'form', keys: 'Ctrl-D', hint: 'decline', help: 'decline to answer the server', match: (i, k) => k.ctrl && i === 'd'},
  {id: 'form-cancel', layer: 'form', keys: 'Esc', hint: 'cancel', help: 'dismiss the form without answering', match: (_i, k) => k.escape},
  {id: 'form-enter', layer: 'form', keys: 'Enter', hint: 'next, last: accept', help: 'next field; on the last field, send the form', match: (_i, k) => k.return},
  {id: 'form-next', layer: 'form', keys: 'Tab/↓', hint: 'next', help: 'next field', match: (_i, k) => k.downArrow || (k.tab && !k.shift)},
  {id: 'form-prev', layer: 'form', keys: 'Shift-Tab/↑', hint: 'back', help: 'previous field', match: (_i, k) => k.upArrow || (k.tab && k.shift)},
  // Everything else but Ctrl-C edits the focused field.
  {id: 'form-edit', layer: 'form', keys: '←→/Space', hint: 'choose, toggle', help: 'type into a text field; choose an option or toggle a switch', match: (i, k) => !ctrlC(i, k)},
  {id: 'url-open', layer: 'url', keys: 'o / Enter', hint: 'I’ll open it myself', help: 'accept: you open the link yourself (breakerbox never does)', match: (i, k) => letter('o')(i, k) || k.return},
  {id: 'url-decline', layer: 'url', keys: 'd', hint: 'decline', help: 'decline to open the link', match: letter('d')},
  {id: 'url-cancel', layer: 'url', keys: 'Esc', hint: 'cancel', help: 'dismiss the link request without answering', match: (_i, k) => k.escape},
  {id: 'sampling-allow', layer: 'sampling', keys: 'y', hint: 'let the model answer', help: 'let the model answer the server’s prompt', match: letter('y')},
  {id: 'sampling-deny', layer: 'sampling', keys: 'n', hint: 'decline', help: 'refuse the server’s sampling request', match: letter('n')},
  {id: 'sampling-cancel', layer: 'sampling', keys: 'Esc', hint: 'cancel', help: 'dismiss the sampling request', match: (_i, k) => k.escape},
  {id: 'login-open', layer: 'login', keys: 'o / Enter', hint: 'open in my browser', help: 'open the login page with BROWSER or the system opener', match: (i, k) => letter('o')(i, k) || k.return},
  // A paste arrives as one chunk: the address the browser ended on, when it cannot reach this machine.
  {id: 'login-paste', layer: 'login', keys: 'paste', hint: 'the address the browser ended on', help: 'hand in the redirect address by hand (browser on another machine)', match: (i) => /^\s*https?:\/\/\S{8,}/.test(i)},
  {id: 'login-cancel', layer: 'login', keys: 'Esc', hint: 'cancel the login', help: 'give up the login', match: (_i, k) => k.escape},
  {id: 'close-help', layer: 'help', keys: 'Esc / q / Enter', help: 'close this help', match: (i, k) => k.escape || k.return || i === 'q'},
  {id: 'interrupt', layer: 'global', always: true, keys: 'Ctrl-C', help: 'cancel the running turn; again (or when idle) quits', match: ctrlC},
  {id: 'focus-prev', layer: 'global', keys: 'Shift-Tab', help: 'focus the previous pane', match: (_i, k) => k.tab && k.shift},
  {id: 'focus-next', layer: 'global', keys: 'Tab', help: 'focus the next pane', match: (_i, k) => k.tab && !k.shift},
  {id: 'scroll-up', layer: 'pane', panes: ALL, keys: '↑', help: 'scroll up (in the input: the conversation)', match: (_i, k) => k.upArrow},
  {id: 'scroll-down', layer: 'pane', panes: ALL, keys: '↓', help: 'scroll down', match: (_i, k) => k.downArrow},
  {id: 'page-up', layer: 'pane', panes: ALL, keys: 'PgUp', help: 'scroll a page up', match: (_i, k) => k.pageUp},
  {id: 'page-down', layer: 'pane', panes: ALL, keys: 'PgDn', help: 'scroll a page down', match: (_i, k) => k.pageDown},
  {id: 'scroll-top', layer: 'pane', panes: ALL, keys: 'Home', help: 'go to the top', match: (_i, k) => k.home},
  {id: 'scroll-bottom', layer: 'pane', panes: ALL, keys: 'End', help: 'go to the end and follow new rows', match: (_i, k) => k.end},
  {id: 'focus-input', layer: 'pane', panes: LISTS, keys: 'Esc', help: 'back to the input line', match: (_i, k) => k.escape},
  {id: 'type-into-input', layer: 'pane', panes: LISTS, keys: 'any text', help: 'typing in a pane goes to the input line', match: printable},
  {id: 'cancel-turn', layer: 'pane', panes: ['input'], keys: 'Esc', help: 'cancel the running turn (never quits)', match: (_i, k) => k.escape},
  {id: 'edit', layer: 'pane', panes: ['input'], keys: '←→ Ctrl-A/E/U/W', help: 'edit the line; Enter sends it', match: () => true},
];

/** What decides which layer a key reaches. */
export interface KeyContext {
  focus: Pane;
  /** The open modal layer, if any. */
  modal: ModalLayer | null;
}

/** The command `input`/`key` triggers in `ctx`, or undefined (then the key belongs to the text input). */
export function routeKey(ctx: KeyContext, input: string, key: Key): KeyCommand | undefined {
  for (const cmd of KEY_COMMANDS) {
    if (cmd.layer !== 'global' && cmd.layer !== 'pane') {
      if (ctx.modal !== cmd.layer) continue;
    } else if (ctx.modal && !cmd.always) continue;
    if (cmd.panes && !cmd.panes.includes(ctx.focus)) continue;
    if (cmd.match(input, key)) return cmd;
  }
  return undefined;
}

/** The commands of a modal layer that a dialog hints at, in table order. */
export function layerHints(layer: ModalLayer): ReadonlyArray<{keys: string; hint: string}> {
  return KEY_COMMANDS.flatMap((c) => (c.layer === layer && c.hint ? [{keys: c.keys, hint: c.hint}] : []));
}
