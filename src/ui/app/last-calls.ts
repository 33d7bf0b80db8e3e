// The latency of each server's last call, read from the transcript: the hub
// records it on its own status but reports no status change after a call.
import type {ConversationItem} from '../../state/app-state.js';

/** How far back the transcript is searched. */
const SCAN = 500;
const cache = new WeakMap<readonly ConversationItem[], ReadonlyMap<string, number>>();
// The previous answer, reused when equal, so the servers pane (memoised on
// its props) does not redraw for every streamed word.
let previous: ReadonlyMap<string, number> = new Map();

/** alias → duration of the newest finished call, from the last `SCAN` items. */
export function lastCallMs(items: readonly ConversationItem[]): ReadonlyMap<string, number> {
  const hit = cache.get(items);
  if (hit) return hit;
  const out = new Map<string, number>();
  for (let i = items.length - 1; i >= Math.max(0, items.length - SCAN); i--) {
    const item = items[i];
    if (item.kind === 'tool-call' && item.alias !== undefined && item.durationMs !== undefined && item.state !== 'denied' && !out.has(item.alias)) {
      out.set(item.alias, item.durationMs);
    }
  }
  const same = out.size === previous.size && [...out].every(([k, v]) => previous.get(k) === v);
  if (!same) previous = out;
  cache.set(items, previous);
  return previous;
}
