// Every key the app reacts to, in one named table with priorities:
// a modal layer (approval dialog, then a server's request, then help) first,
// then global keys, then the focused pane. The help screen, the status line
// and the dialogs' key hints read this table.
import type {Key} from 'ink';
import type {Pane} from '../../state/app-state.js';
import type {InspectView} from '../../state/inspect-state.js';

/**
 * Priority layers, highest first: the approval dialog, a server's form, link,
 * sampling or login request, the approval of a call by hand, the arguments of a
 * call or prompt, an inspector view, help, a tool call's whole result, then the rest.
 */
export type KeyLayer = 'dialog' | 'form' | 'url' | 'sampling' | 'login' | 'manual' | 'argform' | 'inspect' | 'help' | 'result' | 'global' | 'pane';

/** Layers that take every key while open (Ctrl-C still gets through). */
export type ModalLayer = Exclude<KeyLayer, 'global' | 'pane'>;

/** Names of the things a key can do. */
export type KeyCommandId =
  | 'approve-once'
  | 'approve-always'
  | 'deny'
  | 'form-accept'
  | 'form-decline'
  | 'form-decline-all'
  | 'form-cancel'
  | 'form-enter'
  | 'form-next'
  | 'form-prev'
  | 'form-edit'
  | 'url-open'
  | 'url-decline'
  | 'url-decline-all'
  | 'url-cancel'
  | 'sampling-allow'
  | 'sampling-deny'
  | 'sampling-decline-all'
  | 'sampling-cancel'
  | 'login-open'
  | 'login-paste'
  | 'login-cancel'
  | 'manual-once'
  | 'manual-always'
  | 'manual-deny'
  | 'arg-send'
  | 'arg-toggle'
  | 'arg-back'
  | 'arg-enter'
  | 'arg-next'
  | 'arg-prev'
  | 'arg-page-up'
  | 'arg-page-down'
  | 'arg-edit'
  | 'inspect-call'
  | 'inspect-trust'
  | 'inspect-open'
  | 'inspect-watch'
  | 'inspect-relist'
  | 'inspect-reread'
  | 'inspect-logs'
  | 'inspect-up'
  | 'inspect-down'
  | 'inspect-page-up'
  | 'inspect-page-down'
  | 'inspect-top'
  | 'inspect-bottom'
  | 'inspect-back'
  | 'open-row'
  | 'close-help'
  | RowScrollId<'help' | 'result'>
  | 'result-close'
  | 'card-prev'
  | 'card-next'
  | 'card-open'
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
  /** Inspector layers: only in these views. */
  views?: ReadonlyArray<InspectView['kind']>;
  match(input: string, key: Key): boolean;
}

const LISTS: readonly Pane[] = ['conversation', 'catalog', 'servers', 'trace'];
const ALL: readonly Pane[] = ['input', ...LISTS];
const letter = (c: string) => (i: string, k: Key) => i.toLowerCase() === c && !k.ctrl && !k.meta;
const ctrlC = (i: string, k: Key) => k.ctrl && i === 'c';
const ctrlX = (i: string, k: Key) => k.ctrl && i === 'x';
// One key in every request layer: a server flooding the user is stopped the same way whatever it asks.
const DECLINE_ALL = {keys: 'Ctrl-X', hint: 'decline all from this server', help: 'decline it and every later request from that server (/accept undoes it)', match: ctrlX} as const;
const printable = (input: string, key: Key) => input.length > 0 && !key.ctrl && !key.meta && !key.tab && !key.return && !/[\u0000-\u001f\u007f]/.test(input);
// A paste, or keys typed faster than the app reads, arrive as one chunk: text
// with a line break in it is still typing (the input line sends on its Enter).
/** The key is text being typed or pasted. */
export const typed = (input: string, key: Key): boolean => printable(input, key) || (input.length > 1 && !key.ctrl && !key.meta && /[^\u0000-\u001f\u007f]/.test(input) && !/\u001b/.test(input));

/** The moves of a view scrolled by rows, each a key of its own. */
const ROW_MOVES = ['up', 'down', 'page-up', 'page-down', 'top', 'bottom'] as const;

/** The commands that scroll the rows of a view drawn in the conversation's place. */
export type RowScrollId<L extends string> = `${L}-${(typeof ROW_MOVES)[number]}`;

