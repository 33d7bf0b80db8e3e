// Completions for the word being typed in the input line: `@alias:uri` of
// the resources servers list (attached to the question when sent), and
// slash commands, prompts included. → at the end of the line takes the first.
import type {AppState} from '../../state/app-state.js';
import {SLASH_COMMANDS} from '../keys/slash.js';

/** The word at the cursor and what it could become. */
export interface Suggestions {
  start: number;
  end: number;
  values: string[];
}

const MAX = 8;

/** Suggestions for the word ending at the cursor, or undefined when there are none. */
export function inputSuggestions(state: AppState): Suggestions | undefined {
  const {value, cursor} = state.ui.input;
  if (cursor !== value.length && !/\s/.test(value[cursor] ?? '')) return undefined;
  const start = Math.max(value.lastIndexOf(' ', cursor - 1), value.lastIndexOf('\n', cursor - 1)) + 1;
  const word = value.slice(start, cursor);
  let candidates: string[] = [];
  if (word.startsWith('@')) {
    const r = state.inspect.resources;
    candidates = state.servers.order.flatMap((a) => (Object.hasOwn(r, a) ? r[a]!.resources.map((x) => `@${a}:${x.uri}`) : []));
  } else if (word.startsWith('/') && start === 0) {
    candidates = [...SLASH_COMMANDS.map((c) => `/${c.name}`), ...state.inspect.prompts.entries.map((p) => `/${p.name}`)];
  } else {
    return undefined;
  }
  const values = candidates.filter((c) => c.startsWith(word) && c !== word).slice(0, MAX);
  return values.length ? {start, end: cursor, values} : undefined;
}

/** The line with the word replaced by `value` and a space after it. */
export function acceptSuggestion(text: string, s: Suggestions, value: string): {value: string; cursor: number} {
  const next = `${text.slice(0, s.start)}${value} ${text.slice(s.end).replace(/^ /, '')}`;
  return {value: next, cursor: s.start + value.length + 1};
}
