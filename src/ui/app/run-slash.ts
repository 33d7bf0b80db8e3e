// What each slash command does.
import type {NoticeLevel, Pane} from '../../state/app-state.js';
import type {SlashIntent} from '../keys/slash.js';
import type {ActionDeps} from './actions.js';

/** What a command may touch. */
export type SlashDeps = Pick<ActionDeps, 'store' | 'controller' | 'quit' | 'setHelp'> & {
  notice(level: NoticeLevel, text: string): void;
  focus(pane: Pane): void;
};

/** Runs `intent`; false when the typed text should stay in the input (to be fixed). */
export function runSlash(intent: SlashIntent, d: SlashDeps): boolean {
  const {store, controller, notice, focus} = d;
  switch (intent.kind) {
    case 'help':
      d.setHelp(true);
      return true;
    case 'tools':
      store.dispatch({type: 'ui/filter-set', filter: intent.filter});
      focus('catalog');
      return true;
    case 'servers':
      focus('servers');
      return true;
    case 'trace':
      store.dispatch({type: 'ui/trace-toggled', ...(intent.alias ? {alias: intent.alias} : {})});
      return true;
    case 'reconnect':
      void controller.reconnect(intent.alias);
      return true;
    case 'clear':
      // The reducer keeps a running turn's cards: the loop may still be waiting on them.
      if (controller.busy) {
        notice('warn', 'a turn is running: press Ctrl-C to cancel it, then /clear');
        return false;
      }
      controller.clear();
      return true;
    case 'quit':
      d.quit();
      return true;
    case 'invalid':
      notice('warn', intent.message);
      return false;
  }
}