/** ↑ ↓ PgUp PgDn Home End for a view scrolled by rows (the help, a card's whole result): one set, the same in each. */
function rowScrollKeys(layer: 'help' | 'result', what: string): KeyCommand[] {
  return [
    {id: `${layer}-up`, layer, keys: '↑', help: `scroll ${what} up`, match: (_i, k) => k.upArrow},
    {id: `${layer}-down`, layer, keys: '↓', help: `scroll ${what} down`, match: (_i, k) => k.downArrow},
    {id: `${layer}-page-up`, layer, keys: 'PgUp', help: 'a page up', match: (_i, k) => k.pageUp},
    {id: `${layer}-page-down`, layer, keys: 'PgDn', help: 'a page down', match: (_i, k) => k.pageDown},
    {id: `${layer}-top`, layer, keys: 'Home', help: `the top of ${what}`, match: (_i, k) => k.home},
    {id: `${layer}-bottom`, layer, keys: 'End', help: `the end of ${what}`, match: (_i, k) => k.end},
  ];
}

/** The command table, highest priority first. */
export const KEY_COMMANDS: readonly KeyCommand[] = [
  {id: 'approve-once', layer: 'dialog', keys: 'y', help: 'allow this call once', match: (i, k) => i.toLowerCase() === 'y' && !k.ctrl},
  {id: 'approve-always', layer: 'dialog', keys: 'a', help: 'always allow this tool (this session)', match: (i, k) => i.toLowerCase() === 'a' && !k.ctrl},
  {id: 'deny', layer: 'dialog', keys: 'n / Esc', help: 'deny the call', match: (i, k) => (i.toLowerCase() === 'n' && !k.ctrl) || k.escape},
  {id: 'form-accept', layer: 'form', keys: 'Ctrl-S', hint: 'accept', help: 'send the form to the server', match: (i, k) => k.ctrl && i === 's'},
  {id: 'form-decline', layer: 'form', keys: 'Ctrl-D', hint: 'decline', help: 'decline to answer the server', match: (i, k) => k.ctrl && i === 'd'},
  {id: 'form-decline-all', layer: 'form', ...DECLINE_ALL},
  {id: 'form-cancel', layer: 'form', keys: 'Esc', hint: 'cancel', help: 'dismiss the form without answering', match: (_i, k) => k.escape},
  {id: 'form-enter', layer: 'form', keys: 'Enter', hint: 'next, last: accept', help: 'next field; on the last field, send the form', match: (_i, k) => k.return},
  {id: 'form-next', layer: 'form', keys: 'Tab/↓', hint: 'next', help: 'next field', match: (_i, k) => k.downArrow || (k.tab && !k.shift)},
  {id: 'form-prev', layer: 'form', keys: 'Shift-Tab/↑', hint: 'back', help: 'previous field', match: (_i, k) => k.upArrow || (k.tab && k.shift)},
  // Everything else but Ctrl-C edits the focused field.
  {id: 'form-edit', layer: 'form', keys: '←→/Space', hint: 'choose, toggle', help: 'type into a text field; choose an option or toggle a switch', match: (i, k) => !ctrlC(i, k)},
  {id: 'url-open', layer: 'url', keys: 'o / Enter', hint: 'I’ll open it myself', help: 'accept: you open the link yourself (breakerbox never does)', match: (i, k) => letter('o')(i, k) || k.return},
  {id: 'url-decline', layer: 'url', keys: 'd', hint: 'decline', help: 'decline to open the link', match: letter('d')},
  {id: 'url-decline-all', layer: 'url', ...DECLINE_ALL},
  {id: 'url-cancel', layer: 'url', keys: 'Esc', hint: 'cancel', help: 'dismiss the link request without answering', match: (_i, k) => k.escape},
  {id: 'sampling-allow', layer: 'sampling', keys: 'y', hint: 'let the model answer', help: 'let the model answer the server’s prompt', match: letter('y')},
  {id: 'sampling-deny', layer: 'sampling', keys: 'n', hint: 'decline', help: 'refuse the server’s sampling request', match: letter('n')},
  {id: 'sampling-decline-all', layer: 'sampling', ...DECLINE_ALL},
  {id: 'sampling-cancel', layer: 'sampling', keys: 'Esc', hint: 'cancel', help: 'dismiss the sampling request', match: (_i, k) => k.escape},
  {id: 'login-open', layer: 'login', keys: 'o / Enter', hint: 'open in my browser', help: 'open the login page with BROWSER or the system opener', match: (i, k) => letter('o')(i, k) || k.return},
  // A paste arrives as one chunk: the address the browser ended on, when it cannot reach this machine.
  {id: 'login-paste', layer: 'login', keys: 'paste', hint: 'the address the browser ended on', help: 'hand in the redirect address by hand (browser on another machine)', match: (i) => /^\s*https?:\/\/\S{8,}/.test(i)},
  {id: 'login-cancel', layer: 'login', keys: 'Esc', hint: 'cancel the login', help: 'give up the login', match: (_i, k) => k.escape},
  {id: 'manual-once', layer: 'manual', keys: 'y', hint: 'allow once', help: 'run the call by hand this once', match: letter('y')},
  {id: 'manual-always', layer: 'manual', keys: 'a', hint: 'always', help: 'always allow this tool (this session, for you and the model)', match: letter('a')},
  {id: 'manual-deny', layer: 'manual', keys: 'n / Esc', hint: 'deny', help: 'do not run the call', match: (i, k) => letter('n')(i, k) || k.escape},
  {id: 'arg-send', layer: 'argform', keys: 'Ctrl-S', hint: 'send', help: 'make the call (a prompt: run it)', match: (i, k) => k.ctrl && i === 's'},
  {id: 'arg-toggle', layer: 'argform', views: ['call'], keys: 'Ctrl-T', hint: 'fields ⇄ JSON', help: 'type the arguments as JSON, or back as fields', match: (i, k) => k.ctrl && i === 't'},
  {id: 'arg-back', layer: 'argform', keys: 'Esc', hint: 'back (cancels a running call)', help: 'cancel the running call, else close the view', match: (_i, k) => k.escape},
  {id: 'arg-enter', layer: 'argform', keys: 'Enter', hint: 'next, last: send', help: 'next field; on the last one, send', match: (_i, k) => k.return},
  {id: 'arg-next', layer: 'argform', keys: 'Tab/↓', hint: 'next', help: 'next field', match: (_i, k) => k.downArrow || (k.tab && !k.shift)},
  {id: 'arg-prev', layer: 'argform', keys: 'Shift-Tab/↑', help: 'previous field', match: (_i, k) => k.upArrow || (k.tab && k.shift)},
  {id: 'arg-page-up', layer: 'argform', keys: 'PgUp', help: 'scroll the view up', match: (_i, k) => k.pageUp},
  {id: 'arg-page-down', layer: 'argform', keys: 'PgUp/PgDn', hint: 'scroll', help: 'scroll the view down', match: (_i, k) => k.pageDown},
  {id: 'arg-edit', layer: 'argform', keys: '→ at the end', help: 'type into the field; → at its end takes the first suggestion', match: (i, k) => !ctrlC(i, k)},
  {id: 'inspect-call', layer: 'inspect', views: ['tool'], keys: 'c', hint: 'call it by hand', help: 'call the tool by hand', match: letter('c')},
  {id: 'inspect-trust', layer: 'inspect', views: ['tool'], keys: 't', hint: 'trust (re-pin)', help: 'trust the tool as listed now: re-pinned, back in the model’s table (as /trust)', match: letter('t')},
  {id: 'inspect-open', layer: 'inspect', views: ['resources'], keys: 'Enter', hint: 'read', help: 'read the highlighted resource', match: (_i, k) => k.return},
  {id: 'inspect-watch', layer: 'inspect', views: ['resources', 'resource'], keys: 's', hint: 'watch / unwatch', help: 'subscribe to updates of the resource (again: stop)', match: letter('s')},
  {id: 'inspect-relist', layer: 'inspect', views: ['server'], keys: 'r', hint: 'relist its tools', help: 'list the server’s tools again (page by page in the trace)', match: letter('r')},
  {id: 'inspect-reread', layer: 'inspect', views: ['resource'], keys: 'r', hint: 'read again', help: 'read the resource again', match: letter('r')},
  {id: 'inspect-logs', layer: 'inspect', views: ['server'], keys: 'l', hint: 'its log', help: 'the server’s log entries', match: letter('l')},
  {id: 'inspect-up', layer: 'inspect', keys: '↑', help: 'scroll up (resources: the row above)', match: (_i, k) => k.upArrow},
  {id: 'inspect-down', layer: 'inspect', keys: '↑↓', hint: 'move', help: 'scroll down (resources: the row below)', match: (_i, k) => k.downArrow},
  {id: 'inspect-page-up', layer: 'inspect', keys: 'PgUp', help: 'a page up', match: (_i, k) => k.pageUp},
  {id: 'inspect-page-down', layer: 'inspect', keys: 'PgUp/PgDn', hint: 'page', help: 'a page down', match: (_i, k) => k.pageDown},
  {id: 'inspect-top', layer: 'inspect', keys: 'Home', help: 'to the top', match: (_i, k) => k.home},
  {id: 'inspect-bottom', layer: 'inspect', keys: 'End', help: 'to the end', match: (_i, k) => k.end},
  {id: 'inspect-back', layer: 'inspect', keys: 'Esc / q', hint: 'back', help: 'back to the view before, or the conversation', match: (i, k) => k.escape || i === 'q'},
  {id: 'close-help', layer: 'help', keys: 'Esc / q / Enter', help: 'close this help', match: (i, k) => k.escape || k.return || i === 'q'},
  ...rowScrollKeys('help', 'the help'),
  {id: 'result-close', layer: 'result', keys: 'Esc / Enter / q', help: 'close the whole result', match: (i, k) => k.escape || k.return || i === 'q'},
  ...rowScrollKeys('result', 'the result'),
  {id: 'interrupt', layer: 'global', always: true, keys: 'Ctrl-C', help: 'cancel the running turn; again quits (when idle: press it twice)', match: ctrlC},
  {id: 'focus-prev', layer: 'global', keys: 'Shift-Tab', help: 'focus the previous pane', match: (_i, k) => k.tab && k.shift},
  {id: 'focus-next', layer: 'global', keys: 'Tab', help: 'focus the next pane', match: (_i, k) => k.tab && !k.shift},
  {id: 'scroll-up', layer: 'pane', panes: ALL, keys: '↑', help: 'scroll up (in the input: the conversation)', match: (_i, k) => k.upArrow},
  {id: 'scroll-down', layer: 'pane', panes: ALL, keys: '↓', help: 'scroll down', match: (_i, k) => k.downArrow},
  {id: 'page-up', layer: 'pane', panes: ALL, keys: 'PgUp', help: 'scroll a page up', match: (_i, k) => k.pageUp},
  {id: 'page-down', layer: 'pane', panes: ALL, keys: 'PgDn', help: 'scroll a page down', match: (_i, k) => k.pageDown},
  {id: 'scroll-top', layer: 'pane', panes: ALL, keys: 'Home', help: 'go to the top', match: (_i, k) => k.home},
  {id: 'scroll-bottom', layer: 'pane', panes: ALL, keys: 'End', help: 'go to the end and follow new rows', match: (_i, k) => k.end},
  {id: 'card-prev', layer: 'pane', panes: ['conversation'], keys: '← / →', help: 'conversation: choose the previous / next tool-call card', match: (_i, k) => k.leftArrow},
  {id: 'card-next', layer: 'pane', panes: ['conversation'], keys: '→', help: 'conversation: choose the next tool-call card', match: (_i, k) => k.rightArrow},
  {id: 'card-open', layer: 'pane', panes: ['conversation'], keys: 'Enter', help: 'conversation: show the chosen card’s whole result (scrollable)', match: (_i, k) => k.return},
  {id: 'open-row', layer: 'pane', panes: ['catalog', 'servers'], keys: 'Enter', help: 'open the highlighted tool or server (its details)', match: (_i, k) => k.return},
  {id: 'focus-input', layer: 'pane', panes: LISTS, keys: 'Esc', help: 'back to the input line', match: (_i, k) => k.escape},
  {id: 'type-into-input', layer: 'pane', panes: LISTS, keys: 'any text', help: 'typing (or pasting) in a pane goes to the input line', match: typed},
  {id: 'cancel-turn', layer: 'pane', panes: ['input'], keys: 'Esc', help: 'cancel the running turn (never quits)', match: (_i, k) => k.escape},
  {id: 'edit', layer: 'pane', panes: ['input'], keys: '←→ Ctrl-A/E/U/W', help: 'edit the line; Enter sends it', match: () => true},
];

