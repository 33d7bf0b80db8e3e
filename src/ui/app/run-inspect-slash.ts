// The inspector's slash commands: details, calls by hand, relist, logs, log
// levels, resources and prompts. Names are checked against the store; a
// mistake stays in the input with a notice that says what exists.
import type {NoticeLevel} from '../../state/app-state.js';
import type {Store} from '../../state/store.js';
import type {ArgForms} from '../forms/arg-forms.js';
import type {SlashIntent} from '../keys/slash.js';
import {parsePromptArgs} from '../keys/prompt-args.js';
import type {UiDriver} from './intents.js';

/** What these commands may touch. */
export interface InspectSlashDeps {
  store: Store;
  driver: UiDriver;
  argForms: ArgForms;
  notice(level: NoticeLevel, text: string): void;
}

type InspectIntent = Extract<SlashIntent, {kind: 'tool' | 'call' | 'server' | 'relist' | 'logs' | 'loglevel' | 'resources' | 'prompt'}>;

/** Why a withheld tool cannot be called by hand (`/call`, or `c` in its view). */
export const withheldFromCalls = (name: string): string => `${name} is withheld from the model and from calls until you trust it: /tool ${name} shows why, /trust ${name} accepts it`;

/** Runs one inspector command; false when the text should stay in the input. */
export function runInspectSlash(intent: InspectIntent, d: InspectSlashDeps): boolean {
  const {store, driver, notice} = d;
  const inspector = driver.inspector;
  if (!inspector) {
    notice('warn', 'this run has no inspector');
    return false;
  }
  const state = store.getState();
  const tool = (name: string, withheldToo = false) => {
    if (state.catalog.byName.has(name)) return true;
    if (state.catalog.withheld?.some((e) => e.name === name)) {
      if (withheldToo) return true;
      notice('warn', withheldFromCalls(name));
      return false;
    }
    const near = state.catalog.entries.filter((e) => e.name.includes(name) || e.tool === name).map((e) => e.name).slice(0, 4);
    notice('warn', `no tool called “${name}”${near.length ? `; did you mean ${near.join(', ')}?` : ' (the Tools pane lists them)'}`);
    return false;
  };
  switch (intent.kind) {
    case 'tool':
      if (!tool(intent.name, true)) return false;
      inspector.open({kind: 'tool', name: intent.name});
      return true;
    case 'call': {
      if (!tool(intent.name)) return false;
      let args: unknown;
      if (intent.json !== undefined) {
        try {
          args = JSON.parse(intent.json);
        } catch (err) {
          notice('warn', `the arguments are not JSON: ${(err as Error).message}`);
          return false;
        }
        if (typeof args !== 'object' || args === null || Array.isArray(args)) {
          notice('warn', 'the arguments must be a JSON object ({…})');
          return false;
        }
      }
      if (args !== undefined) d.argForms.prefillCall(intent.name, state, args as Record<string, unknown>);
      inspector.open({kind: 'call', name: intent.name});
      if (args !== undefined) void driver.manual?.call(intent.name, args as Record<string, unknown>);
      return true;
    }
    case 'server':
      inspector.open({kind: 'server', alias: intent.alias});
      return true;
    case 'logs':
      inspector.open({kind: 'logs', alias: intent.alias});
      return true;
    case 'relist':
      void inspector.relist(intent.alias);
      return true;
    case 'loglevel':
      void inspector.setLogLevel(intent.alias, intent.level);
      return true;
    case 'resources':
      inspector.open({kind: 'resources', alias: intent.alias ?? null});
      return true;
    case 'prompt': {
      const entry = state.inspect.prompts.byName.get(intent.name);
      if (!entry) return false;
      const parsed = parsePromptArgs(intent.args, entry.arguments);
      if (parsed.error) {
        notice('warn', `/${intent.name}: ${parsed.error}`);
        return false;
      }
      if (parsed.missing.length === 0 && intent.args !== '') {
        void inspector.runPrompt(intent.name, parsed.values);
        return true;
      }
      // Arguments still to give (or none typed): the prompt's form, with what was typed.
      d.argForms.prefill(intent.name, state, parsed.values);
      inspector.open({kind: 'prompt', name: intent.name});
      return true;
    }
  }
}
