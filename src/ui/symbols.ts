// Every state has a symbol as well as a colour, so it reads without colour.
import type {ServerState} from '../hub/types.js';
import type {NoticeLevel} from '../state/app-state.js';
import type {Tone} from './theme.js';

/** Symbol, word and tone of a server state. */
export const SERVER_STATE: Readonly<Record<ServerState, {symbol: string; tone: Tone}>> = {
  starting: {symbol: '◌', tone: 'info'},
  online: {symbol: '●', tone: 'ok'},
  restarting: {symbol: '↻', tone: 'warn'},
  offline: {symbol: '✘', tone: 'error'},
  disabled: {symbol: '○', tone: 'muted'},
  idle: {symbol: '◇', tone: 'muted'},
};

/** Symbol and tone of a notice level. */
export const NOTICE: Readonly<Record<NoticeLevel, {symbol: string; tone: Tone}>> = {
  info: {symbol: 'ℹ', tone: 'info'},
  warn: {symbol: '⚠', tone: 'warn'},
  error: {symbol: '✘', tone: 'error'},
};

/** Marks shown in the catalog. */
export const MARK = {
  trusted: '✓',
  untrusted: '·',
  shared: '⇄',
  hashed: '#',
  sanitised: '~',
} as const;