/** What decides which layer a key reaches. */
export interface KeyContext {
  focus: Pane;
  /** The open modal layer, if any. */
  modal: ModalLayer | null;
  /** The inspector view on screen, for commands of some views only. */
  view?: InspectView['kind'];
}

/** The command `input`/`key` triggers in `ctx`, or undefined (then the key belongs to the text input). */
export function routeKey(ctx: KeyContext, input: string, key: Key): KeyCommand | undefined {
  for (const cmd of KEY_COMMANDS) {
    if (cmd.layer !== 'global' && cmd.layer !== 'pane') {
      if (ctx.modal !== cmd.layer) continue;
    } else if (ctx.modal && !cmd.always) continue;
    if (cmd.panes && !cmd.panes.includes(ctx.focus)) continue;
    if (cmd.views && (ctx.view === undefined || !cmd.views.includes(ctx.view))) continue;
    if (cmd.match(input, key)) return cmd;
  }
  return undefined;
}

/** The commands of a modal layer that a dialog hints at, in table order (`view`: only those that work there). */
export function layerHints(layer: ModalLayer, view?: InspectView['kind']): ReadonlyArray<{id: KeyCommandId; keys: string; hint: string}> {
  return KEY_COMMANDS.flatMap((c) => (c.layer === layer && c.hint && (!c.views || (view !== undefined && c.views.includes(view))) ? [{id: c.id, keys: c.keys, hint: c.hint}] : []));
}
