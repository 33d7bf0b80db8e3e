// The modes of the app (flags), each loaded only when it runs: `--version`
// and `--help` load none of them, `--list-tools` no UI and no model SDK.
// The `startup` tests check what each mode loads.
import type {CliOptions, Mode} from '../args.js';

/** One mode's module. */
export interface ModeModule {
  run(opts: CliOptions, env: NodeJS.ProcessEnv): Promise<number>;
}

/** Every mode that does more than print a constant, by name. */
export const MODES: Readonly<Partial<Record<Mode, () => Promise<ModeModule>>>> = {
  'list-tools': () => import('./list-tools.js'),
  'list-resources': () => import('./list-tools.js'),
  'list-prompts': () => import('./list-tools.js'),
  print: () => import('./print.js'),
  sessions: () => import('./sessions.js'),
  'self-check': () => import('./self-check.js'),
  tui: () => import('./tui.js'),
};
