// The arguments typed for each tool and prompt, kept while the app runs: a
// view closed and opened again shows what was typed, as a form dialog does
// while an approval covers it. One holder per call or prompt view.
import type {AppState} from '../../state/app-state.js';
import {createFormHolder, type FormHolder} from './form-holder.js';
import {filledArgs, initialArgs, promptArgs, type ArgFormState} from './arg-form.js';

/** Tools and prompts whose arguments are remembered. */
const KEPT = 32;

/** The holders of one app. */
export interface ArgForms {
  /** The holder of the open call or prompt view, made on first use. */
  of(state: AppState): FormHolder<ArgFormState> | undefined;
  /** Starts a prompt's form with values typed after its slash command. */
  prefill(prompt: string, state: AppState, values: Record<string, string>): void;
  /** Puts the arguments given with `/call <name> {json}` into the call's form. */
  prefillCall(name: string, state: AppState, args: Record<string, unknown>): void;
}

/** A fresh set of holders. */
export function createArgForms(): ArgForms {
  const held = new Map<string, FormHolder<ArgFormState>>();
  const keep = (key: string, make: () => ArgFormState): FormHolder<ArgFormState> => {
    let h = held.get(key);
    if (h) held.delete(key);
    else h = createFormHolder(key, make());
    held.set(key, h); // most recent last
    if (held.size > KEPT) held.delete(held.keys().next().value as string);
    return h;
  };
  return {
    of(state) {
      const v = state.inspect.view;
      if (v?.kind === 'call') {
        const entry = state.catalog.byName.get(v.name);
        return entry ? keep(`call:${v.name}`, () => initialArgs(entry.inputSchema)) : undefined;
      }
      if (v?.kind === 'prompt') {
        const entry = state.inspect.prompts.byName.get(v.name);
        return entry ? keep(`prompt:${v.name}`, () => promptArgs(entry.arguments)) : undefined;
      }
      return undefined;
    },
    prefillCall(name, state, args) {
      const entry = state.catalog.byName.get(name);
      if (entry) keep(`call:${name}`, () => initialArgs(entry.inputSchema)).set(filledArgs(entry.inputSchema, args));
    },
    prefill(prompt, state, values) {
      const entry = state.inspect.prompts.byName.get(prompt);
      if (entry) keep(`prompt:${prompt}`, () => promptArgs(entry.arguments)).set(promptArgs(entry.arguments, values));
    },
  };
}
