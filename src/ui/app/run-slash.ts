// What each slash command does.
import type {NoticeLevel, Pane} from '../../state/app-state.js';
import type {Store} from '../../state/store.js';
import type {SlashIntent} from '../keys/slash.js';
import type {UiHost} from './host.js';
import type {UiDriver} from './intents.js';
import {copyLastAnswer, exportConversation} from './keep-commands.js';
import type {ArgForms} from '../forms/arg-forms.js';
import {runInspectSlash} from './run-inspect-slash.js';

/** What a command may touch. */
export interface SlashDeps {
  store: Store;
  driver: UiDriver;
  quit(): void;
  host?: UiHost;
  notice(level: NoticeLevel, text: string): void;
  focus(pane: Pane): void;
  argForms: ArgForms;
}

/** Runs `intent`; false when the typed text should stay in the input (a command that cannot run yet). */
export function runSlash(intent: SlashIntent, d: SlashDeps): boolean {
  const {store, driver, notice, focus} = d;
  switch (intent.kind) {
    case 'help':
      store.dispatch({type: 'ui/help-toggled', open: true});
      return true;
    case 'tools':
      store.dispatch({type: 'ui/filter-set', filter: intent.filter});
      focus('catalog');
      return true;
    case 'servers': {
      focus('servers');
      const logs = logFiles(store.getState().servers);
      if (logs) notice('info', logs);
      return true;
    }
    case 'trace':
      store.dispatch({type: 'ui/trace-toggled', ...(intent.alias ? {alias: intent.alias} : {})});
      return true;
    case 'reconnect':
      void driver.reconnect(intent.alias);
      return true;
    case 'accept':
      driver.acceptInputsFrom(intent.alias);
      return true;
    case 'login':
      void driver.login(intent.alias);
      return true;
    case 'logout':
      void driver.logout(intent.alias);
      return true;
    case 'trust':
      if (!driver.trust) {
        notice('warn', 'trusting tools is not available here');
        return false;
      }
      return driver.trust(intent.tool);
    case 'clear':
      // The reducer keeps a running turn's cards: the loop may still be waiting on them.
      if (driver.busy) {
        notice('warn', 'a turn is running: press Ctrl-C to cancel it, then /clear');
        return false;
      }
      driver.clear();
      return true;
    case 'export':
      return exportConversation(d, intent.file);
    case 'copy':
      return copyLastAnswer(d);
    case 'quit':
      d.quit();
      return true;
    case 'invalid':
      // The notice names what was typed; kept in the line, the next command was appended to it.
      notice('warn', intent.message);
      return true;
    case 'tool':
    case 'call':
    case 'server':
    case 'relist':
    case 'logs':
    case 'loglevel':
    case 'resources':
    case 'prompt':
      return runInspectSlash(intent, {store, driver, argForms: d.argForms, notice});
  }
}

/** "stderr logs: <dir>/ notes.log, tickets.log": where each server's log file is. */
export function logFiles(servers: {order: readonly string[]; byAlias: Readonly<Record<string, {logFile?: string}>>}): string | undefined {
  const files = servers.order.map((a) => servers.byAlias[a]?.logFile).filter((f): f is string => !!f);
  if (files.length === 0) return undefined;
  const dir = files[0]!.slice(0, files[0]!.lastIndexOf('/') + 1);
  const same = files.every((f) => f.startsWith(dir) && !f.slice(dir.length).includes('/'));
  return same ? `stderr logs: ${dir} ${files.map((f) => f.slice(dir.length)).join(', ')}` : `stderr logs: ${files.join(', ')}`;
}
