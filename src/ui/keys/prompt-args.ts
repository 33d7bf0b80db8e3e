// Arguments of a prompt typed after its slash command:
//   /mcp__notes__summarize_note n2 style=detailed
// `name=value` sets an argument by name; a bare word fills the next argument
// not yet set, in the server's order; "double quotes" keep spaces in a value.
import type {PromptArgument} from '../../session/mcp-types.js';

/** What the words gave, and what is still missing. */
export interface PromptArgs {
  values: Record<string, string>;
  /** Required arguments with no value. */
  missing: string[];
  /** A problem to show instead of running (an unknown name, too many words). */
  error?: string;
}

/** Splits on spaces outside double quotes; `\"` inside quotes is a quote. */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  for (const m of text.matchAll(/([^\s"=]+=)?"((?:\\"|[^"])*)"|\S+/g)) {
    words.push(m[2] !== undefined ? `${m[1] ?? ''}${m[2].replace(/\\"/g, '"')}` : m[0]);
  }
  return words;
}

/** Reads `text` against the prompt's declared arguments. */
export function parsePromptArgs(text: string, declared: readonly PromptArgument[]): PromptArgs {
  const values: Record<string, string> = Object.create(null) as Record<string, string>;
  const names = declared.map((a) => a.name);
  for (const word of splitWords(text)) {
    const named = /^([A-Za-z_][\w.-]*)=/.exec(word)?.[1];
    if (named !== undefined) {
      if (!names.includes(named)) return {values: {...values}, missing: [], error: `unknown argument “${named}”; this prompt takes: ${names.join(', ') || 'none'}`};
      values[named] = word.slice(named.length + 1);
      continue;
    }
    const next = declared.find((a) => !(a.name in values));
    if (!next) return {values: {...values}, missing: [], error: names.length ? `too many values; this prompt takes: ${names.join(', ')}` : 'this prompt takes no arguments'};
    values[next.name] = word;
  }
  return {values: {...values}, missing: declared.filter((a) => a.required && !(a.name in values)).map((a) => a.name)};
}
