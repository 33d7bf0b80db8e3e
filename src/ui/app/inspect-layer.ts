// Which inspector key layer answers: the approval of a call by hand, the
// arguments of a call or prompt, or a read-only view; null when none is open.
import type {AppState} from '../../state/app-state.js';
import type {ModalLayer} from '../keys/key-table.js';

/** The inspector's layer for the state, or null. */
export function inspectLayer(s: AppState): Extract<ModalLayer, 'manual' | 'argform' | 'inspect'> | null {
  const v = s.inspect.view;
  if (!v) return null;
  if (v.kind === 'call' && s.inspect.manual?.state === 'awaiting-approval' && s.inspect.manual.name === v.name) return 'manual';
  return v.kind === 'call' || v.kind === 'prompt' ? 'argform' : 'inspect';
}
